import {
  ExtensionRequestSchema,
  type ExtensionReply,
  type ExtensionRequest,
  type ExtensionResult,
} from '@mediadiet/contract/extension';
import type { BackgroundContext } from './context';

/** CONNECT_EXTENSION older (or further in the future) than this is refused. */
export const CONNECT_MAX_AGE_MS = 2 * 60_000;

export const ERRORS = {
  origin: 'Origin not allowed',
  invalid: 'Invalid message',
  expired: 'Connection request expired',
  verify: 'Failed to verify extension',
  notConnected: 'Not connected',
  invalidToken: 'Invalid token',
} as const;

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
  await ctx.store.remove('apiKey', 'userId', 'connectedAt', 'connectionError', 'limitReachedAt');
  await ctx.queue.clear();
  return { success: true };
}

async function connect(ctx: BackgroundContext, apiKey: string, userId: string, timestamp: number): Promise<ExtensionResult> {
  if (Math.abs(ctx.now() - timestamp) > CONNECT_MAX_AGE_MS) return { success: false, error: ERRORS.expired };
  const res = await ctx.api.verify(apiKey);
  if (!res.ok) return { success: false, error: res.status === 0 ? res.error : ERRORS.verify };
  await ctx.store.set({ apiKey, userId, connectedAt: ctx.now(), queueRetry: { failures: 0, nextAt: 0 } });
  await ctx.store.remove('connectionError', 'limitReachedAt');
  // Fresh key: fetch the ignore list and send whatever waited for a connection.
  void ctx.refreshDisabled(true).then(() => ctx.queue.flush(true));
  return { success: true };
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
