import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '@/lib/toast';

/**
 * `?error=…` on the sign-in page is shown as an error toast (spec §2) — e.g. a failed or unconfigured
 * Google sign-in. The parameter is then removed so a reload does not show it again.
 */
export function useErrorParamToast(): void {
  const [params, setParams] = useSearchParams();
  const error = params.get('error');
  useEffect(() => {
    if (!error) return;
    notify.error(error, { toastId: `sign-in-error:${error}` });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [error, setParams]);
}
