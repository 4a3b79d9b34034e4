import type { BrowserApi, MessageSender } from '../browser';
import type { ExtensionConfig } from '../config';
import { isInternalMessage, type InternalMessage, type PopupState } from '../messaging';
import { CATEGORIES, type CategoryId } from '@mediadiet/contract/categories';
import type { Analysis, AnalysisScores } from '@mediadiet/contract/analysis';
import { DayKeySchema, MoodScoreSchema } from '@mediadiet/contract/mood';
import type { LastAnalysis } from '../storage-keys';
import { Lru } from '../labels/lru';
import { LABELS_STORAGE_KEY } from '../labels/settings';
import { siteHost } from '../rules';
import type { AnalyzeHeadlines } from '../analyzer/client';
import { createApi } from './api';
import { BADGE_ALARM, updateBadge } from './badge';
import type { AnalyzeFn, BackgroundContext } from './context';
import { CONFIRM_PAGE, decideSwitch, handleWebMessage, pendingSwitch, senderOrigin } from './external';
import {
  currentGoalAlerts,
  GOALS_AFTER_SEND_ALARM,
  GOALS_ALARM,
  GOALS_PERIOD_MINUTES,
  refreshGoals,
  refreshGoalsAfterSend,
} from './goals';
import {
  handleLabelEvents,
  handleLabelLinks,
  labelPermissionsAdded,
  onLabelAlarm,
  startLabels,
  syncLabelScripts,
  LABEL_CACHE_MAX,
} from './labels';
import { checkInMood, dismissMood, moodOffer } from './mood';
import { addIgnoredSite, optionsState, pauseEnd, PAUSE_COMMAND, togglePause } from './options';
import { rememberVisited } from './visited';
import { FLUSH_ALARM, TouchpointQueue } from './queue';
import { Store } from './store';
import {
  captureSkip,
  CONSENT_VERSION,
  handleCapture,
  handleCaptureCheck,
  hasConsent,
  markLastAnalysis,
  refreshDisabled,
} from './touchpoints';

/** The extension's own page that asks for consent before the first capture (decision 115). */
export const CONSENT_PAGE = 'consent/consent.html';

export const DISABLED_ALARM = 'mediadiet-disabled';

export interface BackgroundDeps {
  browser: BrowserApi;
  config: ExtensionConfig;
  fetch: typeof fetch;
  analyze: AnalyzeFn;
  /** The analyzer on a batch of link headlines (the same worker as `analyze`, decision 159). */
  analyzeHeadlines: AnalyzeHeadlines;
  now?: () => number;
}

export function createBackground(deps: BackgroundDeps): BackgroundContext {
  const now = deps.now ?? Date.now;
  const store = new Store(deps.browser, deps.config.dwellMs);
  // Any call the server answers sends pages that wait after a failure (the queue's own calls excepted).
  const api = createApi(deps.fetch, deps.config.apiBase, { onAnswer: () => void ctx.queue.serverAnswered() });
  const ctx = {
    browser: deps.browser,
    config: deps.config,
    store,
    api,
    now,
    analyze: deps.analyze,
    analyzeHeadlines: deps.analyzeHeadlines,
    labelCache: new Lru(LABEL_CACHE_MAX),
  } as BackgroundContext;
  ctx.queue = new TouchpointQueue({
    browser: deps.browser,
    store,
    api,
    now,
    onResult: async (item, status, analysisId) => {
      await markLastAnalysis(ctx, item.request.url, status, analysisId);
      // A page sent may move a reading goal once the server has analysed it (decision 157).
      if (status === 'sent') {
        await refreshGoalsAfterSend(ctx).catch((error: unknown) => console.error('Media Diet goals:', error));
      }
    },
    probe: () => api.ready(),
  });
  ctx.refreshDisabled = (force) => refreshDisabled(ctx, force);
  return ctx;
}

/** The strongest categories of an analysis, highest BaseScore first. */
export function strongestCategories(scores: AnalysisScores, n = 3): PopupState['lastTop'] {
  return Object.entries(scores.categoryScores)
    .map(([id, s]) => ({ id, name: CATEGORIES[id as CategoryId]?.name ?? id, score: s.BaseScore }))
    .sort((a, b) => b.score - a.score)
    .slice(0, n);
}

