/**
 * The labels content script (decision 159), registered by the background only on the sites where labels are on.
 * It finds the page's results and headlines (labels-sites.ts), asks the background for their labels in batches
 * of at most LABEL_BATCH_MAX (`labelLinks`; the background labels them on the device, nothing leaves the browser),
 * and places them (labels-view.ts). Then:
 *  - the page's later changes (infinite scroll, a single-page app's navigation) are watched by one
 *    MutationObserver, batched: one scan after DEBOUNCE_MS of quiet (at most MAX_WAIT_MS after the first change);
 *    links already labelled or asked about are not asked about again;
 *  - the person's settings are followed live (`chrome.storage.onChanged`): switched off here, every label goes and
 *    every folded result comes back; switched on again, or the verdicts or "Hide draining results" changed, the
 *    page is labelled again;
 *  - labels shown (once per link and page) and labelled links opened (click, middle click, Enter) are counted by
 *    verdict and reported in batches (`labelEvents`), counts only.
 * Main-thread cost: the scan reads the DOM without layout (textContent; computed background colours once per
 * element and pass), and all reads of a pass come before its writes.
 */
import type { Verdict } from '@mediadiet/contract/analysis';
import type { BrowserApi } from '../browser';
import { LABEL_BATCH_MAX, type LabelEvents, type LabelReply, type LinkLabel, type LinkToLabel } from '../labels/protocol';
import { labelsOnFor, LABELS_STORAGE_KEY, readLabelSettings, type LabelSettings } from '../labels/settings';
import { sendInternal } from '../messaging';
import { findLinks, OWN_ELEMENTS, type FoundLink } from './labels-sites';
import { BackgroundProbe, createLabel, foldResult, labelShows, restoreFolded, type Fold, type Theme } from './labels-view';

/** Quiet time after the page's last change before it is scanned again. */
export const DEBOUNCE_MS = 150;
/** A page that never stops changing (a ticker, a carousel) is still scanned this often. */
export const MAX_WAIT_MS = 1000;
/** Counts wait this long for more before they are reported (and are reported when the page goes away). */
export const EVENTS_DEBOUNCE_MS = 2000;
/** How often a label the page's own script took away is put back; after that the page wins. */
const MAX_REPLACEMENTS = 3;

export interface LabelsDeps {
  win: Window;
  browser: Pick<BrowserApi, 'runtime' | 'storage'>;
  debounceMs?: number;
  maxWaitMs?: number;
  eventsDebounceMs?: number;
  /** Measures the script's own work (the bench): each scan and each reply applied, in milliseconds. */
  onWork?: (phase: 'scan' | 'apply', ms: number) => void;
}

export interface LabelsHandle {
  /** Removes every label and note, shows every folded result, stops watching; reports the counts not yet sent. */
  stop(): void;
}

interface Tracked {
  found: FoundLink;
  /** Links with the same target, headline and snippet are asked about once. */
  key: string;
  state: 'new' | 'pending' | 'done';
  /** The background's answer, before the person's own switches (`shown`). */
  label: LinkLabel | null;
  el: HTMLElement | null;
  fold: Fold | null;
  /** The person pressed "Show" on this result: it is not folded again on this page. */
  revealed: boolean;
  replaced: number;
}

const emptyCounts = (): LabelEvents => ({ shown: {}, opened: {} });
const bump = (counts: Partial<Record<Verdict, number>>, v: Verdict) => void (counts[v] = (counts[v] ?? 0) + 1);

