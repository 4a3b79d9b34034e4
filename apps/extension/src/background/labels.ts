/**
 * Link labels in the background (decision 159): the labels content script's requests answered on the device,
 * the pages the person read and their verdicts, the person's sensitivities, the counts for Insights, and where
 * the content script runs. Nothing of a labelled page's links or text leaves the browser: the analyzer runs in
 * its worker (src/analyzer/client.ts), loaded on the first batch, in either analysis mode.
 */
import type { HeadlineInput, HeadlineResult } from '../analyzer/protocol';
import type { MessageSender } from '../browser';
import { addEvents, countsBody, localDay, markSent, rebaseForNewKey } from '../labels/counts';
import { labelFor, siteHistories, visitedLabel, withSettings } from '../labels/label';
import type { LabelReply, LinkLabel } from '../labels/protocol';
import { LABELS_SCRIPT_FILE, LABELS_SCRIPT_ID, labelMatches, originOfMatch } from '../labels/registration';
import { labelsOnFor, readLabelSettings, type LabelSettings } from '../labels/settings';
import { pageKey, siteOf } from '../labels/url';
import { parseLabelEvents, parseLabelRequest } from '../labels/validate';
import { siteHost } from '../rules';
import type { BackgroundContext } from './context';
import { contentHash, hasConsent } from './touchpoints';
import { newestVisited } from './visited';

/** Headline results kept in memory (a few pages of results; the service worker's memory goes when it sleeps). */
export const LABEL_CACHE_MAX = 1000;
/** The server is asked for the labels context at most this often (and once after pairing). */
export const LABEL_CONTEXT_ALARM = 'mediadiet-label-context';
export const LABEL_CONTEXT_PERIOD_MINUTES = 60;
/** Counts go every hour, and one minute after new ones. */
export const LABEL_COUNTS_ALARM = 'mediadiet-label-counts';
export const LABEL_COUNTS_PERIOD_MINUTES = 60;
export const LABEL_COUNTS_SOON_ALARM = 'mediadiet-label-counts-soon';
export const LABEL_COUNTS_SOON_MS = 60_000;

export const LABEL_ERRORS = {
  sender: "Only the extension's labels script on a web page may ask for labels",
  page: "The page's address is not a web page",
} as const;

/** A message from one of this extension's content scripts: in a tab, on an http(s) page. */
export function fromContentScript(ctx: BackgroundContext, sender: MessageSender): boolean {
  if (sender.id !== ctx.browser.runtime.id || !sender.tab) return false;
  const url = sender.url ?? sender.tab.url;
  return url !== undefined && /^https?:\/\//i.test(url);
}

export async function labelSettings(ctx: BackgroundContext): Promise<LabelSettings> {
  return readLabelSettings(await ctx.store.get('labels'));
}

/**
 * The analyzer's results for a batch of headlines: from the cache by the hash of headline + snippet, the others
 * in one request to the worker (the same text once). Null where there is nothing to analyse or the analyzer
 * failed (logged without the text).
 */
export async function headlineResults(
  ctx: BackgroundContext,
  items: readonly (HeadlineInput | null)[],
): Promise<(HeadlineResult | null)[]> {
  const hashes = await Promise.all(items.map((it) => (it ? contentHash(it.title, it.text) : Promise.resolve(null))));
  const found = new Map<string, HeadlineResult>();
  const missing = new Map<string, HeadlineInput>();
  items.forEach((it, i) => {
    const hash = hashes[i];
    if (!it || !hash || found.has(hash) || missing.has(hash)) return;
    const cached = ctx.labelCache.get(hash);
    if (cached) found.set(hash, cached);
    else missing.set(hash, it);
  });
  if (missing.size > 0) {
    const asked = [...missing];
    try {
      const results = await ctx.analyzeHeadlines(asked.map(([, it]) => it));
      asked.forEach(([hash], j) => {
        const r = results[j];
        if (!r) return;
        found.set(hash, r);
        ctx.labelCache.set(hash, r);
      });
    } catch (error) {
      console.error('Media Diet labels: the analyzer failed', error instanceof Error ? error.message : 'unknown error');
    }
  }
  return hashes.map((hash) => (hash ? (found.get(hash) ?? null) : null));
}

/**
 * `labelLinks`: the labels of a page's links. Only from the extension's own content script; the site is the
 * sender's page (the request's own `pageUrl` only when the browser does not say). Labels off there: `{ off }`.
 * A link to a page the person read gets their verdict; the others the label rule on the analyzer's result.
 */
