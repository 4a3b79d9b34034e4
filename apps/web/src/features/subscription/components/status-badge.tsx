import {
  subscriptionStatusInfo,
  SubscriptionStatusSchema,
  type SubscriptionStatus,
} from '@mediadiet/contract/subscription';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<SubscriptionStatus, BadgeTone> = {
  active: 'success',
  trialing: 'accent',
  scheduled_cancelation: 'warning',
  past_due: 'danger',
  canceled: 'neutral',
  free: 'neutral',
};

/** The status label (spec §4); an unknown status shows as free. */
export function StatusBadge({ status }: { status: string }) {
  const parsed = SubscriptionStatusSchema.safeParse(status);
  const tone = tones[parsed.success ? parsed.data : 'free'];
  return (
    <Badge tone={tone} className="whitespace-nowrap">
      {subscriptionStatusInfo(status).label}
    </Badge>
  );
}