export function startLabels({
  win,
  browser,
  debounceMs = DEBOUNCE_MS,
  maxWaitMs = MAX_WAIT_MS,
  eventsDebounceMs = EVENTS_DEBOUNCE_MS,
  onWork,
}: LabelsDeps): LabelsHandle {
  const doc = win.document;
  const now = () => win.performance.now();
  const tracked = new Map<HTMLAnchorElement, Tracked>();
  let settings: LabelSettings = readLabelSettings(undefined);
  let active = false;
  let stopped = false;
  /** Bumped whenever earlier replies no longer apply (off, relabel, stop). */
  let generation = 0;
  let pageUrl = win.location.href;
  /** Per page: the targets whose label was counted as shown, and those counted as opened. */
  let shownTargets = new Set<string>();
  let openedTargets = new Set<string>();
  let events = emptyCounts();
  let eventsTimer: ReturnType<typeof setTimeout> | undefined;
  let scanTimer: ReturnType<typeof setTimeout> | undefined;
  let firstChangeAt: number | null = null;

  // -------------------------------------------------------------------------------------------------------------
  // Placing and removing

  const removeLabel = (t: Tracked) => {
    t.el?.remove();
    t.el = null;
    t.fold?.unfold();
    t.fold = null;
  };

  const removeAll = () => {
    for (const t of tracked.values()) removeLabel(t);
    tracked.clear();
    // Left by an earlier copy of this script (the extension was updated or reloaded while the page stayed open).
    for (const el of doc.querySelectorAll(OWN_ELEMENTS)) el.remove();
    for (const el of doc.querySelectorAll('[data-mediadiet-folded]')) restoreFolded(el);
  };

  /**
   * What the person's own switches leave of a label: none for a verdict switched off, no folding unless "Hide
   * draining results" is on. Applied here too, so a switch shows at once, before the background answers again.
   */
  const shown = (label: LinkLabel | null): LinkLabel | null => {
    if (!label || !settings.verdicts[label.verdict]) return null;
    return label.hide && !settings.hideDraining ? { ...label, hide: false } : label;
  };

  /** Counts a label as shown (once per target and page); true when it was not counted before. */
  const countShown = (t: Tracked, verdict: Verdict): boolean => {
    if (shownTargets.has(t.found.url)) return false;
    shownTargets.add(t.found.url);
    bump(events.shown, verdict);
    return true;
  };

  /** Places (or updates, or removes) the labels of these links: every read first, then every write. */
  const render = (items: Tracked[]) => {
    const probe = new BackgroundProbe(win);
    let counted = false;
    const themes = new Map<Tracked, Theme>();
    const labels = new Map<Tracked, LinkLabel | null>(items.map((t) => [t, shown(t.label)]));
    for (const t of items) if (labels.get(t) && t.found.link.isConnected) themes.set(t, probe.themeFor(t.found.link));
    for (const t of items) {
      const label = labels.get(t);
      const theme = themes.get(t);
      if (!label || !theme) {
        removeLabel(t);
        continue;
      }
      if (!t.el || !labelShows(t.el, label, theme)) {
        const el = createLabel(doc, label, theme);
        // New Reddit slots its title link into the post's shadow root: the label goes into the same slot.
        const slot = t.found.link.getAttribute('slot');
        if (slot) el.setAttribute('slot', slot);
        if (t.el?.isConnected) t.el.replaceWith(el);
        else t.found.link.after(el);
        t.el = el;
      }
      counted = countShown(t, label.verdict) || counted;
      const fold = label.hide && !t.revealed;
      if (fold && !t.fold) {
        t.fold = foldResult(doc, t.found, theme, () => {
          t.revealed = true;
          t.fold = null;
        });
      } else if (!fold && t.fold) {
        t.fold.unfold();
        t.fold = null;
      }
    }
    if (counted) scheduleEvents();
  };

  // -------------------------------------------------------------------------------------------------------------
  // Asking the background

  const ask = (items: Tracked[]) => {
    // One request entry per distinct link (same target, headline and snippet), at most LABEL_BATCH_MAX a request.
    const groups = new Map<string, Tracked[]>();
    for (const t of items) {
      t.state = 'pending';
      const g = groups.get(t.key);
      if (g) g.push(t);
      else groups.set(t.key, [t]);
    }
    const entries = [...groups.values()];
    for (let i = 0; i < entries.length; i += LABEL_BATCH_MAX) {
      const batch = entries.slice(i, i + LABEL_BATCH_MAX);
      const links: LinkToLabel[] = batch.map(([t]) => ({ url: t!.found.url, headline: t!.found.headline, snippet: t!.found.snippet }));
      const gen = generation;
      sendInternal(browser, { kind: 'labelLinks', pageUrl: win.location.href, links })
        .then((reply) => {
          if (gen !== generation || stopped) return;
          apply(batch, reply);
        })
        .catch(() => {
          // The extension was updated, reloaded or removed while the page stayed open: this copy of the script
          // can no longer reach it, so it takes its labels away and stops (a new copy, if any, labels again).
          if (!browser.runtime.id) return stop();
          // The background could not answer this time: a later scan asks again.
          if (gen !== generation) return;
          for (const g of batch) for (const t of g) if (t.state === 'pending') t.state = 'new';
        });
    }
  };

  const apply = (batch: Tracked[][], reply: LabelReply | undefined) => {
    if (!reply) return;
    if ('off' in reply) {
      deactivate();
      return;
    }
    const t0 = now();
    const items: Tracked[] = [];
    batch.forEach((group, i) => {
      for (const t of group) {
        if (tracked.get(t.found.link) !== t) continue;
        t.state = 'done';
        t.label = reply.labels[i] ?? null;
        items.push(t);
      }
    });
    render(items);
    onWork?.('apply', now() - t0);
  };

  // -------------------------------------------------------------------------------------------------------------
  // Scanning

  const pageChanged = () => {
    pageUrl = win.location.href;
    flushEvents();
    shownTargets = new Set();
    openedTargets = new Set();
  };

  const scan = () => {
    clearTimeout(scanTimer);
    scanTimer = undefined;
    firstChangeAt = null;
    if (!active || stopped) return;
    const t0 = now();
    if (win.location.href !== pageUrl) pageChanged();
    // Forget links the page took away (and the notes of their results).
    for (const [link, t] of tracked) {
      if (link.isConnected) continue;
      removeLabel(t);
      tracked.delete(link);
    }
    // Put back labels the page's own script took away (a framework re-rendering a list), a few times at most.
    for (const t of tracked.values()) {
      if (t.el && t.found.link.nextSibling !== t.el && t.replaced < MAX_REPLACEMENTS) {
        t.replaced++;
        t.found.link.after(t.el);
      }
    }
    for (const found of findLinks(doc, new URL(pageUrl), (link) => tracked.has(link))) {
      const t: Tracked = {
        found,
        key: `${found.url}\n${found.headline}\n${found.snippet}`,
        state: 'new',
        label: null,
        el: null,
        fold: null,
        revealed: false,
        replaced: 0,
      };
      tracked.set(found.link, t);
    }
    const waiting = [...tracked.values()].filter((t) => t.state === 'new');
    if (waiting.length > 0) ask(waiting);
    onWork?.('scan', now() - t0);
  };

  const scheduleScan = () => {
    if (!active || stopped) return;
    const t = now();
    firstChangeAt ??= t;
    clearTimeout(scanTimer);
    const wait = Math.max(0, Math.min(debounceMs, firstChangeAt + maxWaitMs - t));
    scanTimer = setTimeout(scan, wait);
  };

  const isOwn = (node: Node) => node.nodeType === 1 && (node as Element).matches(OWN_ELEMENTS);

  /** Only elements the page added count as a change worth a scan (not text updates, not our own labels). */
  const observer = new (win as Window & typeof globalThis).MutationObserver((records) => {
    for (const r of records) {
      for (const node of r.addedNodes) {
        if (node.nodeType === 1 && !isOwn(node)) {
          scheduleScan();
          return;
        }
      }
    }
  });

  // -------------------------------------------------------------------------------------------------------------
  // On and off

  const activate = () => {
    if (active || stopped) return;
    active = true;
    observer.observe(doc.documentElement, { childList: true, subtree: true });
    scan();
  };

  const deactivate = () => {
    generation++;
    active = false;
    observer.disconnect();
    clearTimeout(scanTimer);
    scanTimer = undefined;
    firstChangeAt = null;
    removeAll();
    flushEvents();
  };

  /** Settings changed while on: what the person switched off goes now; the background is asked again for all. */
  const relabel = () => {
    generation++;
    const items = [...tracked.values()];
    for (const t of items) {
      if (!settings.hideDraining) t.revealed = false;
      t.state = 'new';
    }
    render(items);
    scan();
  };

  const follow = (next: LabelSettings) => {
    const before = settings;
    settings = next;
    const on = labelsOnFor(next, win.location.hostname);
    if (!on) {
      if (active) deactivate();
      return;
    }
    if (!active) {
      activate();
      return;
    }
    const changed =
      before.hideDraining !== next.hideDraining ||
      Object.keys(next.verdicts).some((v) => next.verdicts[v as Verdict] !== before.verdicts[v as Verdict]);
    if (changed) relabel();
  };

  const onStorage = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local' || !(LABELS_STORAGE_KEY in changes) || stopped) return;
    follow(readLabelSettings(changes[LABELS_STORAGE_KEY].newValue));
  };

  // -------------------------------------------------------------------------------------------------------------
  // Counting

  function flushEvents() {
    clearTimeout(eventsTimer);
    eventsTimer = undefined;
    const { shown, opened } = events;
    if (Object.keys(shown).length === 0 && Object.keys(opened).length === 0) return;
    events = emptyCounts();
    void sendInternal(browser, { kind: 'labelEvents', shown, opened }).catch(() => undefined);
  }

  function scheduleEvents() {
    clearTimeout(eventsTimer);
    eventsTimer = setTimeout(flushEvents, eventsDebounceMs);
  }

  /** A labelled link opened: a click (Enter on a link clicks it too), a middle click, or Enter. */
  const onOpen = (e: Event) => {
    if (e.type === 'click' && (e as MouseEvent).button !== 0) return;
    if (e.type === 'auxclick' && (e as MouseEvent).button !== 1) return;
    if (e.type === 'keydown' && (e as KeyboardEvent).key !== 'Enter') return;
    for (const node of e.composedPath()) {
      const t = tracked.get(node as HTMLAnchorElement);
      if (!t) continue;
      const verdict = t.el?.getAttribute('data-mediadiet-label') as Verdict | null | undefined;
      if (!verdict || openedTargets.has(t.found.url)) return;
      openedTargets.add(t.found.url);
      bump(events.opened, verdict);
      scheduleEvents();
      return;
    }
  };

  const onPageHide = () => flushEvents();
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') flushEvents();
  };
  /** A single-page app's navigation: a new page of results. */
  const onNavigate = () => {
    if (active && win.location.href !== pageUrl) scan();
  };

  // -------------------------------------------------------------------------------------------------------------
  // Start and stop

  function stop() {
    if (stopped) return;
    deactivate();
    stopped = true;
    for (const [target, type, fn, capture] of listeners) target.removeEventListener(type, fn, capture);
  }

  const listeners: [EventTarget, string, EventListener, boolean][] = [
    [doc, 'click', onOpen, true],
    [doc, 'auxclick', onOpen, true],
    [doc, 'keydown', onOpen, true],
    [win, 'pagehide', onPageHide, false],
    [doc, 'visibilitychange', onVisibility, false],
    [win, 'popstate', onNavigate, false],
  ];
  const navigation = (win as unknown as { navigation?: EventTarget }).navigation;
  if (navigation) listeners.push([navigation, 'navigatesuccess', onNavigate, false]);
  for (const [target, type, fn, capture] of listeners) target.addEventListener(type, fn, capture);
  browser.storage.onChanged?.addListener(onStorage);

  removeAll();
  browser.storage.local
    .get(LABELS_STORAGE_KEY)
    .then((stored) => {
      if (!stopped) follow(readLabelSettings(stored[LABELS_STORAGE_KEY]));
    })
    .catch(() => undefined);

  return { stop };
}
