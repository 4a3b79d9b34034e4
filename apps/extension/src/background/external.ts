import {
  ExtensionRequestSchema,
  type ExtensionReply,
  type ExtensionRequest,
  type ExtensionResult,
} from '@mediadiet/contract/extension';
import type { BackgroundContext } from './context';
import { refreshGoals } from './goals';
import { forgetLabelAccount, labelsAfterPairing, rebaseLabelCounts } from './labels';

/** CONNECT_EXTENSION older (or further in the future) than this is refused. */
export const CONNECT_MAX_AGE_MS = 2 * 60_000;

export const ERRORS = {
  origin: 'Origin not allowed',
  invalid: 'Invalid message',
  expired: 'Connection request expired',
  verify: 'Failed to verify extension',
  notConnected: 'Not connected',
  invalidToken: 'Invalid token',
  confirmSwitch: 'Confirm the account switch in the Media Diet extension window',
  noPendingSwitch: 'No account switch is waiting, or it has expired. Connect again from your account.',
} as const;

/** How long a requested account switch waits for the person on the extension's page. */
export const SWITCH_MAX_AGE_MS = 10 * 60_000;
/** The extension's own page that asks before switching accounts. */
export const CONFIRM_PAGE = 'confirm/confirm.html';

/** The page origin of a sender: `sender.origin` (Chromium) or the origin of `sender.url` (Firefox). */
export function senderOrigin(sender: { origin?: string; url?: string }): string | null {
  if (sender.origin) return sender.origin;
  try {
    return sender.url ? new URL(sender.url).origin : null;
  } catch {
    return null;
  }
}

/**
 * A web-app message (runtime.onMessageExternal on Chromium, the window bridge everywhere). `origin` is the
 * sending page's origin; only the configured web origin is served.
 */
export async function handleWebMessage(
  ctx: BackgroundContext,
  raw: unknown,
  origin: string | null,
): Promise<ExtensionReply<ExtensionRequest['type']>> {
  if (origin !== ctx.config.webOrigin) return { success: false, error: ERRORS.origin };
  const parsed = ExtensionRequestSchema.safeParse(raw);
  if (!parsed.success) return { success: false, error: ERRORS.invalid };
  const msg = parsed.data;
  switch (msg.type) {
    case 'PING':
      return { ok: true, version: ctx.config.version };
    case 'CONNECT_EXTENSION':
      return connect(ctx, msg.apiKey, msg.userId, msg.timestamp);
    case 'VALIDATE_TOKEN':
      return validate(ctx);
    case 'DISABLED_CHANGED':
      return refreshDisabled(ctx);
    case 'DISCONNECT_EXTENSION':
      return disconnect(ctx);
  }
}

async function refreshDisabled(ctx: BackgroundContext): Promise<ExtensionResult> {
  if (!(await ctx.store.get('apiKey'))) return { success: false, error: ERRORS.notConnected };
  await ctx.refreshDisabled(true);
  return { success: true };
}

/** The dashboard disconnected us (the server already revoked the key): forget it and what waits to be sent. */
async function disconnect(ctx: BackgroundContext): Promise<ExtensionResult> {
  await ctx.store.remove('apiKey', 'userId', 'connectedAt', 'connectionError', 'limitReachedAt', 'goals');
  await ctx.queue.clear();
  await forgetLabelAccount(ctx);
  return { success: true };
}

/**
 * CONNECT_EXTENSION. Paired already: the server says whose the offered key is (the page's `userId` is only a
 * claim, and any script on the web origin can send this message). The same account connects as before;
 * another account is never switched to silently: the key waits, unused, while the extension's own page asks
 * the person (docs/decisions/109), and the page gets `ERRORS.confirmSwitch`.
 */
