import { useLayoutEffect, useRef } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { messages } from '@mediadiet/contract/messages';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { ConfirmDialogProps } from '@/components/ui/confirm-dialog';

/** The Radix AlertDialog behind `ConfirmDialog` (confirm-dialog.tsx), loaded when a confirmation first opens. */
export function ConfirmDialogContent({
  open,
  onOpenChange,
  title,
  description,
  confirmText = messages.confirm.confirm,
  cancelText = messages.confirm.cancel,
  tone = 'default',
  onConfirm,
  confirmForm,
  confirmDisabled = false,
  pending = false,
  onOpenAutoFocus,
  children,
}: ConfirmDialogProps) {
  // The control that opened the dialog (read before Radix moves focus in), to give focus back on close:
  // the dialog is opened by state, not by a Radix trigger, so Radix has no trigger to return to.
  const returnTo = useRef<Element | null>(null);
  useLayoutEffect(() => {
    returnTo.current = document.activeElement;
  }, []);

  const change = (next: boolean) => {
    if (!next && pending) return;
    onOpenChange(next);
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={change}>
      <AlertDialog.Portal>
        {/* An AlertDialog ignores outside clicks by design; the spec's confirmations close on them. */}
        <AlertDialog.Overlay
          data-testid="confirm-overlay"
          onClick={() => change(false)}
          className="fixed inset-0 z-40 bg-ink/40 backdrop-blur-[2px] data-[state=open]:animate-overlay-in"
        />
        <AlertDialog.Content
          onOpenAutoFocus={onOpenAutoFocus}
          onEscapeKeyDown={(event) => {
            if (pending) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = returnTo.current;
            if (target instanceof HTMLElement && target.isConnected) target.focus();
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
            'flex flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-overlay data-[state=open]:animate-content-in',
          )}
        >
          <div className="overflow-y-auto px-6 pt-6 pb-5">
            <AlertDialog.Title className="text-lg font-semibold tracking-tight text-ink">
              {title}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-[0.95rem] leading-relaxed text-ink-muted">
              {description}
            </AlertDialog.Description>
            {children ? <div className="mt-4">{children}</div> : null}
          </div>
          <div className="flex flex-col-reverse gap-3 border-t border-line bg-canvas/60 px-6 py-4 sm:flex-row sm:flex-wrap sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses({ variant: 'secondary' })} disabled={pending}>
              {cancelText}
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that closes at once, and a confirmed action may run (and fail) in the dialog. */}
            <button
              type={confirmForm ? 'submit' : 'button'}
              form={confirmForm}
              className={buttonClasses({ variant: tone === 'danger' ? 'danger' : 'primary' })}
              disabled={confirmDisabled || pending}
              aria-busy={pending || undefined}
              onClick={confirmForm ? undefined : onConfirm}
            >
              {pending ? <Spinner size="sm" label="" tone="inverse" /> : null}
              {confirmText}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
