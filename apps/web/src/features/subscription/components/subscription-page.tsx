import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { OAUTH_RETURN_PATH } from '@mediadiet/contract/auth';
import { messages } from '@mediadiet/contract/messages';
import { env } from '@/config/env';
import type { Plan, PlanId, Subscription } from '@mediadiet/contract/subscription';
import { CardDescription, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { useConfirm } from '@/components/ui/use-confirm';
import { queryKeys } from '@/lib/query-keys';
import { notify } from '@/lib/toast';
import { useCancelSubscription } from '@/features/subscription/api/cancel-subscription';
import {
  InvalidSubscriptionStatusError,
  useCreateSubscription,
} from '@/features/subscription/api/create-subscription';
import { useAccountInfo } from '@/lib/account-info';
import { usePlans } from '@/features/subscription/api/get-plans';
import { useSubscription } from '@/features/subscription/api/get-subscription';
import { subscriptionKeys } from '@/features/subscription/api/keys';
import { useReactivateSubscription } from '@/features/subscription/api/reactivate-subscription';
import { useUpdateSubscription } from '@/features/subscription/api/update-subscription';
import { CardFormModal, type RenderCardSetup } from '@/features/subscription/components/card-form-modal';
import { FreeTrialBanner } from '@/features/subscription/components/free-trial-banner';
import { ManageSubscriptionModal } from '@/features/subscription/components/manage-subscription-modal';
import { PlanCards } from '@/features/subscription/components/plan-cards';
import { PlansModal } from '@/features/subscription/components/plans-modal';
import { StatusPanel } from '@/features/subscription/components/status-panel';
import { SuccessModal } from '@/features/subscription/components/success-modal';
import { useErrorToast } from '@/features/subscription/hooks/use-error-toast';
import { pageReload } from '@/features/subscription/utils/page-reload';

/** How long the 'Subscription reactivated successfully!' toast shows before the page reloads. */
export const RELOAD_DELAY_MS = 800;

type Dialog =
  | { kind: 'none' }
  | { kind: 'manage' }
  | { kind: 'plans' }
  | { kind: 'card'; plan: Plan }
  | { kind: 'success'; plan: Plan };

/** The plan the user is on; a canceled subscription counts as no plan (a new one is created). */
export function currentPlanOf(subscription: Subscription | null): PlanId | null {
  if (!subscription || subscription.status === 'canceled') return null;
  return subscription.plan;
}

export interface SubscriptionPageProps {
  /** The card form (payment feature's CardSetupForm), composed by the route. */
  renderCardSetup: RenderCardSetup;
  /** The Payment Method tab's content (payment feature), composed by the route. */
  renderPaymentTab: (props: { email: string | undefined }) => ReactNode;
  /**
   * SLOT for the extension setup wizard (extension issue): rendered when the user's state says it should
   * show (`user.state.shouldShowExtensionWizard`). Nothing is rendered in its place until then.
   */
  extensionWizardSlot?: ReactNode;
}

/** The subscription page (spec §2): status panel, plans for users without a subscription, and the dialogs. */
export function SubscriptionPage({
  renderCardSetup,
  renderPaymentTab,
  extensionWizardSlot,
}: SubscriptionPageProps) {
  const subscription = useSubscription();
  const plans = usePlans();
  const user = useAccountInfo();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const create = useCreateSubscription();
  const update = useUpdateSubscription();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const { confirm, confirmDialog } = useConfirm();

  useErrorToast(subscription.isError, messages.loading.subscriptionDetails);
  useErrorToast(plans.isError, messages.loading.subscriptionPlans);
  useErrorToast(user.isError, messages.loading.accountInfo);

  if (subscription.isPending || plans.isPending || user.isPending)
    return (
      <Shell>
        <PageSpinner />
      </Shell>
    );

  const info = subscription.data;
  const current = currentPlanOf(info?.subscription ?? null);
  const hasHadFreeTrial = user.data?.state.hasHadFreeTrial ?? true;
  const email = user.data?.email;
  const close = () => setDialog({ kind: 'none' });

  const changePlan = async (plan: Plan) => {
    close();
    const confirmed = await confirm({
      title: messages.billing.changePlan,
      text: messages.billing.changePlanConfirm,
      confirmText: messages.billing.yesChangePlan,
      cancelText: messages.billing.noKeepCurrentPlan,
    });
    if (!confirmed) return notify.info(messages.billing.operationCancelled);
    update.mutate(plan.id, {
      onSuccess: () => notify.success(messages.success.subscriptionUpdated),
      onError: (error) => notify.error(messages.billing.changePlanFailed(error.message)),
    });
  };

  const selectPlan = (plan: Plan) => {
    if (plan.id === 'free') notify.info(messages.billing.freePlanNoCharge);
    if (current === null) setDialog({ kind: 'card', plan });
    else void changePlan(plan);
  };

  const cancelSubscription = async () => {
    close();
    const confirmed = await confirm({
      title: messages.billing.cancelSubscription,
      text: messages.billing.cancelConfirm,
      confirmText: messages.billing.yesCancel,
      cancelText: messages.billing.noKeepIt,
      tone: 'danger',
    });
    if (!confirmed) return;
    cancel.mutate(undefined, {
      onSuccess: () => notify.success(messages.success.subscriptionCancelled),
      onError: () => notify.error(messages.billing.cancelFailed),
    });
  };

  const keepSubscription = () =>
    reactivate.mutate(undefined, {
      onSuccess: () => {
        notify.success(messages.success.subscriptionReactivated);
        setTimeout(() => pageReload.reload(), RELOAD_DELAY_MS);
      },
      onError: () => notify.error(messages.billing.reactivateFailed),
    });

  const createWithCard = (plan: Plan) => async (paymentMethodId: string) => {
    try {
      await create.mutateAsync({ plan: plan.id, paymentMethodId });
    } catch (error) {
      if (error instanceof InvalidSubscriptionStatusError) {
        notify.error(messages.billing.invalidStatus);
        return messages.billing.invalidStatus;
      }
      notify.error(messages.billing.createFailed);
      return error instanceof Error ? error.message : messages.billing.createFailed;
    }
    setDialog({ kind: 'success', plan });
    return undefined;
  };

  /** Success modal closing (spec §4): reload the subscription, refresh the user state. */
  const closeSuccess = () => {
    close();
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.info });
    void queryClient.invalidateQueries({ queryKey: queryKeys.accountInfo });
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  };

  const planList = plans.data ?? [];

  return (
    <Shell>
      {user.data && !user.data.state.hasHadFreeTrial ? <FreeTrialBanner /> : null}

      {info ? (
        <StatusPanel
          info={info}
          onManage={() => setDialog({ kind: 'manage' })}
          onUpgrade={() => setDialog({ kind: 'plans' })}
          paymentTab={renderPaymentTab({ email })}
        />
      ) : (
        <p role="alert" className="rounded-xl bg-danger-soft px-5 py-4 text-danger">
          {messages.loading.subscriptionDetails}
        </p>
      )}

      {info && !info.subscription ? (
        <section
          aria-labelledby="plans-panel-title"
          className="rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-8"
        >
          <CardTitle id="plans-panel-title">{messages.billing.plansPanel}</CardTitle>
          <CardDescription className="mb-6">
            Every plan starts with a card check. The free plan is never charged.
          </CardDescription>
          {plans.isError ? (
            <p role="alert" className="text-danger">
              {messages.loading.subscriptionPlans}
            </p>
          ) : (
            <PlanCards
              plans={planList}
              currentPlan={null}
              hasHadFreeTrial={hasHadFreeTrial}
              onSelect={selectPlan}
              disabled={create.isPending}
            />
          )}
        </section>
      ) : null}

      {info ? (
        <ManageSubscriptionModal
          open={dialog.kind === 'manage'}
          onOpenChange={(open) => setDialog(open ? { kind: 'manage' } : { kind: 'none' })}
          info={info}
          onChangePlan={() => setDialog({ kind: 'plans' })}
          onCancelSubscription={() => void cancelSubscription()}
          onKeepSubscription={keepSubscription}
          keepPending={reactivate.isPending}
        />
      ) : null}

      <PlansModal
        open={dialog.kind === 'plans'}
        onOpenChange={(open) => setDialog(open ? { kind: 'plans' } : { kind: 'none' })}
        plans={planList}
        currentPlan={current}
        hasHadFreeTrial={hasHadFreeTrial}
        onSelect={selectPlan}
      />

      <CardFormModal
        open={dialog.kind === 'card'}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        plan={dialog.kind === 'card' ? dialog.plan : null}
        email={email}
        onConfirmed={dialog.kind === 'card' ? createWithCard(dialog.plan) : () => Promise.resolve(undefined)}
        renderCardSetup={renderCardSetup}
      />

      <SuccessModal
        open={dialog.kind === 'success'}
        planName={dialog.kind === 'success' ? dialog.plan.name : ''}
        onClose={closeSuccess}
        onContinue={() => {
          closeSuccess();
          void navigate(OAUTH_RETURN_PATH);
        }}
      />

      {confirmDialog}

      {/* Not on top of another dialog (e.g. the success modal): it shows once that one closes. */}
      {user.data?.state.shouldShowExtensionWizard && dialog.kind === 'none' ? extensionWizardSlot : null}
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight text-ink">Subscription</h1>
        <p className="mt-2 text-ink-muted">Your plan, usage limits, cards and invoices.</p>
        {env.stripePublishableKey ? null : (
          // Without a Stripe key the server's built-in test-mode provider handles cards and invoices.
          <p className="mt-3 inline-flex rounded-full bg-warning-soft px-3 py-1 text-sm font-medium text-warning">
            {messages.billing.testModeNotice}
          </p>
        )}
      </header>
      {children}
    </div>
  );
}
