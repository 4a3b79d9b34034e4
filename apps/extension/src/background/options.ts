/**
 * The options page's part of the background (decision 162): how long a pause lasts, the keyboard shortcut that
 * pauses and resumes, and the ignored sites (the account's list, read with the key; sites ignored on this
 * browser only).
 */
import { isHostIgnored, isHostProtected } from '@mediadiet/contract/urls';
import type { IgnoredSiteAddResult, InternalMessages, OptionsState } from '../messaging';
import { readTypedSite } from '../typed-site';
import type { BackgroundContext } from './context';

/** The manifest's command that pauses reading, or resumes it when paused. */
export const PAUSE_COMMAND = 'toggle-pause';
/** The shortcut's pause: as the popup's "1 hour". */
export const COMMAND_PAUSE_MINUTES = 60;
/** The longest pause a message may ask for; "until tomorrow" is at most 25 hours away (a daylight-saving day). */
export const PAUSE_MAX_MS = 48 * 3600_000;

/** The web app's page where the account's ignored sites are edited (the key may add to them, never remove). */
export const IGNORED_SITES_PATH = '/auth/dashboard?view=urlManagement';

/**
 * When a pause asked for ends (ms), 0 to resume: `minutes` from now, or `until` as the page computed it (in the
 * browser's zone), never in the past nor more than PAUSE_MAX_MS ahead.
 */
export function pauseEnd(now: number, req: InternalMessages['pause']['req']): number {
  const end = 'until' in req ? req.until : now + req.minutes * 60_000;
  if (!Number.isFinite(end) || end <= now) return 0;
  return Math.min(end, now + PAUSE_MAX_MS);
}

/** The keyboard shortcut: pause for an hour, or resume when paused (the badge shows "II" while paused). */
export async function togglePause(ctx: BackgroundContext): Promise<number> {
  const { pausedUntil } = await ctx.store.settings();
  const next = pausedUntil > ctx.now() ? 0 : ctx.now() + COMMAND_PAUSE_MINUTES * 60_000;
  await ctx.store.updateSettings({ pausedUntil: next });
  return next;
}

/** What the options page shows; `refresh` asks the server for the account's list first (one GET). */
export async function optionsState(ctx: BackgroundContext, refresh = false): Promise<OptionsState> {
  if (refresh) await ctx.refreshDisabled(true).catch(() => undefined);
  const [apiKey, settings, disabled, local] = await Promise.all([
    ctx.store.get('apiKey'),
    ctx.store.settings(),
    ctx.store.get('disabled'),
    ctx.store.get('localIgnored'),
  ]);
  const sorted = (list: readonly string[]) => [...new Set(list)].sort((a, b) => a.localeCompare(b));
  return {
    connected: Boolean(apiKey),
    pausedUntil: settings.pausedUntil > ctx.now() ? settings.pausedUntil : 0,
    account: apiKey && disabled?.account ? sorted(disabled.account) : null,
    local: sorted(local ?? []),
    manageUrl: `${ctx.config.webOrigin}${IGNORED_SITES_PATH}`,
  };
}

/**
 * The options page's "Add a site": checked with the contract's domain rules (the server's), then added to the
 * account's list as the popup's "Ignore this site" does, or kept on this browser when that cannot be done.
 */
export async function addIgnoredSite(
  ctx: BackgroundContext,
  typed: string,
  add: (ctx: BackgroundContext, host: string) => Promise<string | null>,
): Promise<IgnoredSiteAddResult> {
  const site = readTypedSite(typed);
  if (!site.ok) return { success: false, error: site.error };
  const domain = site.host;
  if (isHostProtected(domain)) {
    return { success: false, error: `${domain} is a protected site: Media Diet never reads it.` };
  }
  const before = await optionsState(ctx);
  if (before.account && isHostIgnored(domain, before.account)) {
    return { success: false, error: `${domain} is already ignored by your account.` };
  }
  const note = await add(ctx, domain);
  return { success: true, domain, where: note ? 'browser' : 'account', note, state: await optionsState(ctx) };
}
