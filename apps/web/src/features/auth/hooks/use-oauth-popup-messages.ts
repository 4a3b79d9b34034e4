import { useEffect, useEffectEvent } from 'react';
import type { OAuthSuccessMessage } from '@mediadiet/contract/extension';
import { signInErrorMessage } from '@mediadiet/contract/messages';
import { notify } from '@/lib/toast';

/** Cheap pre-check before the parsing code loads: our origin and a `type` the popup sends. */
function mayBeOAuthMessage(event: MessageEvent): boolean {
  if (event.origin !== window.location.origin) return false;
  const type: unknown = (event.data as { type?: unknown } | null)?.type;
  return type === 'oauth_success' || type === 'oauth_error';
}

/**
 * The code that reads the popup's messages (lib/oauth-popup.ts: zod and the contract's user schema). Fetched
 * when the visitor starts Google sign-in (the popup's answer follows) and with the first message that may be
 * one, never with the sign-in page itself: a signed-out page loads no zod (docs/decisions/073, 166).
 */
export function loadOAuthReader() {
  return import('@/lib/oauth-popup');
}

/**
 * The opener's side of the Google popup: accept `oauth_success` / `oauth_error` only from our own origin.
 * A failure is shown as an error toast, like `?error=` on the sign-in page: the catalogue text of its code
 * (the popup forwards the page's `?error=` value, which anyone can write). The message is read with
 * `readOAuthMessage` (`loadOAuthReader`). A message that arrives is handled even if the screen re-mounted
 * meanwhile: the person asked to sign in, and the new screen's listener was not there to hear it.
 */
export function useOAuthPopupMessages(onSuccess: (message: OAuthSuccessMessage) => void): void {
  const handleSuccess = useEffectEvent(onSuccess);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!mayBeOAuthMessage(event)) return;
      void loadOAuthReader().then(({ readOAuthMessage }) => {
        const message = readOAuthMessage(event, window.location.origin);
        if (!message) return;
        if (message.type === 'oauth_success') handleSuccess(message);
        else {
          const text = signInErrorMessage(message.error);
          notify.error(text, { toastId: `oauth-error:${text}` });
        }
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}
