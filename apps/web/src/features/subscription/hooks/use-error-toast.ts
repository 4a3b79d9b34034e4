import { useEffect } from 'react';
import { notify } from '@/lib/toast';

/** Raises an error toast once when `failed` turns true (toastId de-duplicates StrictMode and repeats). */
export function useErrorToast(failed: boolean, message: string): void {
  useEffect(() => {
    if (failed) notify.error(message, { toastId: message });
  }, [failed, message]);
}
