// @vitest-environment jsdom
import { VERDICTS } from '@mediadiet/contract/analysis';
import { describe, expect, it, vi } from 'vitest';
import type { LinkLabel } from '../src/labels/protocol';
import {
  BackgroundProbe,
  contrast,
  createLabel,
  FOLD_BUTTON,
  FOLD_TEXT,
  foldResult,
  PALETTE,
  parseColor,
  VERDICT_WORD,
} from '../src/content/labels-view';
import { LABEL_VERDICTS } from '../src/labels/settings';
import { loadPage } from './labels-page';

const label = (over: Partial<LinkLabel> = {}): LinkLabel => ({
  verdict: 'draining',
  category: 'Fear',
  source: 'headline',
  text: 'Likely draining: fear',
  hide: false,
  ...over,
});

describe('the label element (DOM contract)', () => {
  it('carries the verdict, source and theme, an accessible name and tooltip equal to the label text, role img', () => {
    const el = createLabel(document, label(), 'light');
    expect(el.tagName).toBe('MEDIADIET-LABEL');
    expect(el.getAttribute('data-mediadiet-label')).toBe('draining');
    expect(el.getAttribute('data-mediadiet-source')).toBe('headline');
    expect(el.getAttribute('data-mediadiet-theme')).toBe('light');
    expect(el.getAttribute('role')).toBe('img');
    expect(el.getAttribute('aria-label')).toBe('Likely draining: fear');
    expect(el.getAttribute('title')).toBe('Likely draining: fear');
  });

  it('draws a dot and one word inside an open shadow root that resets the host with !important', () => {
    for (const verdict of VERDICTS) {
      const el = createLabel(document, label({ verdict, text: `Likely ${verdict}` }), 'dark');
      const root = el.shadowRoot!;
      expect(root.querySelector('[part="pill"]')!.className).toBe(`pill dark ${verdict}`);
      expect(root.querySelector('[part="dot"]')).not.toBeNull();
      expect(root.querySelector('[part="word"]')!.textContent).toBe(VERDICT_WORD[verdict]);
      const css = root.querySelector('style')!.textContent;
      expect(css).toMatch(/:host \{\s*all: initial !important;\s*display: inline-block !important;\s*vertical-align: middle !important;/);
      expect(css).toMatch(/pointer-events: auto !important/);
    }
  });

});

describe('palettes', () => {
  it('the word reads on its pill at ≥ 7:1 and the dot stands out from the pill at ≥ 3:1 in both palettes', () => {
    for (const theme of ['light', 'dark'] as const) {
      const p = PALETTE[theme];
      for (const v of VERDICTS) {
        expect(contrast(p.ink, p[v].bg), `${theme} ${v} word`).toBeGreaterThanOrEqual(7);
        expect(contrast(p[v].dot, p[v].bg), `${theme} ${v} dot`).toBeGreaterThanOrEqual(3);
      }
      expect(contrast(p.muted, theme === 'light' ? '#ffffff' : '#121212')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p.accent, theme === 'light' ? '#ffffff' : '#121212')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('parses the colours browsers compute', () => {
    expect(parseColor('rgb(18, 18, 18)')).toEqual([18, 18, 18, 1]);
    expect(parseColor('rgba(0, 0, 0, 0)')).toEqual([0, 0, 0, 0]);
    expect(parseColor('rgb(10 20 30 / 50%)')).toEqual([10, 20, 30, 0.5]);
    expect(parseColor('transparent')).toEqual([0, 0, 0, 0]);
    expect(parseColor('color(srgb 1 0 0)')).toBeNull();
  });

  it('the settings’ verdicts are the contract’s', () => {
    expect(LABEL_VERDICTS).toEqual(VERDICTS);
  });
});

describe('the background behind a link', () => {
  const page = (head: string, body = '<main><div class="card"><p><a href="/x">A story about the weather</a></p></div></main>') => {
    loadPage({ url: 'https://gazette.example/', head, body });
    return document.querySelector('a')!;
  };

  it('a plain page is light; a dark body makes the dark palette', () => {
    expect(new BackgroundProbe(window).themeFor(page(''))).toBe('light');
    expect(new BackgroundProbe(window).themeFor(page('<style>body { background-color: #121212; color: #eee }</style>'))).toBe('dark');
  });

  it('the nearest painted ancestor wins: a light card on a dark page is light', () => {
    const link = page('<style>body { background-color: rgb(20, 20, 20) } .card { background-color: rgb(250, 250, 250) }</style>');
    expect(new BackgroundProbe(window).themeFor(link)).toBe('light');
  });

  it('a translucent layer is laid over what is under it', () => {
    const probe = new BackgroundProbe(window);
    const link = page('<style>body { background-color: rgb(0, 0, 0) } .card { background-color: rgba(255, 255, 255, 0.5) }</style>');
    const [r] = probe.behind(link);
    expect(r).toBeCloseTo(127.5, 0);
  });

  it('nothing painted: light text means a dark page; a dark color-scheme follows prefers-color-scheme', () => {
    expect(new BackgroundProbe(window).themeFor(page('<style>body { color: rgb(230, 230, 230) }</style>'))).toBe('dark');
    const link = page('');
    const prefersDark = vi.fn(() => ({ matches: true }) as MediaQueryList);
    const win = new Proxy(window, {
      get: (w, key) => {
        if (key === 'matchMedia') return prefersDark;
        if (key === 'getComputedStyle')
          return (el: Element) => {
            const style = w.getComputedStyle(el);
            return el === document.documentElement ? { ...style, colorScheme: 'light dark', backgroundColor: style.backgroundColor } : style;
          };
        return Reflect.get(w, key, w) as unknown;
      },
    });
    expect(new BackgroundProbe(win).themeFor(link)).toBe('dark');
    expect(prefersDark).toHaveBeenCalledWith('(prefers-color-scheme: dark)');
  });

  it('reads each element’s style once per probe', () => {
    loadPage({ url: 'https://gazette.example/', body: `<main><ol>${'<li><h3><a href="/x">A story</a></h3></li>'.repeat(10)}</ol></main>` });
    const spy = vi.spyOn(window, 'getComputedStyle');
    const probe = new BackgroundProbe(window);
    for (const a of document.querySelectorAll('a')) probe.themeFor(a);
    // 10 × (a, h3, li) + ol, main, body, html, then the canvas (the link's colour and the root's colour scheme) once per link.
    expect(spy.mock.calls.length).toBeLessThanOrEqual(10 * 3 + 4 + 10 * 2);
    spy.mockRestore();
  });
});

describe('folding a result', () => {
  it('hides the block, puts a one-line note with a real Show button before it; Show restores it and focuses the link', () => {
    loadPage({
      url: 'https://www.bing.com/search?q=x',
      body: '<ol id="b_results"><li class="b_algo" style="display: flex"><h2><a href="https://a.example/">A result</a></h2></li><li class="b_algo"><h2><a href="https://b.example/">Another</a></h2></li></ol>',
    });
    const li = document.querySelector('li')!;
    const link = li.querySelector('a')!;
    const shown = vi.fn();
    const fold = foldResult(document, { link, container: li, parts: [li] }, 'light', shown);
    expect(li.style.getPropertyValue('display')).toBe('none');
    expect(li.style.getPropertyPriority('display')).toBe('important');
    expect(li.hasAttribute('data-mediadiet-folded')).toBe(true);
    // In a list, the note is a list item.
    expect(fold.note.tagName).toBe('LI');
    expect(fold.note.getAttribute('data-mediadiet-fold')).toBe('draining');
    expect(fold.note.nextElementSibling).toBe(li);
    const root = fold.note.querySelector('mediadiet-fold')!.shadowRoot!;
    expect(root.querySelector('[part="note"]')!.textContent).toBe(`${FOLD_TEXT} · ${FOLD_BUTTON}`);
    const button = root.querySelector('button')!;
    expect(button.type).toBe('button');
    expect(button.getAttribute('aria-describedby')).toBe('text');
    button.click();
    expect(shown).toHaveBeenCalledOnce();
    expect(li.style.getPropertyValue('display')).toBe('flex');
    expect(li.hasAttribute('data-mediadiet-folded')).toBe(false);
    expect(fold.note.isConnected).toBe(false);
    expect(document.activeElement).toBe(link);
  });

  it('in a table the note is a row spanning the table’s columns, and every part of the result is hidden', () => {
    loadPage({
      url: 'https://news.ycombinator.com/',
      body: '<table><tr class="athing"><td>1.</td><td></td><td><span class="titleline"><a href="https://a.example/">A story</a></span></td></tr><tr><td colspan="2"></td><td>10 points</td></tr><tr class="spacer"></tr></table>',
    });
    const rows = [...document.querySelectorAll('tr')];
    const fold = foldResult(document, { link: document.querySelector('a')!, container: rows[0]!, parts: rows }, 'light', () => undefined);
    expect(fold.note.tagName).toBe('TR');
    expect((fold.note.firstElementChild as HTMLTableCellElement).colSpan).toBe(3);
    for (const row of rows) expect(row.style.display).toBe('none');
    fold.unfold();
    for (const row of rows) {
      expect(row.hasAttribute('style')).toBe(false);
      expect(row.hasAttribute('data-mediadiet-folded')).toBe(false);
    }
    expect(document.querySelector('[data-mediadiet-fold]')).toBeNull();
  });
});