/** The verdict of an analysis for the popup, its drivers by name; null when the scores carry none. */
export function verdictOf(scores: AnalysisScores | undefined): PopupState['lastVerdict'] {
  if (!scores?.verdict) return null;
  return {
    verdict: scores.verdict,
    drivers: (scores.drivers ?? []).map((id) => CATEGORIES[id]?.name ?? id),
    confidence: scores.confidence ?? null,
  };
}

/** A sent server-mode page whose result the popup can still fetch. */
function awaitsResult(last: LastAnalysis | null): last is LastAnalysis & { analysisId: string } {
  return Boolean(
    last && last.mode === 'server' && last.status === 'sent' && last.analysisId && !last.scores && !last.result,
  );
}

export async function popupState(
  ctx: BackgroundContext,
  tabId?: number,
  url?: string,
  /** What asking the server for the last result just found, when it found nothing to keep. */
  asked?: 'pending' | 'unavailable',
): Promise<PopupState> {
  const [apiKey, connectionError, settings, lastByTab, queue, queueDropped, limitReachedAt, localIgnored, consent, ignoreNote, goalAlerts] =
    await Promise.all([
      ctx.store.get('apiKey'),
      ctx.store.get('connectionError'),
      ctx.store.settings(),
      ctx.store.get('lastAnalysisByTab'),
      ctx.store.get('queue'),
      ctx.store.get('queueDropped'),
      ctx.store.get('limitReachedAt'),
      ctx.store.get('localIgnored'),
      ctx.store.get('consent'),
      ctx.store.get('ignoreNote'),
      currentGoalAlerts(ctx),
    ]);
  const last = (tabId === undefined ? undefined : lastByTab?.[String(tabId)]) ?? null;
  // Without the toolbar's one-time access to the tab (activeTab) the browser hides its address: the page the
  // extension last analysed in that tab stands in for it.
  url ??= last?.url;
  const host = url ? siteHost(url) : null;
  return {
    connected: Boolean(apiKey),
    connectionError: connectionError ?? null,
    site:
      host && url
        ? {
            host,
            url,
            reason: await captureSkip(ctx, url, false),
            locallyIgnored: (localIgnored ?? []).includes(host),
          }
        : null,
    pausedUntil: settings.pausedUntil > ctx.now() ? settings.pausedUntil : 0,
    onDevice: settings.onDevice,
    last,
    lastTop: last?.scores ? strongestCategories(last.scores) : [],
    lastValence: last?.scores?.valence ?? null,
    lastVerdict: verdictOf(last?.scores),
    lastResult: last?.result ?? (awaitsResult(last) ? (asked ?? 'loading') : null),
    queueLength: queue?.length ?? 0,
    queueDropped: queueDropped ?? 0,
    // The limit message stays for a day after the last 402.
    limitReached: limitReachedAt !== undefined && ctx.now() - limitReachedAt < 24 * 3600_000,
    dashboardUrl: `${ctx.config.webOrigin}/auth/dashboard`,
    consented: hasConsent(consent),
    consentUrl: ctx.browser.runtime.getURL?.(CONSENT_PAGE) ?? CONSENT_PAGE,
    ignoreNote: ignoreNote ?? null,
    goalAlerts,
  };
}

/** The scores of an analysis as the server keeps them (the same fields a device-mode run gives). */
function scoresOf(analysis: Analysis): AnalysisScores {
  const { tokens, categoryScores, classificationAnalysis, valence, overallScore, modelVersion, verdict, drivers, confidence } =
    analysis;
  return {
    tokens,
    categoryScores,
    classificationAnalysis,
    ...(valence === undefined ? {} : { valence }),
    ...(overallScore === undefined ? {} : { overallScore }),
    ...(modelVersion === undefined ? {} : { modelVersion }),
    ...(verdict === undefined ? {} : { verdict }),
    ...(drivers === undefined ? {} : { drivers }),
    ...(confidence === undefined ? {} : { confidence }),
  };
}

/** Keeps what the server said about an analysis on every tab entry that shows it. */
function keepResult(ctx: BackgroundContext, analysisId: string, patch: Pick<LastAnalysis, 'scores' | 'result'>) {
  return ctx.store.update('lastAnalysisByTab', (all = {}) => ({
    value: Object.fromEntries(
      Object.entries(all).map(([tab, last]) => [tab, last.analysisId === analysisId ? { ...last, ...patch } : last]),
    ),
    result: undefined,
  }));
}