export async function handleLabelLinks(ctx: BackgroundContext, message: unknown, sender: MessageSender): Promise<LabelReply> {
  if (!fromContentScript(ctx, sender)) return { error: LABEL_ERRORS.sender };
  const parsed = parseLabelRequest(message);
  if (!parsed.ok) return { error: parsed.error };
  const { pageUrl, links } = parsed.value;
  const host = siteHost(sender.url ?? sender.tab?.url ?? pageUrl);
  if (!host) return { error: LABEL_ERRORS.page };
  const settings = await labelSettings(ctx);
  // Labels read the links of a page too: like capture, nothing before the person agreed (decision 115).
  if (!labelsOnFor(settings, host) || !hasConsent(await ctx.store.get('consent'))) return { off: true };

  const [visited = {}, context] = await Promise.all([ctx.store.get('labelVisited'), ctx.store.get('labelContext')]);
  const keys = links.map((l) => pageKey(l.url));
  const read = keys.map((key) => (key ? visited[key] : undefined));
  const results = await headlineResults(
    ctx,
    links.map((l, i) =>
      read[i] || (l.headline === '' && l.snippet === '') ? null : { title: l.headline, text: l.snippet },
    ),
  );
  const histories = siteHistories(Object.entries(visited).map(([key, page]) => ({ site: siteOf(key), verdict: page.verdict })));
  const sensitivities = context?.sensitivities ?? null;
  const labels = links.map((_, i): LinkLabel | null => {
    const own = read[i];
    const result = results[i];
    const key = keys[i];
    const label = own
      ? visitedLabel(own)
      : result
        ? labelFor(result, sensitivities, (key && histories.get(siteOf(key) ?? '')) || null)
        : null;
    return label && withSettings(label, settings);
  });
  return { labels };
}

/**
 * GET /api/labels/context with the key: the sensitivities (null without Premium or a profile) and the person's
 * verdicts of the pages they read lately, newest first, which join those kept here (a page of that list counts
 * as known when the list came, in its order). Unforced, asked only when the last answer is an hour old. Not
 * connected: nothing asked. The key refused: the sensitivities are forgotten.
 */
export async function refreshLabelContext(ctx: BackgroundContext, force = false): Promise<void> {
  const apiKey = await ctx.store.get('apiKey');
  if (!apiKey) return;
  const last = await ctx.store.get('labelContext');
  if (!force && last && ctx.now() - last.fetchedAt < LABEL_CONTEXT_PERIOD_MINUTES * 60_000) return;
  const res = await ctx.api.labelContext(apiKey);
  if (!res.ok) {
    if (res.status === 401) await ctx.store.remove('labelContext');
    return;
  }
  // The key may have gone (disconnect, another account) while the call ran: keep nothing for it.
  if ((await ctx.store.get('apiKey')) !== apiKey) return;
  const at = ctx.now();
  await ctx.store.set({ labelContext: { sensitivities: res.data.sensitivities, fetchedAt: at } });
  await ctx.store.update('labelVisited', (all = {}) => {
    const next = { ...all };
    res.data.visited.forEach((p, i) => {
      const key = pageKey(p.url);
      if (key) next[key] = { verdict: p.verdict, drivers: p.drivers, at: at - i };
    });
    return { value: newestVisited(next), result: undefined };
  });
}

/** `labelEvents`: labels shown and opened, added to today's totals (the browser's local day); sent a minute later. */
export async function handleLabelEvents(
  ctx: BackgroundContext,
  message: unknown,
  sender: MessageSender,
): Promise<{ success: boolean; error?: string }> {
  if (!fromContentScript(ctx, sender)) return { success: false, error: LABEL_ERRORS.sender };
  const parsed = parseLabelEvents(message);
  if (!parsed.ok) return { success: false, error: parsed.error };
  const day = localDay(ctx.now());
  const changed = await ctx.store.update('labelCounts', (days = {}) => {
    const next = addEvents(days, day, parsed.value);
    return { value: next, result: next !== days };
  });
  if (changed && !(await ctx.browser.alarms.get?.(LABEL_COUNTS_SOON_ALARM))) {
    await ctx.browser.alarms.create(LABEL_COUNTS_SOON_ALARM, { when: ctx.now() + LABEL_COUNTS_SOON_MS });
  }
  return { success: true };
}

/**
 * PUT /api/labels/counts with the key: every day's totals not sent as they are now. A success (or a refusal that
 * can never succeed: 400) marks them sent, unless they grew meanwhile; anything else leaves them for the next
 * try. Not connected: they wait until the browser is paired.
 */
export async function uploadLabelCounts(ctx: BackgroundContext): Promise<'sent' | 'nothing' | 'not-connected' | 'failed'> {
  const apiKey = await ctx.store.get('apiKey');
  if (!apiKey) return 'not-connected';
  const body = countsBody((await ctx.store.get('labelCounts')) ?? {});
  if (!body) return 'nothing';
  const res = await ctx.api.labelCounts(apiKey, body);
  if (!res.ok && res.status !== 400) return 'failed';
  if ((await ctx.store.get('apiKey')) !== apiKey) return 'failed';
  await ctx.store.update('labelCounts', (days = {}) => ({ value: markSent(days, body), result: undefined }));
  return res.ok ? 'sent' : 'failed';
}

/**
 * About to pair with `apiKey` while `previous` (or none) was the key: counts the server took under another key stay
 * there, and only the rest is sent under the new one (a re-paired browser never counts a day twice).
 */
export async function rebaseLabelCounts(ctx: BackgroundContext, previous: string | undefined, apiKey: string): Promise<void> {
  if (previous === apiKey) return;
  await ctx.store.update('labelCounts', (days = {}) => ({ value: rebaseForNewKey(days), result: undefined }));
}

