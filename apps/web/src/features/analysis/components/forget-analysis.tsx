import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cn } from '@/lib/cn';
import { useDisplayTimeZone } from '@/lib/preferences';
import { notify } from '@/lib/toast';
import { useForgetAnalysis } from '@/features/analysis/api/forget-analysis';
import { formatDateTime, hostnameOf } from '@/features/analysis/utils/format';

export const FORGET_LABEL = 'Forget this page';

export interface ForgetAnalysisProps {
  analysis: { id: string; url: string; createdAt: string };
  /** 'icon': the small control on a history card; 'button': the labelled button of the detail. */
  look: 'icon' | 'button';
  /** Called once the server has forgotten it (the detail closes), before the lists drop it. */
  onForgotten?: () => void;
  className?: string;
}

/**
 * "Forget this page" (decision 116): asks first (the app's confirmation dialog), then removes the analysis, its usage and
 * its share of the insights. The confirmation says exactly that and that it cannot be undone; a failure
 * stays in the dialog with the server's words.
 */
export function ForgetAnalysis({ analysis, look, onForgotten, className }: ForgetAnalysisProps) {
  const [open, setOpen] = useState(false);
  const forget = useForgetAnalysis();
  // Kept, the page stays: the dialog gives focus back to the control that opened it.
  const openDialog = () => setOpen(true);
  const keep = () => {
    forget.reset();
    setOpen(false);
  };
  const host = hostnameOf(analysis.url);
  const when = formatDateTime(analysis.createdAt, useDisplayTimeZone());

  const confirm = () =>
    forget.mutate(analysis.id, {
      onSuccess: () => {
        setOpen(false);
        onForgotten?.();
        notify.success(`Forgotten: ${host}, ${when}.`);
      },
    });

  return (
    <>
      {look === 'icon' ? (
        <button
          type="button"
          aria-label={`${FORGET_LABEL}: ${host}, ${when}`}
          title={FORGET_LABEL}
          onClick={openDialog}
          className={cn(
            'inline-flex size-9 items-center justify-center rounded-lg text-ink-muted transition-colors hover:bg-sunken hover:text-danger',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
            className,
          )}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      ) : (
        <Button variant="secondary" size="sm" onClick={openDialog} className={className}>
          <Trash2 aria-hidden="true" className="size-4" />
          {FORGET_LABEL}
        </Button>
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (next) setOpen(true);
          else keep();
        }}
        pending={forget.isPending}
        tone="danger"
        title="Forget this page?"
        description={`${host}, read ${when}, leaves your history and your insights. This cannot be undone.`}
        cancelText="Keep it"
        confirmText={FORGET_LABEL}
        onConfirm={confirm}
      >
        {forget.isError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {forget.error.message}
          </p>
        ) : (
          <p className="text-sm text-ink-muted">
            Its address, scores and time are removed from your account. If it was counted in this billing
            period&apos;s usage, it is taken off.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