/**
 * The popup's last analysis in server mode: asks the server what became of the tab's last page
 * (GET /api/extension/touchpoints/:id) and keeps a final answer — its scores and verdict, or that it failed or is
 * gone — so the popup shows it at once next time. Pending, or the server unreachable: nothing kept, the popup
 * says so (and asks again).
 */
export async function loadLastResult(ctx: BackgroundContext, tabId?: number, url?: string): Promise<PopupState> {
  const [apiKey, lastByTab] = await Promise.all([ctx.store.get('apiKey'), ctx.store.get('lastAnalysisByTab')]);
  const last = (tabId === undefined ? undefined : lastByTab?.[String(tabId)]) ?? null;
  if (!awaitsResult(last)) return popupState(ctx, tabId, url);
  if (!apiKey) return popupState(ctx, tabId, url, 'unavailable');
  const res = await ctx.api.touchpointState(apiKey, last.analysisId);
  if (res.ok) {
    const { touchpoint } = res.data;
    if (touchpoint.status === 'pending') return popupState(ctx, tabId, url, 'pending');
    await keepResult(
      ctx,
      last.analysisId,
      touchpoint.status === 'done' ? { scores: scoresOf(touchpoint.analysis) } : { result: 'failed' },
    );
    // The person read it: a link to it is labelled with their verdict (decision 159).
    if (touchpoint.status === 'done') await rememberVisited(ctx, last.url, touchpoint.analysis);
    // The page now counts towards the reading goals: the popup shows where they stand (decision 157).
    if (touchpoint.status === 'done') await refreshGoals(ctx, true);
    return popupState(ctx, tabId, url);
  }
  if (res.status === 404) {
    await keepResult(ctx, last.analysisId, { result: 'gone' });
    return popupState(ctx, tabId, url);
  }
  return popupState(ctx, tabId, url, 'unavailable');
}

/** Kept on this browser only when the account's list cannot take it: still honoured here. */
const ignoreLocally = (ctx: BackgroundContext, host: string, ignore: boolean) =>
  ctx.store.update('localIgnored', (list = []) => ({
    value: ignore ? [...new Set([...list, host])] : list.filter((h) => h !== host),
    result: undefined,
  }));

/**
 * The popup's "Ignore this site": the site goes on the account's list (POST /api/account/urls with the key), so
 * the web app's Ignored Sites shows it, every paired browser skips it and the server refuses it. Not connected,
 * or the account unreachable: kept on this browser, and the popup says so. "Stop ignoring" undoes only a site
 * kept here; the account's list is edited in the web app (a key may add to it, never remove).
 */
export async function ignoreSite(ctx: BackgroundContext, host: string, ignore: boolean): Promise<void> {
  if (!ignore) {
    await ignoreLocally(ctx, host, false);
    await ctx.store.remove('ignoreNote');
    return;
  }
  const note = await ignoreOnAccount(ctx, host);
  if (note) await ctx.store.set({ ignoreNote: note });
  else await ctx.store.remove('ignoreNote');
}

/**
 * Adds a site to the account's list (also the options page's "Add a site"); when the account cannot take it, the
 * site is kept on this browser and the answer says why (null: on the account's list).
 */
export async function ignoreOnAccount(ctx: BackgroundContext, host: string): Promise<string | null> {
  const apiKey = await ctx.store.get('apiKey');
  const res = apiKey ? await ctx.api.ignoreSite(apiKey, host) : null;
  if (res?.ok) {
    const current = res.data.urls.current;
    await ctx.store.update('disabled', (d) => ({
      value: { domains: [...new Set([...(d?.domains ?? []), ...current])], fetchedAt: d?.fetchedAt ?? 0, account: current },
      result: undefined,
    }));
    await ignoreLocally(ctx, host, false);
    return null;
  }
  await ignoreLocally(ctx, host, true);
  return !res
    ? 'Ignored on this browser only. Connect it to your account to ignore the site everywhere.'
    : res.status >= 400 && res.status < 500 && res.status !== 401
      ? `Ignored on this browser only: ${res.error}`
      : 'Ignored on this browser only: your account could not be reached. Add the site under Ignored Sites to ignore it everywhere.';
}

