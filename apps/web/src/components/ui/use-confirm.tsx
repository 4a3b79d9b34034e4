import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmTone } from '@/components/ui/confirm-dialog';

export interface ConfirmOptions {
  title: ReactNode;
  text: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  tone?: ConfirmTone;
}

/**
 * A confirmation asked from an event handler: `if (await confirm({ … })) …`. Render `confirmDialog` once in
 * the component. Resolves true only when confirmed; Cancel, Escape, a click outside or unmounting resolve false.
 */
export function useConfirm(): {
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  confirmDialog: ReactNode;
} {
  const [asking, setAsking] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);

  const settle = useCallback((confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = null;
    setAsking(null);
  }, []);

  useEffect(() => () => resolver.current?.(false), []);

  const confirm = useCallback((options: ConfirmOptions) => {
    resolver.current?.(false);
    setAsking(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const confirmDialog = (
    <ConfirmDialog
      open={asking !== null}
      onOpenChange={(open) => {
        if (!open) settle(false);
      }}
      title={asking?.title}
      description={asking?.text}
      confirmText={asking?.confirmText}
      cancelText={asking?.cancelText}
      tone={asking?.tone}
      onConfirm={() => settle(true)}
    />
  );
  return { confirm, confirmDialog };
}
