/**
 * What the labels content script draws on a page (decision 159): the label beside a link and the one-line note
 * that stands in for a result folded away by "Hide draining results".
 *
 * DOM contract (tests and people who style labels rely on it):
 *  - a label is a `<mediadiet-label>` element placed right after the link it labels, with
 *    `data-mediadiet-label="uplifting|neutral|mixed|draining"`, `data-mediadiet-source="headline|visited|site"`,
 *    `data-mediadiet-theme="light|dark"`, `role="img"` and an `aria-label` and `title` that start with the verdict
 *    ("Likely draining: fear"); its open shadow root exposes the parts `pill`, `dot` and `word`;
 *  - a folded result keeps its place in the page, hidden (`display: none`) and marked `data-mediadiet-folded`; the
 *    note before it is marked `data-mediadiet-fold` (a `tr` in a table, an `li` in a list) and holds a real
 *    "Show" button.
 * Everything is styled inside a shadow root whose host resets itself (`all: initial !important`), so the page's
 * CSS cannot break it and it cannot restyle the page; it takes no more room than its own box.
 */
import type { Verdict } from '@mediadiet/contract/analysis';
import type { LinkLabel } from '../labels/protocol';

export type Theme = 'light' | 'dark';

/** The word on the pill, as the web app names the verdicts (messages.trend.verdicts). */
export const VERDICT_WORD: Record<Verdict, string> = {
  uplifting: 'Uplifting',
  neutral: 'Neutral',
  mixed: 'Mixed',
  draining: 'Draining',
};

/**
 * The pill's colours. The dots are the web app's verdict colours (VERDICT_STYLE in apps/web: Okabe–Ito blue and
 * orange, Tol's wine, a grey), lightened on dark pages; the pill is a soft tint of the same hue with the app's
 * ink, so the word reads at well above 4.5:1 on either palette.
 */
export const PALETTE: Record<Theme, { ink: string; muted: string; accent: string } & Record<Verdict, { dot: string; bg: string; line: string }>> = {
  light: {
    ink: '#1d2725',
    muted: '#4e5a57',
    accent: '#0f6b63',
    uplifting: { dot: '#0072b2', bg: '#e8f2f9', line: '#b3d4ea' },
    neutral: { dot: '#7d8784', bg: '#f1f3f2', line: '#d3d8d6' },
    mixed: { dot: '#b57700', bg: '#fcf3df', line: '#ecd29c' },
    draining: { dot: '#882255', bg: '#f7eaf0', line: '#dfb8ca' },
  },
  dark: {
    ink: '#eef2f1',
    muted: '#c3ccc9',
    accent: '#7fd1c6',
    uplifting: { dot: '#56b4e9', bg: '#112a3b', line: '#24557a' },
    neutral: { dot: '#b8c0bd', bg: '#262c2b', line: '#4a5451' },
    mixed: { dot: '#e69f00', bg: '#33280e', line: '#70541a' },
    draining: { dot: '#e083ad', bg: '#36182b', line: '#74345a' },
  },
};

// ---------------------------------------------------------------------------------------------------------------
// The page's background behind a link

type Rgba = [number, number, number, number];