/** Internal messages from the extension's own content scripts and popup. */
export async function handleInternal(ctx: BackgroundContext, msg: InternalMessage, sender: MessageSender): Promise<unknown> {
  switch (msg.kind) {
    case 'bridge':
      // Only our own bridge script, running in a tab of the web app.
      if (sender.id !== ctx.browser.runtime.id) return { success: false, error: 'Origin not allowed' };
      return handleWebMessage(ctx, msg.message, sender.tab ? senderOrigin(sender) : null);
    case 'captureCheck':
      // The background woke for a page: pages waiting after a failure ask whether the server is back.
      void ctx.queue.probe();
      return handleCaptureCheck(ctx, msg.url, sender.tab);
    case 'capture':
      return handleCapture(ctx, msg, sender.tab);
    case 'popupState':
      return popupState(ctx, msg.tabId, msg.url);
    case 'lastResult':
      return loadLastResult(ctx, msg.tabId, msg.url);
    case 'ignoreSite': {
      const host = siteHost(msg.url);
      if (host) await ignoreSite(ctx, host, msg.ignore);
      return popupState(ctx, msg.tabId, msg.url);
    }
    case 'consent':
      // Only the extension's own pages (the consent page), never a content script in a web page.
      if (sender.tab?.url !== undefined && !sender.tab.url.startsWith(ctx.browser.runtime.getURL?.('') ?? '\u0000')) {
        return { success: false, error: 'Origin not allowed' };
      }
      if (msg.agree) {
        await ctx.store.updateSettings({ onDevice: msg.onDevice });
        await ctx.store.set({ consent: { agreedAt: ctx.now(), version: CONSENT_VERSION } });
      } else {
        await ctx.store.remove('consent');
      }
      return popupState(ctx);
    case 'pause':
      await ctx.store.updateSettings({ pausedUntil: pauseEnd(ctx.now(), msg) });
      return popupState(ctx, msg.tabId, msg.url);
    case 'setOnDevice':
      await ctx.store.updateSettings({ onDevice: msg.onDevice });
      return popupState(ctx, msg.tabId, msg.url);
    case 'refreshGoals':
      await refreshGoals(ctx);
      return { goalAlerts: await currentGoalAlerts(ctx) };
    case 'moodOffer':
      return moodOffer(ctx);
    case 'moodCheckIn': {
      const score = MoodScoreSchema.safeParse(msg.score);
      if (!score.success) return { success: false, error: score.error.issues[0]?.message ?? 'Invalid message' };
      return checkInMood(ctx, score.data, typeof msg.note === 'string' ? msg.note : undefined);
    }
    case 'moodDismiss': {
      const day = DayKeySchema.safeParse(msg.day);
      if (!day.success) return { success: false };
      await dismissMood(ctx, day.data);
      return { success: true };
    }
    case 'optionsState':
    case 'ignoredSiteAdd':
    case 'ignoredSiteRemove':
      // Only the extension's own pages (the options page), never a content script in a web page.
      if (!fromOwnPage(ctx, sender)) return { success: false, error: 'Origin not allowed' };
      if (msg.kind === 'optionsState') return optionsState(ctx, msg.refresh === true);
      if (msg.kind === 'ignoredSiteAdd') return addIgnoredSite(ctx, String(msg.domain), ignoreOnAccount);
      await ignoreLocally(ctx, String(msg.domain), false);
      return optionsState(ctx);
    case 'labelLinks':
      // Only the extension's own labels script on a web page; the shape and sizes are checked there.
      return handleLabelLinks(ctx, msg, sender);
    case 'labelEvents':
      return handleLabelEvents(ctx, msg, sender);
    case 'switchPending':
    case 'switchDecision': {
      // Only the extension's own confirmation page: never a content script in a web page.
      if (sender.tab?.url !== undefined && !isConfirmPage(ctx, sender.tab.url)) return { success: false, error: 'Origin not allowed' };
      if (!isConfirmPage(ctx, sender.url)) return { success: false, error: 'Origin not allowed' };
      if (msg.kind === 'switchPending') return { pending: (await pendingSwitch(ctx)) !== null };
      return decideSwitch(ctx, msg.accept);
    }
  }
}

/** Whether a message comes from one of the extension's own pages (its tab and frame, when known, are the extension's). */
function fromOwnPage(ctx: BackgroundContext, sender: MessageSender): boolean {
  const own = ctx.browser.runtime.getURL?.('') ?? '\u0000';
  return [sender.tab?.url, sender.url].every((url) => url === undefined || url.startsWith(own));
}

