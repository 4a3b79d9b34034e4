import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { ModalProps, ModalSize } from '@/components/ui/modal';

const widths: Record<ModalSize, string> = {
  small: 'max-w-sm',
  medium: 'max-w-lg',
  large: 'max-w-3xl',
};

/** The Radix Dialog behind `Modal` (modal.tsx), loaded when a modal first opens. */
export function ModalDialog({
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
