import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

export type ModalSize = 'small' | 'medium' | 'large';

const widths: Record<ModalSize, string> = {
  small: 'max-w-sm',
  medium: 'max-w-lg',
  large: 'max-w-3xl',
};

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

/** The generic modal of spec §2: sizes small, medium, large and a close control (Radix Dialog: focus trap, Escape). */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  size = 'medium',
  showClose = true,
  dismissible = true,
  closeLabel = 'Close',
  children,
  footer,
  className,
  onOpenAutoFocus,
}: ModalProps) {
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40 backdrop-blur-[2px] data-[state=open]:animate-overlay-in" />
        <Dialog.Content
          data-size={size}
          onEscapeKeyDown={block}
          onOpenAutoFocus={onOpenAutoFocus}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2',
            'flex flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-overlay data-[state=open]:animate-content-in',
            widths[size],
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 px-6 pt-6">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold tracking-tight text-ink">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm leading-relaxed text-ink-muted">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            {showClose ? (
              <Dialog.Close
                aria-label={closeLabel}
                className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-ink-muted transition-colors hover:bg-sunken hover:text-ink"
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            ) : null}
          </div>
          <div className="overflow-y-auto px-6 pt-4 pb-6">{children}</div>
          {footer ? (
            <div className="flex flex-wrap justify-end gap-3 border-t border-line bg-canvas/60 px-6 py-4">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
