import { LOGIN_PATH, OAUTH_RETURN_PATH } from '@mediadiet/contract/auth';
import { POPUP_HEIGHT, POPUP_WIDTH } from '@mediadiet/contract/constants';
import { oauthBinding } from '@/lib/oauth-binding';

/**
 * Google sign-in (spec §2), the part every page may need and that reads nothing: open the 600×600 popup on
 * `GET /auth/google?mode=popup`, or — when the browser blocks it — redirect the page to
 * `GET /auth/google?mode=redirect`; and tell whether this window may be that popup coming back.
 * Reading what the popup returns (zod) lives in oauth-popup.ts, loaded only when there is something to read.
 */

export const GOOGLE_POPUP_NAME = 'mediadiet-google';

/**
 * `binding`: this browser's value (lib/oauth-binding.ts), which the flow's code must be redeemed with. Null
 * only for a link's address before anyone went near it: the sign-in screen stores the value and puts it in
 * the address on the first pointer, focus or context-menu event, before the link can be followed.
 */
export function googleAuthUrl(apiBase: string, mode: 'popup' | 'redirect', binding: string | null): string {
  const base = `${apiBase}/auth/google?mode=${mode}`;
  return binding ? `${base}&binding=${encodeURIComponent(binding)}` : base;
}

/** `window.open` features for a 600×600 popup centred over the current window. */
export function popupFeatures(
  win: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>,
): string {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - POPUP_HEIGHT) / 2));
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

type OpenerWindow = Pick<Window, 'open' | 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'> & {
  location: Pick<Location, 'assign'>;
};

/** Opens the popup; a blocked popup falls back to the full-page redirect. Returns which flow ran. */
export function startGoogleSignIn(apiBase: string, win: OpenerWindow = window): 'popup' | 'redirect' {
  const binding = oauthBinding(); // stored before the Google window opens
  const popup = win.open(googleAuthUrl(apiBase, 'popup', binding), GOOGLE_POPUP_NAME, popupFeatures(win));
  if (popup) {
    popup.focus();
    return 'popup';
  }
  win.location.assign(googleAuthUrl(apiBase, 'redirect', binding));
  return 'redirect';
}

/**
 * Whether this window may be the Google popup returning to us: it has an opener and is at
 * `/auth/dashboard?token=…` or `/auth/login?error=…` — the only cases `completeOAuthPopup` acts on.
 * Cheap on purpose: main.tsx loads the popup code only when this holds.
 */
export function mayBeOAuthPopupReturn(win: {
  location: Pick<Location, 'pathname' | 'search'>;
  opener: unknown;
}): boolean {
  if (!win.opener || win.opener === win) return false;
  const path = win.location.pathname.replace(/\/+$/, '');
  const params = new URLSearchParams(win.location.search);
  return (
    (path === OAUTH_RETURN_PATH && params.has('token')) ||
    (path === LOGIN_PATH && Boolean(params.get('error')))
  );
}
