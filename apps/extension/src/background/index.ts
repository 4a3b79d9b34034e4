import type { BrowserApi, MessageSender } from '../browser';
import type { ExtensionConfig } from '../config';
import { isInternalMessage, type InternalMessage, type PopupState } from '../messaging';
import { CATEGORIES, type CategoryId } from '@mediadiet/contract/categories';
import type { AnalysisScores } from '@mediadiet/contract/analysis';
import { siteHost } from '../rules';
import { createApi } from './api';
import { BADGE_ALARM, updateBadge } from './badge';
import type { AnalyzeFn, BackgroundContext } from './context';
import { handleWebMessage, senderOrigin } from './external';
import { FLUSH_ALARM, TouchpointQueue } from './queue';
import { Store } from './store';
import { captureSkip, handleCapture, handleCaptureCheck, markLastAnalysis, refreshDisabled } from './touchpoints';

export const DISABLED_ALARM = 'mediadiet-disabled';

export interface BackgroundDeps {
  browser: BrowserApi;
  config: ExtensionConfig;
  fetch: typeof fetch;
  analyze: AnalyzeFn;
  now?: () => number;
}

export function createBackground(deps: BackgroundDeps): BackgroundContext {
  const now = deps.now ?? Date.now;
  const store = new Store(deps.browser, deps.config.dwellMs);
  const api = createApi(deps.fetch, deps.config.apiBase);
  const ctx = { browser: deps.browser, config: deps.config, store, api, now, analyze: deps.analyze } as BackgroundContext;
  ctx.queue = new TouchpointQueue({
    browser: deps.browser,
    store,
    api,
    now,
    onResult: (item, status) => markLastAnalysis(ctx, item.request.url, status),
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

export async function popupState(ctx: BackgroundContext, tabId?: number, url?: string): Promise<PopupState> {
  const [apiKey, connectionError, settings, lastByTab, queue, queueDropped, limitReachedAt, localIgnored] =
    await Promise.all([
      ctx.store.get('apiKey'),
      ctx.store.get('connectionError'),
      ctx.store.settings(),
      ctx.store.get('lastAnalysisByTab'),
      ctx.store.get('queue'),
      ctx.store.get('queueDropped'),
      ctx.store.get('limitReachedAt'),
      ctx.store.get('localIgnored'),
    ]);
  const host = url ? siteHost(url) : null;
  const last = (tabId === undefined ? undefined : lastByTab?.[String(tabId)]) ?? null;
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
    queueLength: queue?.length ?? 0,
    queueDropped: queueDropped ?? 0,
    // The limit message stays for a day after the last 402.
    limitReached: limitReachedAt !== undefined && ctx.now() - limitReachedAt < 24 * 3600_000,
    dashboardUrl: `${ctx.config.webOrigin}/auth/dashboard`,
  };
}

/** Internal messages from the extension's own content scripts and popup. */
export async function handleInternal(ctx: BackgroundContext, msg: InternalMessage, sender: MessageSender): Promise<unknown> {
  switch (msg.kind) {
    case 'bridge':
      // Only our own bridge script, running in a tab of the web app.
      if (sender.id !== ctx.browser.runtime.id) return { success: false, error: 'Origin not allowed' };
      return handleWebMessage(ctx, msg.message, sender.tab ? senderOrigin(sender) : null);
    case 'captureCheck':
      return handleCaptureCheck(ctx, msg.url, sender.tab);
    case 'capture':
      return handleCapture(ctx, msg, sender.tab);
    case 'popupState':
      return popupState(ctx, msg.tabId, msg.url);
    case 'ignoreSite': {
      const host = siteHost(msg.url);
      if (host) {
        await ctx.store.update('localIgnored', (list = []) => ({
          value: msg.ignore ? [...new Set([...list, host])] : list.filter((h) => h !== host),
          result: undefined,
        }));
      }
      return popupState(ctx, msg.tabId, msg.url);
    }
    case 'pause':
      await ctx.store.updateSettings({ pausedUntil: msg.minutes > 0 ? ctx.now() + msg.minutes * 60_000 : 0 });
      return popupState(ctx, msg.tabId, msg.url);
    case 'setOnDevice':
      await ctx.store.updateSettings({ onDevice: msg.onDevice });
      return popupState(ctx, msg.tabId, msg.url);
  }
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
  // The toolbar badge follows the stored state: the key (connected), the pause and the queue.
  const badge = () => void updateBadge(ctx).catch((error: unknown) => console.error('Media Diet badge:', error));
  browser.storage.onChanged?.addListener((changes, area) => {
    if (area === 'local' && ['apiKey', 'settings', 'queue'].some((key) => key in changes)) badge();
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === BADGE_ALARM) badge();
    if (alarm.name === FLUSH_ALARM) void ctx.queue.flush();
    if (alarm.name === DISABLED_ALARM) void ctx.refreshDisabled(true);
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
    void ctx.refreshDisabled().then(() => ctx.queue.flush());
  };
  browser.runtime.onStartup?.addListener(start);
  browser.runtime.onInstalled?.addListener(start);
  globalThis.addEventListener?.('online', () => void ctx.queue.flush(true));
}
