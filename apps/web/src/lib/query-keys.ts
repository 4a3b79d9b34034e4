/**
 * Query keys shared across features. Features do not import each other, yet the real-time and cross-tab
 * refresh (lib/socket.ts, lib/broadcast.ts) must invalidate what the auth and account features cache.
 */
export const queryKeys = {
  /** The user's ignored sites (`GET /api/account/urls`) and the disabled lists; cleared on extension disconnect. */
  urls: ['urls'] as const,
  urlsDisabled: ['urls', 'disabled'] as const,
  /** The signed-in user as `POST /auth/loggedin` reports it (`User | null`). */
  session: ['session'] as const,
  /** Everything under the account domain (`GET /api/account/info`, …). */
  account: ['account'] as const,
  accountInfo: ['account', 'info'] as const,
};
