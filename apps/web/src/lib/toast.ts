import { toast, type ToastContainerProps, type ToastContent, type ToastOptions } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT, TOAST_POSITION } from '@mediadiet/contract/constants';

/**
 * Toasts (spec §2 "Modal and toasts", §9): auto-close 5000 ms, at most 3 at once, top-right.
 * Content is text, an element, a render function or a number — react-toastify's `ToastContent`.
 * Components call `notify.*`; only `app/provider.tsx` renders the container with `toastContainerProps`.
 * `options.toastId` de-duplicates a toast that an effect may raise twice (React StrictMode).
 */
export const toastContainerProps = {
  autoClose: TOAST_AUTO_CLOSE_MS,
  limit: TOAST_LIMIT,
  position: TOAST_POSITION,
} satisfies ToastContainerProps;

type Options = Pick<ToastOptions, 'toastId'>;

export const notify = {
  success: (content: ToastContent, options?: Options) => toast.success(content, options),
  error: (content: ToastContent, options?: Options) => toast.error(content, options),
  info: (content: ToastContent, options?: Options) => toast.info(content, options),
  warning: (content: ToastContent, options?: Options) => toast.warning(content, options),
};