/** Paired (a fresh key): what the account knows for labels, and the counts that waited. */
export async function labelsAfterPairing(ctx: BackgroundContext): Promise<void> {
  await refreshLabelContext(ctx, true);
  await uploadLabelCounts(ctx);
}

/**
 * Disconnected, or switched to another account: the account's sensitivities and verdicts go, and so do the
 * counts not sent (they are never sent to another account).
 */
export async function forgetLabelAccount(ctx: BackgroundContext): Promise<void> {
  await ctx.store.remove('labelContext', 'labelVisited', 'labelCounts');
}

const syncs = new WeakMap<BackgroundContext, Promise<unknown>>();

/**
 * Registers `content/labels.js` for the sites whose labels are on (id LABELS_SCRIPT_ID, at document_idle,
 * persisted across sessions), updates the registration when they changed and removes it when none is on. With
 * `inject`, a site newly on gets the script in its tabs already open, so labels appear without a reload. Runs
 * one at a time. Answers the match patterns newly on.
 */
export function syncLabelScripts(ctx: BackgroundContext, inject: boolean): Promise<string[]> {
  const run = (syncs.get(ctx) ?? Promise.resolve()).then(() => doSync(ctx, inject));
  syncs.set(ctx, run.catch(() => undefined));
  return run;
}

async function doSync(ctx: BackgroundContext, inject: boolean): Promise<string[]> {
  const { scripting } = ctx.browser;
  if (!scripting) return [];
  // No labels script anywhere before the person agreed on the consent page (decision 115).
  const matches = hasConsent(await ctx.store.get('consent')) ? labelMatches(await labelSettings(ctx)) : [];
  const [current] = await scripting.getRegisteredContentScripts({ ids: [LABELS_SCRIPT_ID] });
  const before = new Set(current?.matches ?? []);
  if (matches.length === 0) {
    if (current) await scripting.unregisterContentScripts({ ids: [LABELS_SCRIPT_ID] });
    return [];
  }
  const script = {
    id: LABELS_SCRIPT_ID,
    matches,
    js: [LABELS_SCRIPT_FILE],
    runAt: 'document_idle' as const,
    allFrames: false,
    persistAcrossSessions: true,
  };
  if (!current) await scripting.registerContentScripts([script]);
  else if (before.size !== matches.length || matches.some((m) => !before.has(m))) await scripting.updateContentScripts([script]);
  const added = matches.filter((m) => !before.has(m));
  if (inject && added.length > 0) await injectIntoOpenTabs(ctx, added);
  return added;
}

/**
 * The labels script into the tabs open on these match patterns (the browser lists only tabs whose site the
 * extension holds a host permission for). A tab that refuses it (an error page) is skipped. Answers how many
 * took it. The script starts once per page however often it is injected.
 */
export async function injectIntoOpenTabs(ctx: BackgroundContext, matches: readonly string[]): Promise<number> {
  const { tabs, scripting } = ctx.browser;
  if (!tabs || !scripting || matches.length === 0) return 0;
  let injected = 0;
  for (const tab of await tabs.query({ url: [...matches] })) {
    if (tab.id === undefined) continue;
    try {
      await scripting.executeScript({ target: { tabId: tab.id }, files: [LABELS_SCRIPT_FILE] });
      injected++;
    } catch {
      // The browser's message names the tab's address: not logged.
      console.error('Media Diet labels: a tab did not take the labels script');
    }
  }
  return injected;
}

/** Host permissions granted (a site the person added): its open tabs get the labels script now. */
export async function labelPermissionsAdded(ctx: BackgroundContext, origins: readonly string[]): Promise<number> {
  const granted = new Set(origins);
  const matches = labelMatches(await labelSettings(ctx)).filter((m) => granted.has(originOfMatch(m)));
  return injectIntoOpenTabs(ctx, matches);
}

/** At install and start-up: the script's registration, the context if it is old, the counts that wait. */
export async function startLabels(ctx: BackgroundContext): Promise<void> {
  await ctx.browser.alarms.create(LABEL_CONTEXT_ALARM, { periodInMinutes: LABEL_CONTEXT_PERIOD_MINUTES });
  await ctx.browser.alarms.create(LABEL_COUNTS_ALARM, { periodInMinutes: LABEL_COUNTS_PERIOD_MINUTES });
  const log = (what: string) => (error: unknown) => console.error(`Media Diet labels (${what}):`, error);
  await Promise.all([
    syncLabelScripts(ctx, true).catch(log('registration')),
    refreshLabelContext(ctx).catch(log('context')),
    uploadLabelCounts(ctx).catch(log('counts')),
  ]);
}

/** The labels' alarms; false for any other alarm. */
export function onLabelAlarm(ctx: BackgroundContext, name: string): boolean {
  const log = (what: string) => (error: unknown) => console.error(`Media Diet labels (${what}):`, error);
  if (name === LABEL_CONTEXT_ALARM) void refreshLabelContext(ctx, true).catch(log('context'));
  else if (name === LABEL_COUNTS_ALARM || name === LABEL_COUNTS_SOON_ALARM) void uploadLabelCounts(ctx).catch(log('counts'));
  else return false;
  return true;
}
