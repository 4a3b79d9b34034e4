import Swal from 'sweetalert2';
import { messages } from '@mediadiet/contract/messages';
import { buttonClasses } from '@/components/ui/button';

export interface ConfirmOptions {
  title: string;
  text: string;
  confirmText?: string;
  cancelText?: string;
  /** A destructive action (cancel subscription) gets the danger look. */
  tone?: 'default' | 'danger';
}

/**
 * The confirm dialogs of spec §2/§5 (SweetAlert2): two buttons, Cancel and Confirm by default (§9),
 * closing on Escape or a click outside (library behaviour). Resolves true only when confirmed.
 * It opens once every Radix dialog has left the page: a closing Radix modal keeps the page inert and, as it
 * unmounts, hands focus back to its trigger, which would pull keyboard focus out of the confirmation and
 * leave Escape with nothing to close.
 */
export async function confirmDialog({
  title,
  text,
  confirmText = messages.confirm.confirm,
  cancelText = messages.confirm.cancel,
  tone = 'default',
}: ConfirmOptions): Promise<boolean> {
  await radixDialogsGone();
  const result = await Swal.fire({
    title,
    text,
    icon: tone === 'danger' ? 'warning' : 'question',
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: cancelText,
    reverseButtons: true,
    allowEscapeKey: true,
    returnFocus: true,
    focusCancel: tone === 'danger',
    buttonsStyling: false,
    customClass: {
      popup: 'rounded-2xl! font-sans! text-ink!',
      title: 'text-xl! font-semibold! text-ink!',
      htmlContainer: 'text-[0.95rem]! leading-relaxed! text-ink-muted!',
      actions: 'gap-3!',
      confirmButton: buttonClasses({ variant: tone === 'danger' ? 'danger' : 'primary' }),
      cancelButton: buttonClasses({ variant: 'secondary' }),
    },
  });
  return result.isConfirmed;
}

/** Longest wait for a closing Radix dialog (its exit animation) before the confirmation opens anyway. */
const DIALOG_GONE_TIMEOUT_MS = 1000;

function radixDialogsGone(): Promise<void> {
  const open = () => document.querySelector('[role="dialog"][data-state], [role="alertdialog"][data-state]');
  if (!open()) return Promise.resolve();
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      if (!open() || Date.now() - started > DIALOG_GONE_TIMEOUT_MS) {
        // One more frame, so Radix's focus return on unmount has run before the confirmation takes focus.
        setTimeout(resolve, 0);
        return;
      }
      setTimeout(check, 16);
    };
    check();
  });
}
