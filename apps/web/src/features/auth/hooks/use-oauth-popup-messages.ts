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
 * The opener's side of the Google popup: accept `oauth_success` / `oauth_error` only from our own origin.
 * A failure is shown as an error toast, like `?error=` on the sign-in page: the catalogue text of its code
 * (the popup forwards the page's `?error=` value, which anyone can write). The message is read with
 * `readOAuthMessage` (lib/oauth-popup.ts, loaded as the sign-in screen mounts, off its first render). A message
 * that arrives is handled even if the screen re-mounted meanwhile: the person asked to sign in, and the new
 * screen's listener was not there to hear it.
 */
export function useOAuthPopupMessages(onSuccess: (message: OAuthSuccessMessage) => void): void {
  const handleSuccess = useEffectEvent(onSuccess);
  useEffect(() => {
    const parser = import('@/lib/oauth-popup');
    const onMessage = (event: MessageEvent) => {
      if (!mayBeOAuthMessage(event)) return;
      void parser.then(({ readOAuthMessage }) => {
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
