import { useEffect } from 'react';
import { loadToastify, toastContainerProps, useToastify } from '@/lib/toast';

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * The toast container, rendered once by the app provider. It appears when react-toastify has loaded
 * (lib/toast.ts); the first interaction with the page starts loading it, so a toast that answers an
 * action is not kept waiting. The container is fixed-position: its arrival shifts no layout.
 */
export function Toaster() {
  const toastify = useToastify();

  useEffect(() => {
    if (toastify) return;
    const start = () => void loadToastify().catch(() => {});
    for (const type of INTERACTIONS) {
      window.addEventListener(type, start, { capture: true, once: true, passive: true });
    }
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, start, { capture: true });
    };
  }, [toastify]);

  if (!toastify) return null;
  const { ToastContainer } = toastify;
  return <ToastContainer {...toastContainerProps} />;
}
