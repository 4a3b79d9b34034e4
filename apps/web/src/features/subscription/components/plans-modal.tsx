import { messages } from '@mediadiet/contract/messages';
import type { Plan, PlanId } from '@mediadiet/contract/subscription';
import { Modal } from '@/components/ui/modal';
import { PlanCards } from '@/features/subscription/components/plan-cards';

export interface PlansModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plans: Plan[];
  currentPlan: PlanId | null;
  hasHadFreeTrial: boolean;
  onSelect: (plan: Plan) => void;
  /** Close is optional (spec §2). */
  closable?: boolean;
}

/** The plans modal: a card per plan (PlanCards) and the touch point note. */
export function PlansModal({ open, onOpenChange, closable = true, ...cards }: PlansModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="large"
      showClose={closable}
      dismissible={closable}
      title={messages.billing.plansPanel}
      description="Choose the plan that fits how much you browse. Changes take effect immediately."
      className="md:max-w-5xl"
    >
      <PlanCards {...cards} />
    </Modal>
  );
}
