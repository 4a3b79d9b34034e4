import { useEffect } from 'react';
import { PartyPopper } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { celebrate } from '@/features/subscription/utils/celebrate';

export interface SuccessModalProps {
  open: boolean;
  planName: string;
  /** Closing (×, Escape, outside click) — the page reloads the subscription and the user. */
  onClose: () => void;
  /** 'Continue to Dashboard'. */
  onContinue: () => void;
}

const NEXT_STEPS = [
  'Install the browser extension and connect it, so your touch points can be analysed.',
  'Browse as usual: articles, posts and videos are scored in the background.',
  'Come back to your dashboard for your insights.',
];

/** 'Welcome to {plan}!' with next steps and about 3 seconds of confetti (spec §2, §9). */
export function SuccessModal({ open, planName, onClose, onContinue }: SuccessModalProps) {
  useEffect(() => {
    if (!open) return undefined;
    return celebrate();
  }, [open]);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={messages.billing.welcome(planName)}
      description={messages.billing.activated}
      footer={<Button onClick={onContinue}>{messages.billing.continueToDashboard}</Button>}
    >
      <div className="flex gap-4">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
          <PartyPopper aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h3 className="font-semibold text-ink">Next steps</h3>
          <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm leading-relaxed text-ink-muted">
            {NEXT_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      </div>
    </Modal>
  );
}