/** A computed colour (`rgb(…)`, `rgba(…)`, `transparent`, modern `rgb(r g b / a)`) as RGBA, or null. */
export function parseColor(value: string): Rgba | null {
  // What nearly every element computes to: no background (checked first, it is by far the most common).
  if (value === 'rgba(0, 0, 0, 0)' || value === 'transparent') return [0, 0, 0, 0];
  const v = value.trim().toLowerCase();
  if (v === 'transparent') return [0, 0, 0, 0];
  const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(v);
  if (!m) return null;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
  return [Number(m[1]), Number(m[2]), Number(m[3]), alpha];
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance([r, g, b]: readonly number[]): number {
  const ch = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * ch(r!) + 0.7152 * ch(g!) + 0.0722 * ch(b!);
}

/** WCAG contrast ratio of two colours given as `#rrggbb` or RGB triples. */
export function contrast(a: string | readonly number[], b: string | readonly number[]): number {
  const rgb = (c: string | readonly number[]) =>
    typeof c === 'string' ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) : c;
  const [hi, lo] = [luminance(rgb(a)), luminance(rgb(b))].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Below this luminance light text reads better than dark text (the point where both contrast equally). */
const DARK_BELOW = 0.179;

const WHITE: Rgba = [255, 255, 255, 1];
const DARK_CANVAS: Rgba = [18, 18, 18, 1];

/**
 * Finds the colour behind a link: the first opaque background among its ancestors, with any translucent ones in
 * between laid over it. Reads computed styles only (no layout), each element once per pass: one probe serves all
 * the labels placed together, whose ancestors are mostly shared.
 */
export class BackgroundProbe {
  private readonly cache = new Map<Element, Rgba | null>();

  constructor(private readonly win: Window) {}

  private background(el: Element): Rgba | null {
    if (!this.cache.has(el)) this.cache.set(el, parseColor(this.win.getComputedStyle(el).backgroundColor));
    return this.cache.get(el)!;
  }

  /**
   * When nothing on the page paints a background, the browser's canvas shows: white, unless the page declares
   * a dark `color-scheme` (then dark, or the person's `prefers-color-scheme` when it declares both). Light text
   * on an unpainted page means a background image does the painting: dark.
   */
  private canvas(el: Element): Rgba {
    const text = parseColor(this.win.getComputedStyle(el).color);
    if (text && text[3] > 0.5 && luminance(text) > 0.5) return DARK_CANVAS;
    const scheme = this.win.getComputedStyle(this.win.document.documentElement).colorScheme ?? '';
    if (!/\bdark\b/.test(scheme)) return WHITE;
    if (!/\blight\b/.test(scheme)) return DARK_CANVAS;
    return this.win.matchMedia?.('(prefers-color-scheme: dark)').matches ? DARK_CANVAS : WHITE;
  }

  /** The effective background colour behind `el`, as RGB. */
  behind(el: Element): [number, number, number] {
    const layers: Rgba[] = [];
    let base: Rgba | null = null;
    for (let e: Element | null = el; e; e = e.parentElement) {
      const bg = this.background(e);
      if (!bg || bg[3] === 0) continue;
      if (bg[3] >= 1) {
        base = bg;
        break;
      }
      layers.push(bg);
    }
    let [r, g, b] = base ?? this.canvas(el);
    for (const [lr, lg, lb, a] of layers.reverse()) {
      r = lr * a + r * (1 - a);
      g = lg * a + g * (1 - a);
      b = lb * a + b * (1 - a);
    }
    return [r, g, b];
  }

  /** The palette that reads on the background behind a label placed right after `link` (in the link's parent). */
  themeFor(link: Element): Theme {
    return luminance(this.behind(link.parentElement ?? link)) < DARK_BELOW ? 'dark' : 'light';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The label

/** The host resets every property the page could set on it, with `!important`, which wins over the page's rules. */
const HOST_RESET = `:host {
  all: initial !important;
  display: inline-block !important;
  vertical-align: middle !important;
  position: static !important;
  float: none !important;
  visibility: visible !important;
  opacity: 1 !important;
  pointer-events: auto !important;
  margin: 0 0 0 0.4em !important;
  padding: 0 !important;
  border: 0 !important;
  line-height: 0 !important;
  width: auto !important;
  height: auto !important;
  transform: none !important;
}`;

const FONT = `font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`;

function labelCss(): string {
  const rules = (Object.keys(PALETTE) as Theme[]).flatMap((theme) =>
    (Object.keys(VERDICT_WORD) as Verdict[]).map(
      (v) => `.${theme}.${v} { color: ${PALETTE[theme].ink}; background: ${PALETTE[theme][v].bg}; border-color: ${PALETTE[theme][v].line}; }
.${theme}.${v} .dot { background: ${PALETTE[theme][v].dot}; }`,
    ),
  );
  return `${HOST_RESET}
.pill {
  display: inline-flex; align-items: center; gap: 4px; box-sizing: border-box;
  height: 18px; padding: 0 7px 0 6px; border: 1px solid; border-radius: 9px;
  ${FONT}; font-size: 11px; font-weight: 500; font-style: normal; line-height: 16px;
  letter-spacing: 0; text-transform: none; white-space: nowrap; cursor: default; user-select: none;
}
.dot { flex: none; width: 7px; height: 7px; border-radius: 50%; }
${rules.join('\n')}`;
}

/** The inside of every label, made once per document and cloned (cheaper than building each one). */
const labelInsides = new WeakMap<Document, DocumentFragment>();

function labelInside(doc: Document): DocumentFragment {
  let inside = labelInsides.get(doc);
  if (!inside) {
    inside = doc.createDocumentFragment();
    const style = doc.createElement('style');
    style.textContent = labelCss();
    const pill = doc.createElement('span');
    pill.setAttribute('part', 'pill');
    const dot = doc.createElement('span');
    dot.className = 'dot';
    dot.setAttribute('part', 'dot');
    const word = doc.createElement('span');
    word.setAttribute('part', 'word');
    pill.append(dot, word);
    inside.append(style, pill);
    labelInsides.set(doc, inside);
  }
  return inside.cloneNode(true) as DocumentFragment;
}

/** The label element for a link (not yet placed: the caller puts it right after the link). */
export function createLabel(doc: Document, label: LinkLabel, theme: Theme): HTMLElement {
  const host = doc.createElement('mediadiet-label');
  host.setAttribute('data-mediadiet-label', label.verdict);
  host.setAttribute('data-mediadiet-source', label.source);
  host.setAttribute('data-mediadiet-theme', theme);
  host.setAttribute('role', 'img');
  host.setAttribute('aria-label', label.text);
  host.setAttribute('title', label.text);
  const inside = labelInside(doc);
  const pill = inside.lastElementChild!;
  pill.className = `pill ${theme} ${label.verdict}`;
  pill.lastElementChild!.textContent = VERDICT_WORD[label.verdict];
  host.attachShadow({ mode: 'open' }).append(inside);
  return host;
}

/** Whether a placed label already shows this label in this theme (then it stays as it is). */
export function labelShows(el: Element, label: LinkLabel, theme: Theme): boolean {
  return (
    el.getAttribute('data-mediadiet-label') === label.verdict &&
    el.getAttribute('data-mediadiet-source') === label.source &&
    el.getAttribute('data-mediadiet-theme') === theme &&
    el.getAttribute('aria-label') === label.text
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The note of a folded result

/** "1 draining result hidden" */
export const FOLD_TEXT = '1 draining result hidden';
export const FOLD_BUTTON = 'Show';

function foldCss(theme: Theme): string {
  const p = PALETTE[theme];
  return `:host { all: initial !important; display: block !important; visibility: visible !important; }
.note { ${FONT}; font-size: 13px; line-height: 20px; color: ${p.muted}; padding: 4px 0; }
button {
  font: inherit; color: ${p.accent}; background: none; border: 0; padding: 0 2px; margin: 0;
  text-decoration: underline; text-underline-offset: 2px; cursor: pointer; border-radius: 3px;
}
button:hover { color: ${p.ink}; }
button:focus-visible { outline: 2px solid ${p.accent}; outline-offset: 2px; }`;
}

export interface Fold {
  /** The note standing in for the result (a `tr`, an `li` or the note itself). */
  note: Element;
  /** Shows the result again and takes the note away. */
  unfold(): void;
}

const FOLDED = 'data-mediadiet-folded';

/** Hides an element without losing its own inline display (kept in the marker attribute). */
function hide(part: Element): void {
  if (!('style' in part)) return;
  const { style } = part as HTMLElement;
  const display = style.getPropertyValue('display');
  const priority = style.getPropertyPriority('display');
  part.setAttribute(FOLDED, priority ? `${display} !${priority}` : display);
  style.setProperty('display', 'none', 'important');
}

/** Shows an element hidden by `hide` (also one left folded by an earlier copy of the script). */
export function restoreFolded(part: Element): void {
  const saved = part.getAttribute(FOLDED);
  if (saved === null || !('style' in part)) return;
  const style = (part as HTMLElement).style;
  style.removeProperty('display');
  const [value, important] = saved.split(' !');
  if (value) style.setProperty('display', value, important ?? '');
  if (style.length === 0) part.removeAttribute('style');
  part.removeAttribute(FOLDED);
}

/**
 * Folds a result away: its parts are hidden and a one-line note with a "Show" button takes their place. Show
 * unfolds it and puts the focus on the result's link, so a keyboard user carries on from where the note was.
 * The note's element fits where it sits: a table row in a table, a list item in a list.
 */
export function foldResult(
  doc: Document,
  found: { link: HTMLAnchorElement; container: Element; parts: Element[] },
  theme: Theme,
  onShow: () => void,
): Fold {
  const first = found.parts[0] ?? found.container;
  const host = doc.createElement('mediadiet-fold');
  let note: Element = host;
  if (first.tagName === 'TR') {
    const row = doc.createElement('tr');
    const cell = doc.createElement('td');
    cell.colSpan = [...(first as HTMLTableRowElement).cells].reduce((n, c) => n + c.colSpan, 0) || 1;
    cell.append(host);
    row.append(cell);
    note = row;
  } else if (first.tagName === 'LI') {
    const item = doc.createElement('li');
    item.style.setProperty('list-style', 'none', 'important');
    item.append(host);
    note = item;
  }
  note.setAttribute('data-mediadiet-fold', 'draining');

  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = foldCss(theme);
  const line = doc.createElement('div');
  line.className = 'note';
  line.setAttribute('part', 'note');
  const text = doc.createElement('span');
  text.id = 'text';
  text.textContent = FOLD_TEXT;
  const button = doc.createElement('button');
  button.type = 'button';
  button.setAttribute('part', 'show');
  button.setAttribute('aria-describedby', 'text');
  button.textContent = FOLD_BUTTON;
  line.append(text, ' · ', button);
  root.append(style, line);

  for (const part of found.parts) hide(part);
  first.before(note);

  let folded = true;
  const unfold = () => {
    if (!folded) return;
    folded = false;
    for (const part of found.parts) restoreFolded(part);
    note.remove();
  };
  button.addEventListener('click', () => {
    unfold();
    onShow();
    found.link.focus({ preventScroll: true });
  });
  return { note, unfold };
}
