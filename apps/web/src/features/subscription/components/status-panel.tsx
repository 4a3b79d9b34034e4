import type { ReactNode } from 'react';
import { ArrowUpRight, Settings2 } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { isGatedPlanName } from '@mediadiet/contract/constants';
import { planName, type Subscription } from '@mediadiet/contract/subscription';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { SubscriptionInfo } from '@/features/subscription/api/get-subscription';
import {
  AnalysisUsage,
  isLiveStatus,
  KeyDates,
  SubscriptionHeadline,
} from '@/features/subscription/components/subscription-overview';
import { UsageLimits } from '@/features/subscription/components/usage-limits';
import { formatCount } from '@/features/subscription/utils/format';

/** Usage Limits and Payment Method tabs: Basic or Premium plans, or a scheduled cancelation (spec §2, §6). */
export function hasBillingTabs(subscription: Subscription | null): boolean {
  if (!subscription) return false;
  return isGatedPlanName(planName(subscription.plan)) || subscription.status === 'scheduled_cancelation';
}

export interface StatusPanelProps {
  info: SubscriptionInfo;
  onManage: () => void;
  onUpgrade: () => void;
  /** The Payment Method tab's content, mounted when the tab is entered. */
  paymentTab: ReactNode;
}

/** 'Subscription Status' (spec §2): tabs for Basic/Premium, a summary card for Free, or no subscription. */
export function StatusPanel({ info, onManage, onUpgrade, paymentTab }: StatusPanelProps) {
  const subscription = info.subscription;
  return (
    <Card role="region" aria-labelledby="status-panel-title" className="p-5 sm:p-8">
      <CardTitle id="status-panel-title">{messages.billing.statusPanel}</CardTitle>
      {!subscription ? (
        <div className="mt-4 rounded-xl border border-dashed border-line-strong bg-canvas px-5 py-6 text-center">
          <h3 className="text-lg font-semibold text-ink">{messages.billing.noActiveSubscription}</h3>
          <CardDescription className="mx-auto max-w-md">{messages.billing.selectPlanHint}</CardDescription>
        </div>
      ) : hasBillingTabs(subscription) ? (
        <Tabs defaultValue="overview" className="mt-5">
          <TabsList aria-label="Subscription sections">
            <TabsTrigger value="overview">{messages.billing.overview}</TabsTrigger>
            <TabsTrigger value="usage">{messages.billing.usageLimits}</TabsTrigger>
            <TabsTrigger value="payment">{messages.billing.paymentMethod}</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <Overview info={info} subscription={subscription} onManage={onManage} />
          </TabsContent>
          <TabsContent value="usage">
            <UsageLimits subscription={subscription} />
          </TabsContent>
          <TabsContent value="payment">{paymentTab}</TabsContent>
        </Tabs>
      ) : (
        <FreeSummary info={info} subscription={subscription} onManage={onManage} onUpgrade={onUpgrade} />
      )}
    </Card>
  );
}

function Overview({
  info,
  subscription,
  onManage,
}: {
  info: SubscriptionInfo;
  subscription: Subscription;
  onManage: () => void;
}) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <SubscriptionHeadline subscription={subscription} />
        <Button variant="secondary" className="shrink-0" onClick={onManage}>
          <Settings2 aria-hidden="true" className="size-4" />
          {messages.billing.manageSubscription}
        </Button>
      </div>
      <KeyDates info={info} />
      {isLiveStatus(subscription.status) ? <AnalysisUsage info={info} /> : null}
    </div>
  );
}

function FreeSummary({
  info,
  subscription,
  onManage,
  onUpgrade,
}: {
  info: SubscriptionInfo;
  subscription: Subscription;
  onManage: () => void;
  onUpgrade: () => void;
}) {
  return (
    <div className="mt-5 flex flex-col gap-5 rounded-xl border border-line bg-canvas p-4 sm:p-5">
      <SubscriptionHeadline subscription={subscription} />
      <KeyDates info={info} />
      {isLiveStatus(subscription.status) ? (
        <AnalysisUsage info={info} />
      ) : (
        <p className="text-sm text-ink-muted">
          {formatCount(info.count)} touch points analysed this period, {formatCount(info.tokensUsed)} of{' '}
          {formatCount(subscription.tokensLimit)} tokens used.
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={onUpgrade}>
          <ArrowUpRight aria-hidden="true" className="size-4" />
          {messages.billing.upgradePlan}
        </Button>
        <Button variant="secondary" onClick={onManage}>
          {messages.billing.manageSubscription}
        </Button>
      </div>
    </div>
  );
}
