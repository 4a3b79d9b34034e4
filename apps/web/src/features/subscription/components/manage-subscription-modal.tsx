import { messages } from '@mediadiet/contract/messages';
import { planName, subscriptionStatusInfo } from '@mediadiet/contract/subscription';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { SubscriptionInfo } from '@/features/subscription/api/get-subscription';
import { StatusBadge } from '@/features/subscription/components/status-badge';
import { formatUnixDate } from '@/features/subscription/utils/format';

export interface ManageSubscriptionModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  info: SubscriptionInfo;
  onChangePlan: () => void;
  onCancelSubscription: () => void;
  onKeepSubscription: () => void;
  keepPending?: boolean;
}

/**
 * Manage Subscription (spec §2): current plan, status, next billing date; Change Plan and Cancel
 * Subscription. With a cancel date: 'Scheduled to cancel on' and 'Keep My Subscription'.
 */
export function ManageSubscriptionModal({
  open,
  onOpenChange,
  info,
  onChangePlan,
  onCancelSubscription,
  onKeepSubscription,
  keepPending = false,
}: ManageSubscriptionModalProps) {
  const subscription = info.subscription;
  if (!subscription) return null;
  const scheduled = subscription.cancelAt !== null;
  const canCancel = !scheduled && subscription.status !== 'canceled';
  const nextBilling = info.nextBilling ?? (scheduled ? null : subscription.currentPeriodEnd);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={messages.billing.manageSubscription}
      footer={
        <>
          {canCancel ? (
            <Button
              variant="ghost"
              className="text-danger hover:bg-danger-soft"
              onClick={onCancelSubscription}
            >
              {messages.billing.cancelSubscription}
            </Button>
          ) : null}
          {scheduled ? (
            <Button variant="secondary" loading={keepPending} onClick={onKeepSubscription}>
              {messages.billing.keepMySubscription}
            </Button>
          ) : null}
          <Button onClick={onChangePlan}>{messages.billing.changePlan}</Button>
        </>
      }
    >
      <dl className="grid gap-x-6 gap-y-1 text-[0.95rem] sm:grid-cols-[auto_1fr] sm:items-baseline sm:gap-y-3 [&>dd]:mb-3 sm:[&>dd]:mb-0">
        <dt className="text-ink-muted">Current plan</dt>
        <dd className="font-semibold text-ink">{planName(subscription.plan)}</dd>
        <dt className="text-ink-muted">Status</dt>
        <dd>
          <StatusBadge status={subscription.status} />
          <p className="mt-1 text-sm text-ink-muted">{subscriptionStatusInfo(subscription.status).message}</p>
        </dd>
        {scheduled && subscription.cancelAt !== null ? (
          <>
            <dt className="text-ink-muted">{messages.billing.scheduledToCancel}</dt>
            <dd className="font-medium text-warning">{formatUnixDate(subscription.cancelAt)}</dd>
          </>
        ) : null}
        {nextBilling !== null ? (
          <>
            <dt className="text-ink-muted">Next billing date</dt>
            <dd className="font-medium text-ink">{formatUnixDate(nextBilling)}</dd>
          </>
        ) : null}
      </dl>
    </Modal>
  );
}
