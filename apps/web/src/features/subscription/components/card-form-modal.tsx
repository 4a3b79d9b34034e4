import { useState, type ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';
import { formatCents } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import type { Plan } from '@mediadiet/contract/subscription';
import { Modal } from '@/components/ui/modal';

/** What the subscription page hands to the card form slot (the payment feature's CardSetupForm). */
export interface CardSetupSlotProps {
  submitLabel: string;
  email: string | undefined;
  requireEmail: boolean;
  canSubmit: boolean;
  onConfirmed: (paymentMethodId: string) => Promise<string | undefined>;
  onPendingChange: (pending: boolean) => void;
}

export type RenderCardSetup = (props: CardSetupSlotProps) => ReactNode;

export interface CardFormModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan: Plan | null;
  email: string | undefined;
  /** Creates the subscription with the confirmed card; resolves with an error text, or nothing. */
  onConfirmed: (paymentMethodId: string) => Promise<string | undefined>;
  renderCardSetup: RenderCardSetup;
}

/**
 * The card form modal (spec §2): 'Secure Account Setup' with its three reasons for the free plan, else
 * 'Complete Your Subscription'; submit 'Secure Account' or 'Start Subscription'. Stays open while a
 * submission runs.
 */
export function CardFormModal({
  open,
  onOpenChange,
  plan,
  email,
  onConfirmed,
  renderCardSetup,
}: CardFormModalProps) {
  const [pending, setPending] = useState(false);
  const free = plan?.id === 'free';
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      dismissible={!pending}
      showClose={!pending}
      title={free ? messages.billing.secureAccountSetup : messages.billing.completeSubscription}
      description={
        plan
          ? free
            ? 'A card keeps the free plan safe for everyone. It is not charged.'
            : `${plan.name} plan, ${formatCents(plan.amount)} per ${plan.interval}.`
          : undefined
      }
    >
      {free ? (
        <ul className="mb-5 flex flex-col gap-2 rounded-xl bg-accent-soft px-4 py-3 text-sm text-accent-ink">
          {messages.billing.secureAccountBullets.map((bullet) => (
            <li key={bullet} className="flex gap-2">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {bullet}
            </li>
          ))}
        </ul>
      ) : null}
      {renderCardSetup({
        submitLabel: free ? messages.billing.secureAccount : messages.billing.startSubscription,
        email,
        requireEmail: true,
        canSubmit: plan !== null,
        onConfirmed,
        onPendingChange: setPending,
      })}
    </Modal>
  );
}
