import { z } from 'zod';
import { LOGIN_PATH, OAUTH_RETURN_PATH } from '@mediadiet/contract/auth';
import { OAuthSuccessMessageSchema, type OAuthSuccessMessage } from '@mediadiet/contract/extension';
import { UserSchema } from '@mediadiet/contract/user';

/**
 * Google sign-in (spec §2): a 600×600 popup opened on `GET /auth/google?mode=popup`, or — when the
 * browser blocks the popup — a full-page redirect to `GET /auth/google?mode=redirect`.
 *
 * The server ends both on `/auth/dashboard?success=true&token=…&user=<JSON>` or `/auth/login?error=…`.
 * Inside the popup, `completeOAuthPopup` (called by main.tsx before the app starts) posts the outcome
 * to the opener — targeted at our own origin — and closes the popup. The opener accepts only messages
 * from our own origin (`readOAuthMessage`).
 * Opening the popup is in google-sign-in.ts (re-exported here); this module holds what parses (zod).
 */

export {
  GOOGLE_POPUP_NAME,
  googleAuthUrl,
  mayBeOAuthPopupReturn,
  popupFeatures,
  startGoogleSignIn,
} from '@/lib/google-sign-in';

/** The popup's failure message. Ours: the contract only names `oauth_success` (spec §7). */
export const OAuthErrorMessageSchema = z.object({
  type: z.literal('oauth_error'),
  error: z.string().min(1),
});
export type OAuthErrorMessage = z.infer<typeof OAuthErrorMessageSchema>;

export type OAuthMessage = OAuthSuccessMessage | OAuthErrorMessage;

const OAuthMessageSchema = z.discriminatedUnion('type', [OAuthSuccessMessageSchema, OAuthErrorMessageSchema]);

/** The opener's side: a message event is ours only if it comes from our own origin and has our shape. */
export function readOAuthMessage(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  ownOrigin: string,
): OAuthMessage | null {
  if (event.origin !== ownOrigin) return null;
  const parsed = OAuthMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

type PopupWindow = {
  location: Pick<Location, 'origin' | 'pathname' | 'search'>;
  opener: unknown;
  close: () => void;
};

/** The opener, if this window is a popup opened by a page of our own origin. */
function sameOriginOpener(win: PopupWindow): Pick<Window, 'postMessage'> | null {
  const opener = win.opener as (Window & typeof globalThis) | null | undefined;
  if (!opener || opener === (win as unknown)) return null;
  try {
    // Reading another origin's location throws; only our own pages may receive the token.
    return opener.location.origin === win.location.origin ? opener : null;
  } catch {
    return null;
  }
}

/** The `user` query parameter: the User as JSON (possibly URI-encoded once more). */
export function parseUserParam(raw: string | null) {
  if (!raw) return null;
  for (const candidate of [raw, safeDecode(raw)]) {
    try {
      const parsed = UserSchema.safeParse(JSON.parse(candidate));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON in this encoding; try the next one
    }
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The popup's side. If this window is the Google popup returning to us (opened by a page of our origin,
 * at `/auth/dashboard?success=true&token&user` or `/auth/login?error`), post the outcome to the opener
 * and close. Returns true when it did, so the caller does not start the app in the popup.
 */
export function completeOAuthPopup(win: PopupWindow = window): boolean {
  const { pathname, search, origin } = win.location;
  const params = new URLSearchParams(search);
  const path = pathname.replace(/\/+$/, '');
  let message: OAuthMessage | null = null;

  if (path === OAUTH_RETURN_PATH && params.has('token')) {
    const token = params.get('token');
    const user = parseUserParam(params.get('user'));
    message =
      params.get('success') === 'true' && token && user
        ? { type: 'oauth_success', success: true, token, user }
        : { type: 'oauth_error', error: params.get('error') || 'Google sign-in failed. Please try again.' };
  } else if (path === LOGIN_PATH && params.get('error')) {
    message = { type: 'oauth_error', error: params.get('error') ?? '' };
  }
  if (!message) return false;

  const opener = sameOriginOpener(win);
  if (!opener) return false;
  opener.postMessage(message, origin);
  win.close();
  return true;
}
