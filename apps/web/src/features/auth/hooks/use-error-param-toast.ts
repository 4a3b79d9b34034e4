import { useEffect } from 'react';
import { signInErrorMessage } from '@mediadiet/contract/messages';
import { useNavigation } from '@/lib/navigation';
import { notify } from '@/lib/toast';

/**
 * `?error=…` on the sign-in page is shown as an error toast (spec §2) — e.g. a failed or unconfigured
 * Google sign-in. The parameter is a code of the contract's catalogue (`messages.signInError`) and the toast
 * shows that code's text; any other value shows the catalogue's generic text, never the value itself, so a
 * link cannot make the product say its words (decision 107). The parameter is then removed so a reload does
 * not show it again.
 */
export function useErrorParamToast(): void {
  const { search, navigate } = useNavigation();
  const error = new URLSearchParams(search).get('error');
  useEffect(() => {
    if (!error) return;
    const message = signInErrorMessage(error);
    notify.error(message, { toastId: `sign-in-error:${message}` });
    const next = new URLSearchParams(search);
    next.delete('error');
    const rest = next.toString();
    navigate(`${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`, {
      replace: true,
    });
  }, [error, search, navigate]);
}
