import { Link } from 'react-router';
import { subscriptionStatusInfo } from '@mediadiet/contract/subscription';
import { messages } from '@mediadiet/contract/messages';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSubscription } from '@/features/subscription/api/get-subscription';
import { StatusBadge } from '@/features/subscription/components/status-badge';

const SUBSCRIPTION_PATH = '/subscription';

/** The Settings view's subscription card: plan and status, and the way to the subscription page. */
export function SubscriptionSummaryCard() {
  const { data, isPending, isError } = useSubscription();
  const subscription = data?.subscription ?? null;
  return (
    <Card aria-labelledby="settings-subscription-title">
      <CardTitle id="settings-subscription-title">Subscription</CardTitle>
      {isPending ? (
        <div className="mt-4">
          <Spinner label="Loading subscription" />
        </div>
      ) : isError ? (
        <CardDescription role="alert">{messages.loading.subscriptionDetails}</CardDescription>
      ) : subscription ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <span className="text-ink">
            {subscription.plan.charAt(0).toUpperCase() + subscription.plan.slice(1)} plan
          </span>
          <StatusBadge status={subscription.status} />
          <CardDescription className="w-full">{subscriptionStatusInfo(subscription.status).message}</CardDescription>
        </div>
      ) : (
        <CardDescription>
          {messages.billing.noActiveSubscription}. {messages.billing.selectPlanHint}
        </CardDescription>
      )}
      <Link to={SUBSCRIPTION_PATH} className={buttonClasses({ variant: subscription ? 'secondary' : 'primary', className: 'mt-5' })}>
        {subscription ? 'Manage subscription' : 'Choose a plan'}
      </Link>
    </Card>
  );
}
