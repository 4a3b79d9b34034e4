import { messages } from '@mediadiet/contract/messages';
import type { User } from '@mediadiet/contract/user';
import { env } from '@/config/env';
import { forgetOAuthBinding, storedOAuthBinding } from '@/lib/oauth-binding';

/**
 * The `token` of the Google redirect (`/auth/dashboard?success=true&token=…&user=…`, spec §2) is a single-use
 * code, redeemed here by `POST /auth/google/exchange` together with this browser's binding value
 * (docs/decisions/108). A code from anyone else's flow is refused by the server; without a stored binding
 * value this browser started no flow, and the code is refused without asking.
 */
export type Redeemed = { ok: true; token: string; user: User } | { ok: false; error: string };

export async function redeemGoogleCode(code: string): Promise<Redeemed> {
  const binding = storedOAuthBinding();
  if (!binding) return { ok: false, error: messages.security.googleCodeRefused };
  const [{ safeRequest }, { extraApi }] = await Promise.all([
    import('@/lib/api-client'),
    import('@mediadiet/contract/routes'),
  ]);
  const result = await safeRequest(extraApi.authGoogleExchange, { body: { token: code, binding } });
  if (!result.ok) return { ok: false, error: result.error };
  forgetOAuthBinding();
  return { ok: true, token: result.data.token, user: result.data.user };
}

/** Ends a session this browser was handed but will not use (the person stayed in their own account). */
export async function discardSessionToken(token: string): Promise<void> {
  try {
    await fetch(`${env.apiBase}/auth/logout`, {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'include',
    });
  } catch {
    // Unreachable: the unused session ends by itself after 7 days without use.
  }
}
