import { useEffect, useEffectEvent } from 'react';
import type { OAuthSuccessMessage } from '@mediadiet/contract/extension';
import { readOAuthMessage } from '@/lib/oauth-popup';
import { notify } from '@/lib/toast';

/**
 * The opener's side of the Google popup: accept `oauth_success` / `oauth_error` only from our own origin.
 * A failure is shown as an error toast, like `?error=` on the sign-in page.
 */
export function useOAuthPopupMessages(onSuccess: (message: OAuthSuccessMessage) => void): void {
  const handleSuccess = useEffectEvent(onSuccess);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = readOAuthMessage(event, window.location.origin);
      if (!message) return;
      if (message.type === 'oauth_success') handleSuccess(message);
      else notify.error(message.error, { toastId: `oauth-error:${message.error}` });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}
