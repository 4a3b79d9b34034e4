import { useEffect } from 'react';
import { useNavigation } from '@/lib/navigation';
import { notify } from '@/lib/toast';

/**
 * `?error=…` on the sign-in page is shown as an error toast (spec §2) — e.g. a failed or unconfigured
 * Google sign-in. The parameter is then removed so a reload does not show it again.
 */
export function useErrorParamToast(): void {
  const { search, navigate } = useNavigation();
  const error = new URLSearchParams(search).get('error');
  useEffect(() => {
    if (!error) return;
    notify.error(error, { toastId: `sign-in-error:${error}` });
    const next = new URLSearchParams(search);
    next.delete('error');
    const rest = next.toString();
    navigate(`${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`, {
      replace: true,
    });
  }, [error, search, navigate]);
}
