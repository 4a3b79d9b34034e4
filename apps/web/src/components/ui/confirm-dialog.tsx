import type { ReactNode } from 'react';
import { lazyDialog } from '@/lib/lazy-component';

export type ConfirmTone = 'default' | 'danger';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The question itself (spec wording), linked to the dialog as its description. */
  description: ReactNode;
  /** Defaults to the catalogue's 'Confirm' (spec §9). */
  confirmText?: ReactNode;
  /** Defaults to the catalogue's 'Cancel' (spec §9). */
  cancelText?: ReactNode;
  /** A destructive action gets the danger look. */
  tone?: ConfirmTone;
  /** Called by the confirm button (not called when `confirmForm` submits a form instead). */
  onConfirm?: () => void;
  /** The confirm button submits this form (by id) instead of calling `onConfirm`. */
  confirmForm?: string;
  confirmDisabled?: boolean;
  /** While the confirmed action runs: the confirm button spins, Cancel, Escape and outside clicks wait. */
  pending?: boolean;
  /** Where focus goes on open (Radix's `onOpenAutoFocus`); Cancel by default. */
  onOpenAutoFocus?: (event: Event) => void;
  /** More body under the description (an error, a field). */
  children?: ReactNode;
}

/**
 * Every confirmation of the web app (decision 137): one Radix AlertDialog with Cancel and Confirm (spec §9
 * defaults, spec wording where it names other labels), closing on Escape or a click outside, focus moved to
 * Cancel on open and given back to the control that opened it. Like `Modal`, a closed dialog renders nothing
 * and its code loads when one first opens (docs/decisions/073-route-javascript-budget.md);
 * `ConfirmDialog.preload()` fetches it ahead of the first open (tests).
 */
export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(
  () => import('@/components/ui/confirm-dialog-content').then((module) => module.ConfirmDialogContent),
  '[confirm] dialog',
);
