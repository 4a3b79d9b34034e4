/**
 * What the person chose about link labels (decision 159): on or off everywhere, per site, per verdict, and whether
 * results labelled draining are hidden. Kept in chrome.storage.local under `labels`; the popup and the options page
 * write it, the labels content script and the background read it and follow its changes (storage.onChanged), so a
 * switch takes effect on open tabs without a reload.
 */
import type { Verdict } from '@mediadiet/contract/analysis';

/**
 * The contract's VERDICTS, repeated so that the labels content script, which reads these settings on every page
 * it runs on, does not bundle zod and the contract's schemas (≈ 450 kB); a unit test keeps the two equal.
 */
export const LABEL_VERDICTS: readonly Verdict[] = ['uplifting', 'neutral', 'mixed', 'draining'];

/** Sites labelled out of the box: the search engines. News front pages and aggregators are the person's choice. */
export const BUILT_IN_SITES = [
  { host: 'google.com', name: 'Google Search', kind: 'search', on: true },
  { host: 'bing.com', name: 'Bing', kind: 'search', on: true },
  { host: 'duckduckgo.com', name: 'DuckDuckGo', kind: 'search', on: true },
  { host: 'news.google.com', name: 'Google News', kind: 'news', on: false },
  { host: 'news.ycombinator.com', name: 'Hacker News', kind: 'news', on: false },
  { host: 'reddit.com', name: 'Reddit', kind: 'news', on: false },
] as const;

export interface LabelSettings {
  /** Labels anywhere at all. */
  enabled: boolean;
  /** A site's own switch (host without `www.`): built-in sites default to their `on`, any other site is off. */
  sites: Record<string, boolean>;
  /** Which verdicts get a label (all by default). */
  verdicts: Record<Verdict, boolean>;
  /** Results labelled draining are folded away behind a one-line "show" (off by default). */
  hideDraining: boolean;
}

export const LABELS_STORAGE_KEY = 'labels';

export const DEFAULT_LABEL_SETTINGS: LabelSettings = {
  enabled: true,
  sites: {},
  verdicts: Object.fromEntries(LABEL_VERDICTS.map((v) => [v, true])) as Record<Verdict, boolean>,
  hideDraining: false,
};

/** The stored value over the defaults (an older or partial value still reads whole). */
export function readLabelSettings(stored: unknown): LabelSettings {
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<LabelSettings>;
  return {
    enabled: typeof s.enabled === 'boolean' ? s.enabled : DEFAULT_LABEL_SETTINGS.enabled,
    sites: { ...(typeof s.sites === 'object' && s.sites !== null ? s.sites : {}) },
    verdicts: { ...DEFAULT_LABEL_SETTINGS.verdicts, ...(typeof s.verdicts === 'object' && s.verdicts !== null ? s.verdicts : {}) },
    hideDraining: typeof s.hideDraining === 'boolean' ? s.hideDraining : DEFAULT_LABEL_SETTINGS.hideDraining,
  };
}

/** The built-in site a host belongs to (itself or a subdomain; `google.de` counts as Google Search), if any. */
export function builtInSite(host: string): (typeof BUILT_IN_SITES)[number] | undefined {
  const h = host.toLowerCase().replace(/^www\./, '');
  // The most specific first: news.google.com before google.com.
  const byLength = [...BUILT_IN_SITES].sort((a, b) => b.host.length - a.host.length);
  const exact = byLength.find((s) => h === s.host || h.endsWith(`.${s.host}`));
  if (exact) return exact;
  return /^google\.[a-z.]{2,6}$/.test(h) ? BUILT_IN_SITES[0] : undefined;
}

/** Whether links on `host` are labelled under these settings. */
export function labelsOnFor(settings: LabelSettings, host: string): boolean {
  if (!settings.enabled) return false;
  const h = host.toLowerCase().replace(/^www\./, '');
  const own = settings.sites[h];
  if (own !== undefined) return own;
  const site = builtInSite(h);
  if (site && settings.sites[site.host] !== undefined) return settings.sites[site.host]!;
  return site?.on ?? false;
}

/**
 * The key a site's switch is kept under: a built-in site's own host for any of its hosts (`google.de` and
 * `www.google.com` are Google Search's switch), any other site's host without `www.`.
 */
export function siteKey(host: string): string {
  return builtInSite(host)?.host ?? host.toLowerCase().replace(/^www\./, '');
}

/**
 * The settings with links on `host` labelled or not. A built-in site keeps its choice under its own key (a
 * host-specific override of it is dropped); any other site is kept only while switched on (off is the default).
 */
export function withSiteLabels(settings: LabelSettings, host: string, on: boolean): LabelSettings {
  const key = siteKey(host);
  const sites = { ...settings.sites };
  const own = host.toLowerCase().replace(/^www\./, '');
  if (own !== key) delete sites[own];
  if (builtInSite(key)) sites[key] = on;
  else if (on) sites[key] = true;
  else delete sites[key];
  return { ...settings, sites };
}

/** The sites the person added (any switch kept for a host that is not a built-in site's), by name. */
export function addedSites(settings: LabelSettings): { host: string; on: boolean }[] {
  const builtIn = new Set<string>(BUILT_IN_SITES.map((s) => s.host));
  return Object.entries(settings.sites)
    .filter(([host]) => !builtIn.has(host))
    .map(([host, on]) => ({ host, on }))
    .sort((a, b) => a.host.localeCompare(b.host));
}

/** Where the settings are kept: chrome.storage.local (the extension's pages and the background). */
export interface LabelSettingsStorage {
  get(keys: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

/** The stored settings, read whole. */
export async function loadLabelSettings(storage: LabelSettingsStorage): Promise<LabelSettings> {
  return readLabelSettings((await storage.get(LABELS_STORAGE_KEY))[LABELS_STORAGE_KEY]);
}

/** Reads the stored settings, changes them and keeps the result (which it answers). */
export async function changeLabelSettings(
  storage: LabelSettingsStorage,
  change: (settings: LabelSettings) => LabelSettings,
): Promise<LabelSettings> {
  const next = change(await loadLabelSettings(storage));
  await storage.set({ [LABELS_STORAGE_KEY]: next });
  return next;
}
