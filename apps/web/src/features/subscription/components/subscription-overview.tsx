import { useId, type ReactNode } from 'react';
import { formatUsd } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import {
  LIVE_SUBSCRIPTION_STATUSES,
  planName,
  subscriptionStatusInfo,
  type Subscription,
} from '@mediadiet/contract/subscription';
import type { SubscriptionInfo } from '@/features/subscription/api/get-subscription';
import { StatusBadge } from '@/features/subscription/components/status-badge';
import { formatCount, formatUnixDate, overagePer10kTokens } from '@/features/subscription/utils/format';

export function isLiveStatus(status: string): boolean {
  return (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/** Plan, status with its message, and the dates that matter now. */
export function SubscriptionHeadline({ subscription }: { subscription: Subscription }) {
  const info = subscriptionStatusInfo(subscription.status);
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-xl font-semibold tracking-tight text-ink">{planName(subscription.plan)} plan</h3>
        <StatusBadge status={subscription.status} />
      </div>
      <p className="mt-1.5 text-[0.95rem] text-ink-muted">{info.message}</p>
    </div>
  );
}

export function KeyDates({ info }: { info: SubscriptionInfo }) {
  const subscription = info.subscription;
  if (!subscription) return null;
  const rows: [string, string][] = [];
  if (subscription.cancelAt !== null)
    rows.push([messages.billing.scheduledToCancel, formatUnixDate(subscription.cancelAt)]);
  else if (info.nextBilling !== null) rows.push(['Next billing date', formatUnixDate(info.nextBilling)]);
  if (subscription.status === 'trialing' && subscription.trialEnd !== null)
    rows.push(['Free trial ends on', formatUnixDate(subscription.trialEnd)]);
  if (rows.length === 0) return null;
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <Row key={term} term={term}>
          {value}
        </Row>
      ))}
    </dl>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-ink-muted">{term}</dt>
      <dd className="mb-2 font-medium text-ink sm:mb-0">{children}</dd>
    </>
  );
}

/**
 * The Analysis list of the Overview (spec §2): what this period's analysis used, against the plan's
 * allowance, with the overage rate per 10k tokens and the monthly overage cap.
 */
export function AnalysisUsage({ info }: { info: SubscriptionInfo }) {
  const titleId = useId();
  const subscription = info.subscription;
  if (!subscription) return null;
  const { tokensLimit } = subscription;
  const ratio = tokensLimit > 0 ? Math.min(1, info.tokensUsed / tokensLimit) : 0;
  const start = info.currentPeriodStart ?? subscription.currentPeriodStart;
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-line p-4 sm:p-5">
      <h3 id={titleId} className="font-semibold text-ink">
        Analysis this period
      </h3>
      <p className="mt-0.5 text-sm text-ink-muted">
        {formatUnixDate(start)} – {formatUnixDate(subscription.currentPeriodEnd)}
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        <UsageItem label="Touch points analysed" value={formatCount(info.count)} />
        <UsageItem
          label="Tokens used"
          value={`${formatCount(info.tokensUsed)} of ${formatCount(tokensLimit)}`}
          meter={
            <div
              role="meter"
              aria-label="Tokens used"
              aria-valuemin={0}
              aria-valuemax={tokensLimit}
              aria-valuenow={Math.min(info.tokensUsed, tokensLimit)}
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-sunken"
            >
              <div className="h-full rounded-full bg-accent" style={{ width: `${ratio * 100}%` }} />
            </div>
          }
        />
        <UsageItem
          label="Overage rate"
          value={subscription.overageRate > 0 ? overagePer10kTokens(subscription.overageRate) : 'No overage'}
        />
        <UsageItem
          label="Monthly overage cap"
          value={subscription.overageLimit > 0 ? formatUsd(subscription.overageLimit) : 'No overage allowed'}
        />
      </ul>
    </section>
  );
}

function UsageItem({ label, value, meter }: { label: string; value: string; meter?: ReactNode }) {
  return (
    <li className="rounded-lg bg-canvas px-4 py-3">
      <p className="text-xs font-medium tracking-wide text-ink-muted uppercase">{label}</p>
      <p className="mt-1 font-semibold text-ink tabular-nums">{value}</p>
      {meter}
    </li>
  );
}
