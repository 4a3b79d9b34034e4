import { cleanCaptureUrl } from '@mediadiet/contract/capture';
import { TOUCHPOINT_TEXT_MIN } from '@mediadiet/contract/constants';
import { TOUCHPOINT_TEXT_MAX, type TouchpointRequest } from '@mediadiet/contract/extension';
import type { InternalReply } from '../messaging';
import { skipReason, type CaptureContext, type SkipReason } from '../rules';
import type { LastAnalysis } from '../storage-keys';
import type { BackgroundContext } from './context';
import { rememberVisited } from './visited';

/** The same URL with the same content is sent once within this window. */
export const DEDUPE_WINDOW_MS = 30 * 60_000;
export const DISABLED_TTL_MS = 60 * 60_000;
const LAST_BY_TAB_MAX = 50;

export interface SenderTab {
  id?: number;
  incognito?: boolean;
}

export async function captureContext(ctx: BackgroundContext, incognito: boolean): Promise<CaptureContext> {
  const [settings, disabled, localIgnored, consent] = await Promise.all([
    ctx.store.settings(),
    ctx.store.get('disabled'),
    ctx.store.get('localIgnored'),
    ctx.store.get('consent'),
  ]);
  return {
    webOrigin: ctx.config.webOrigin,
    apiBase: ctx.config.apiBase,
    incognito,
    pausedUntil: settings.pausedUntil,
    now: ctx.now(),
    disabledDomains: disabled?.domains ?? [],
    localIgnored: localIgnored ?? [],
    consented: hasConsent(consent),
  };
}

/** The consent page's version: a change to what the extension reads or sends asks again (decision 115). */
export const CONSENT_VERSION = 1;

export function hasConsent(consent: { version: number } | undefined): boolean {
  return consent !== undefined && consent.version >= CONSENT_VERSION;
}

/** Every rule, plus "connected": nothing is captured before the user pairs the extension. */
export async function captureSkip(ctx: BackgroundContext, url: string, incognito: boolean): Promise<SkipReason | null> {
  const reason = skipReason(url, await captureContext(ctx, incognito));
  if (reason) return reason;
  if (!(await ctx.store.get('apiKey'))) return 'not-connected';
  return null;
}

export async function handleCaptureCheck(
  ctx: BackgroundContext,
  url: string,
  tab: SenderTab | undefined,
): Promise<InternalReply<'captureCheck'>> {
  void ctx.refreshDisabled().catch(() => undefined);
  const reason = await captureSkip(ctx, url, tab?.incognito ?? false);
  return { capture: reason === null, reason, dwellMs: (await ctx.store.settings()).dwellMs };
}

/** SHA-256 (hex, first 16 bytes) of title + text: "the same content". */
export async function contentHash(title: string, text: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${title}\n${text}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A page the content script extracted. Rules are checked again here (the background is the authority), then
 * de-dup, then — on-device mode — the analyzer runs here and only url, title and scores are queued.
 */
export async function handleCapture(
  ctx: BackgroundContext,
  page: { url: string; title: string; text: string },
  tab: SenderTab | undefined,
): Promise<InternalReply<'capture'>> {
  const reason = await captureSkip(ctx, page.url, tab?.incognito ?? false);
  if (reason) return { status: 'skipped', reason };
  const title = page.title.trim().slice(0, 1000);
  const text = page.text.slice(0, TOUCHPOINT_TEXT_MAX);
  // A near-empty page ("No results") is neither analysed nor billed (decision 114).
  if (text.replace(/\s+/g, ' ').trim().length < TOUCHPOINT_TEXT_MIN) return { status: 'skipped' };
  // Kept without query and fragment, but the site's content id (decision 112): the same rule as the server's.
  const url = cleanCaptureUrl(page.url);

  const key = `${url}#${await contentHash(title, text)}`;
  const now = ctx.now();
  const fresh = await ctx.store.update('recent', (recent = {}) => {
    const kept = Object.fromEntries(Object.entries(recent).filter(([, at]) => now - at < DEDUPE_WINDOW_MS));
    const seen = kept[key] !== undefined;
    if (!seen) kept[key] = now;
    return { value: kept, result: !seen };
  });
  if (!fresh) return { status: 'duplicate' };

  const { onDevice } = await ctx.store.settings();
  const capturedAt = new Date(now).toISOString();
  let request: TouchpointRequest;
  let last: LastAnalysis;
  if (onDevice) {
    const scores = await ctx.analyze({ title, text, url });
    // The person read it: a link to it is labelled with their verdict (decision 159).
    await rememberVisited(ctx, url, scores);
    request = { url, title, scores, capturedAt };
    last = { url, title, at: now, mode: 'device', scores, status: 'queued' };
  } else {
    request = { url, title, text, capturedAt };
    last = { url, title, at: now, mode: 'server', status: 'queued' };
  }
  if (tab?.id !== undefined) await setLastAnalysis(ctx, tab.id, last);
  await ctx.queue.enqueue(request, key);
  void ctx.queue.flush();
  return { status: 'queued', ...(last.scores ? { scores: last.scores } : {}) };
}

export function setLastAnalysis(ctx: BackgroundContext, tabId: number, last: LastAnalysis): Promise<void> {
  return ctx.store.update('lastAnalysisByTab', (all = {}) => {
    const entries = Object.entries({ ...all, [String(tabId)]: last });
    return { value: Object.fromEntries(entries.slice(-LAST_BY_TAB_MAX)), result: undefined };
  });
}

/**
 * Update the status of every tab entry showing this URL and still waiting (after the queue sent or dropped it);
 * a sent one keeps the id the server answered, so the popup can fetch its result.
 */
export function markLastAnalysis(
  ctx: BackgroundContext,
  url: string,
  status: LastAnalysis['status'],
  analysisId?: string,
): Promise<void> {
  return ctx.store.update('lastAnalysisByTab', (all = {}) => ({
    value: Object.fromEntries(
      Object.entries(all).map(([tab, last]) => [
        tab,
        last.url === url && last.status === 'queued'
          ? { ...last, status, ...(analysisId === undefined ? {} : { analysisId }) }
          : last,
      ]),
    ),
    result: undefined,
  }));
}

/** GET /api/extension/disabled, cached for an hour (the user's list + default protected domains). */
export async function refreshDisabled(ctx: BackgroundContext, force = false): Promise<void> {
  const apiKey = await ctx.store.get('apiKey');
  if (!apiKey) return;
  const cached = await ctx.store.get('disabled');
  if (!force && cached && ctx.now() - cached.fetchedAt < DISABLED_TTL_MS) return;
  const res = await ctx.api.disabled(apiKey);
  if (!res.ok) return;
  const domains = [...res.data.urls.current, ...res.data.urls.defaults.flatMap((g) => g.urls)];
  await ctx.store.set({
    disabled: { domains: [...new Set(domains)], fetchedAt: ctx.now(), account: [...res.data.urls.current] },
  });
}
