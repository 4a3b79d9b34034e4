import type * as ReactToastify from 'react-toastify';
import type { ToastContainerProps, ToastContent, ToastOptions } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT, TOAST_POSITION } from '@mediadiet/contract/constants';
import { lazyModule, useLazyModule } from '@/lib/lazy-module';

/**
 * Toasts (spec §2 "Modal and toasts", §9): auto-close 5000 ms, at most 3 at once, top-right.
 * Content is text, an element, a render function or a number — react-toastify's `ToastContent`.
 * Components call `notify.*`; only `app/provider.tsx` renders the container (`components/ui/toaster.tsx`).
 * `options.toastId` de-duplicates a toast that an effect may raise twice (React StrictMode).
 *
 * react-toastify is not part of the first page load (docs/decisions/073-route-javascript-budget.md): it is
 * fetched on the first `notify.*` or the first user interaction, whichever comes first. A toast raised
 * before it arrives waits for it (in order); react-toastify itself keeps toasts raised before its
 * container mounts and shows them when it does.
 */
export const toastContainerProps = {
  autoClose: TOAST_AUTO_CLOSE_MS,
  limit: TOAST_LIMIT,
  position: TOAST_POSITION,
} satisfies ToastContainerProps;

type Options = Pick<ToastOptions, 'toastId'>;
type Kind = 'success' | 'error' | 'info' | 'warning';
type Toastify = typeof ReactToastify;

const toastify = lazyModule<Toastify>(() => import('react-toastify'));

/** Fetches react-toastify once; resolves with the module. */
export function loadToastify(): Promise<Toastify> {
  return toastify.load();
}

function show(kind: Kind, content: ToastContent, options?: Options): void {
  const loaded = toastify.current();
  if (loaded) {
    loaded.toast[kind](content, options);
    return;
  }
  // In order: every waiting toast chains on the same fetch. A failed fetch loses the toast (and logs).
  void toastify.load().then(
    (module) => module.toast[kind](content, options),
    (error: unknown) => console.error('[toast] react-toastify could not be loaded', error),
  );
}

export const notify = {
  success: (content: ToastContent, options?: Options) => show('success', content, options),
  error: (content: ToastContent, options?: Options) => show('error', content, options),
  info: (content: ToastContent, options?: Options) => show('info', content, options),
  warning: (content: ToastContent, options?: Options) => show('warning', content, options),
};

/** react-toastify once it has loaded (null before), re-rendering when it arrives. */
export function useToastify(): Toastify | null {
  return useLazyModule(toastify);
}
