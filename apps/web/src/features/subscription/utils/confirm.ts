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
 * Call it after closing any Radix dialog: a Radix modal makes the rest of the page inert.
 */
export async function confirmDialog({
  title,
  text,
  confirmText = messages.confirm.confirm,
  cancelText = messages.confirm.cancel,
  tone = 'default',
}: ConfirmOptions): Promise<boolean> {
  const result = await Swal.fire({
    title,
    text,
    icon: tone === 'danger' ? 'warning' : 'question',
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: cancelText,
    reverseButtons: true,
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
