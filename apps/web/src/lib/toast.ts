import { toast, type ToastContainerProps, type ToastContent } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT, TOAST_POSITION } from '@mediadiet/contract/constants';

/**
 * Toasts (spec §2 "Modal and toasts", §9): auto-close 5000 ms, at most 3 at once, top-right.
 * Content is text, an element, a render function or a number — react-toastify's `ToastContent`.
 * Components call `notify.*`; only `app/provider.tsx` renders the container with `toastContainerProps`.
 */
export const toastContainerProps = {
  autoClose: TOAST_AUTO_CLOSE_MS,
  limit: TOAST_LIMIT,
  position: TOAST_POSITION,
} satisfies ToastContainerProps;

export const notify = {
  success: (content: ToastContent) => toast.success(content),
  error: (content: ToastContent) => toast.error(content),
  info: (content: ToastContent) => toast.info(content),
  warning: (content: ToastContent) => toast.warning(content),
};