async function connect(ctx: BackgroundContext, apiKey: string, userId: string, timestamp: number): Promise<ExtensionResult> {
  if (Math.abs(ctx.now() - timestamp) > CONNECT_MAX_AGE_MS) return { success: false, error: ERRORS.expired };
  const [pairedKey, pairedUser] = await Promise.all([ctx.store.get('apiKey'), ctx.store.get('userId')]);
  if (pairedKey && pairedUser) {
    const owner = await ctx.api.tokenValidity(apiKey);
    if (!owner.ok) return { success: false, error: owner.status === 0 ? owner.error : ERRORS.verify };
    if (owner.data.userId !== pairedUser) {
      await ctx.store.set({ pendingSwitch: { apiKey, userId: owner.data.userId, requestedAt: ctx.now() } });
      await openConfirmPage(ctx);
      return { success: false, error: ERRORS.confirmSwitch };
    }
    return pair(ctx, apiKey, owner.data.userId);
  }
  return pair(ctx, apiKey, userId);
}

async function pair(ctx: BackgroundContext, apiKey: string, userId: string): Promise<ExtensionResult> {
  const res = await ctx.api.verify(apiKey);
  if (!res.ok) return { success: false, error: res.status === 0 ? res.error : ERRORS.verify };
  await rebaseLabelCounts(ctx, await ctx.store.get('apiKey'), apiKey);
  await ctx.store.set({ apiKey, userId, connectedAt: ctx.now(), queueRetry: { failures: 0, nextAt: 0 } });
  // The goals of the account paired before, if any, are not this one's.
  await ctx.store.remove('connectionError', 'limitReachedAt', 'goals');
  // Fresh key: fetch the ignore list and send whatever waited for a connection; where the goals stand.
  void ctx.refreshDisabled(true).then(() => ctx.queue.flush(true));
  void refreshGoals(ctx, true).catch(() => undefined);
  // The sensitivities and read pages for link labels, and the label counts that waited (decision 159).
  void labelsAfterPairing(ctx).catch(() => undefined);
  return { success: true };
}

async function openConfirmPage(ctx: BackgroundContext): Promise<void> {
  const url = ctx.browser.runtime.getURL?.(CONFIRM_PAGE);
  if (!url || !ctx.browser.tabs) return;
  try {
    await ctx.browser.tabs.create({ url });
  } catch (error) {
    console.error('Media Diet: the confirmation page could not be opened', error);
  }
}

/** The waiting switch, if it has not expired (an expired one is dropped). */
export async function pendingSwitch(ctx: BackgroundContext) {
  const pending = await ctx.store.get('pendingSwitch');
  if (!pending) return null;
  if (ctx.now() - pending.requestedAt > SWITCH_MAX_AGE_MS) {
    await ctx.store.remove('pendingSwitch');
    return null;
  }
  return pending;
}

/**
 * The person's answer on the confirmation page. Accepting pairs the waiting key; what was captured for the
 * previous account and not yet sent is dropped, never sent to the new one. Declining forgets the key.
 */
export async function decideSwitch(ctx: BackgroundContext, accept: boolean): Promise<ExtensionResult> {
  const pending = await pendingSwitch(ctx);
  await ctx.store.remove('pendingSwitch');
  if (!pending) return { success: false, error: ERRORS.noPendingSwitch };
  if (!accept) return { success: true };
  await ctx.queue.clear();
  await forgetLabelAccount(ctx);
  return pair(ctx, pending.apiKey, pending.userId);
}

async function validate(ctx: BackgroundContext): Promise<ExtensionResult> {
  const apiKey = await ctx.store.get('apiKey');
  if (!apiKey) return { success: false, error: ERRORS.notConnected };
  const res = await ctx.api.tokenValidity(apiKey);
  if (res.ok && res.data.valid) return { success: true };
  if (!res.ok && res.status === 0) return { success: false, error: res.error };
  if (!res.ok && res.status !== 401) return { success: false, error: res.error };
  await ctx.store.remove('apiKey');
  await ctx.store.set({ connectionError: 'The connection was revoked. Reconnect from your account.' });
  return { success: false, error: ERRORS.invalidToken };
}
