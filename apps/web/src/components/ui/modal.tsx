import type { ReactNode } from 'react';
import { lazyDialog } from '@/lib/lazy-component';

export type ModalSize = 'small' | 'medium' | 'large';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Supporting text under the title, linked to the dialog as its description. */
  description?: ReactNode;
  size?: ModalSize;
  /** Show the close (×) control. Escape and a click outside still close unless `dismissible` is false. */
  showClose?: boolean;
  /** When false, Escape and outside clicks do not close the modal (the close control still does, if shown). */
  dismissible?: boolean;
  closeLabel?: string;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
  /** Where focus goes on open (Radix's `onOpenAutoFocus`): `preventDefault()` and focus your own element. */
  onOpenAutoFocus?: (event: Event) => void;
}

/**
 * The generic modal of spec §2: sizes small, medium, large and a close control (Radix Dialog: focus trap,
 * Escape). A closed modal renders nothing, so the dialog code (Radix Dialog, focus scope, scroll lock)
 * loads when a modal first opens rather than with every screen that might open one
 * (docs/decisions/073-route-javascript-budget.md). It covers the page, so its arrival shifts no layout.
 * `Modal.preload()` fetches the code ahead of the first open (tests).
 */
export const Modal = lazyDialog<ModalProps>(
  () => import('@/components/ui/modal-dialog').then((module) => module.ModalDialog),
  '[modal] dialog',
);