function isConfirmPage(ctx: BackgroundContext, url: string | undefined): boolean {
  const page = ctx.browser.runtime.getURL?.(CONFIRM_PAGE);
  return Boolean(url && page && url.split(/[?#]/)[0] === page);
}

/** After install (or an update that changed what is read): the consent page, until the person agrees. */
export async function openConsentIfNeeded(ctx: BackgroundContext): Promise<boolean> {
  if (hasConsent(await ctx.store.get('consent'))) return false;
  const url = ctx.browser.runtime.getURL?.(CONSENT_PAGE);
  if (!url || !ctx.browser.tabs) return false;
  await ctx.browser.tabs.create({ url });
  return true;
}

/** Wire the listeners (called once by src/background.ts, synchronously at start-up as MV3 requires). */
export function listen(ctx: BackgroundContext): void {
  const { browser } = ctx;
  const reply = (p: Promise<unknown>, sendResponse: (r: unknown) => void) => {
    p.then(sendResponse, (error: unknown) => {
      console.error('Media Diet background:', error);
      sendResponse({ success: false, error: 'An unknown error occurred' });
    });
    return true;
  };

  browser.runtime.onMessageExternal?.addListener((message, sender, sendResponse) =>
    reply(handleWebMessage(ctx, message, sender.origin ?? senderOrigin(sender)), sendResponse),
  );
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    // Internal messages come from this extension only.
    if (sender.id !== browser.runtime.id || !isInternalMessage(message)) return false;
    return reply(handleInternal(ctx, message, sender), sendResponse);
  });
  // The toolbar badge follows the stored state: the key (connected), the pause, the queue and the goals.
  const badge = () => void updateBadge(ctx).catch((error: unknown) => console.error('Media Diet badge:', error));
  // A refresh that changed nothing still updates the badge: an answer grown too old stops showing.
  const goals = () =>
    void refreshGoals(ctx, true)
      .catch((error: unknown) => console.error('Media Diet goals:', error))
      .then(badge);
  browser.storage.onChanged?.addListener((changes, area) => {
    if (area === 'local' && ['apiKey', 'settings', 'queue', 'goals'].some((key) => key in changes)) badge();
    // The labels settings changed (popup, options page): the labels script runs where they are on now, and a
    // site just switched on gets it in its open tabs.
    if (area === 'local' && LABELS_STORAGE_KEY in changes) {
      void syncLabelScripts(ctx, true).catch((error: unknown) => console.error('Media Diet labels (registration):', error));
    }
  });
  browser.permissions?.onAdded?.addListener(({ origins }) => {
    void labelPermissionsAdded(ctx, origins ?? []).catch((error: unknown) => console.error('Media Diet labels:', error));
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === BADGE_ALARM) badge();
    if (alarm.name === FLUSH_ALARM) void ctx.queue.flush();
    if (alarm.name === DISABLED_ALARM) void ctx.refreshDisabled(true);
    if (alarm.name === GOALS_ALARM || alarm.name === GOALS_AFTER_SEND_ALARM) goals();
    onLabelAlarm(ctx, alarm.name);
  });
  browser.tabs?.onRemoved?.addListener((tabId) => {
    void ctx.store.update('lastAnalysisByTab', (all = {}) => {
      const { [String(tabId)]: _gone, ...rest } = all;
      return { value: rest, result: undefined };
    });
  });
  const start = () => {
    badge();
    void browser.alarms.create(DISABLED_ALARM, { periodInMinutes: 60 });
    void browser.alarms.create(GOALS_ALARM, { periodInMinutes: GOALS_PERIOD_MINUTES });
    void ctx.refreshDisabled().then(() => ctx.queue.flush());
    goals();
    void startLabels(ctx);
  };
  browser.runtime.onStartup?.addListener(start);
  browser.runtime.onInstalled?.addListener(() => {
    start();
    void openConsentIfNeeded(ctx);
  });
  globalThis.addEventListener?.('online', () => void ctx.queue.flush(true));
  // The keyboard shortcut (manifest `commands`): pause for an hour, or resume; the badge follows the settings.
  browser.commands?.onCommand.addListener((command) => {
    if (command === PAUSE_COMMAND) void togglePause(ctx).catch((error: unknown) => console.error('Media Diet pause:', error));
  });
}
