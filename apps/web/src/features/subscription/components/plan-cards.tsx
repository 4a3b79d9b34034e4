import { useId } from 'react';
import { Check, Minus } from 'lucide-react';
import { FREE_PLAN_DISABLED_BENEFITS } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import type { Plan, PlanId } from '@mediadiet/contract/subscription';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatCount, overagePerTouchPoints, planPrice } from '@/features/subscription/utils/format';

export interface PlanAction {
  label: string;
  disabled: boolean;
}

/** Whether choosing `plan` starts its free trial: never trialled, and no plan yet or on Free (decision 120). */
export function startsTrial(plan: Plan, currentPlan: PlanId | null, hasHadFreeTrial: boolean): boolean {
  return (
    !hasHadFreeTrial &&
    plan.id !== 'free' &&
    plan.trialDays > 0 &&
    (currentPlan === null || currentPlan === 'free')
  );
}

/**
 * The button of a plan card (spec §2): on a plan, Current Plan (disabled) or Change Plan — Start Free Trial
 * when the move from Free starts the trial; without one, Start Free for free, Start Free Trial for a plan
 * with a trial when the user never had one, else Subscribe.
 */
export function planAction(plan: Plan, currentPlan: PlanId | null, hasHadFreeTrial: boolean): PlanAction {
  if (currentPlan === plan.id) return { label: messages.billing.currentPlan, disabled: true };
  if (startsTrial(plan, currentPlan, hasHadFreeTrial))
    return { label: messages.billing.startFreeTrial, disabled: false };
  if (currentPlan) return { label: messages.billing.changePlan, disabled: false };
  if (plan.id === 'free') return { label: messages.billing.startFree, disabled: false };
  if (plan.trialDays > 0 && !hasHadFreeTrial)
    return { label: messages.billing.startFreeTrial, disabled: false };
  return { label: messages.billing.subscribe, disabled: false };
}

/** The Free plan shows only to users with no plan or already on free (spec §2). */
export function visiblePlans(plans: Plan[], currentPlan: PlanId | null): Plan[] {
  return plans.filter((plan) => plan.id !== 'free' || currentPlan === null || currentPlan === 'free');
}

export interface PlanCardsProps {
  plans: Plan[];
  /** The plan the user is on, or null without a plan. */
  currentPlan: PlanId | null;
  hasHadFreeTrial: boolean;
  onSelect: (plan: Plan) => void;
  /** Disables every button while a choice is being acted on. */
  disabled?: boolean;
}

/** One card per plan with price or 'Free Forever', touch points, overage line, benefits and its button. */
export function PlanCards({
  plans,
  currentPlan,
  hasHadFreeTrial,
  onSelect,
  disabled = false,
}: PlanCardsProps) {
  const shown = visiblePlans(plans, currentPlan);
  return (
    <div>
      <div
        className={cn(
          'grid gap-4 sm:gap-5',
          shown.length >= 3 ? 'md:grid-cols-3' : shown.length === 2 ? 'md:grid-cols-2' : '',
        )}
      >
        {shown.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            isCurrent={currentPlan === plan.id}
            action={planAction(plan, currentPlan, hasHadFreeTrial)}
            showTrial={startsTrial(plan, currentPlan, hasHadFreeTrial)}
            onSelect={() => onSelect(plan)}
            disabled={disabled}
          />
        ))}
      </div>
      <p className="mt-5 text-sm leading-relaxed text-ink-muted">
        <span className="font-medium text-ink">What is a touch point? </span>
        {messages.billing.touchPointNote} {messages.billing.touchPointSize}
      </p>
    </div>
  );
}

function PlanCard({
  plan,
  isCurrent,
  action,
  showTrial,
  onSelect,
  disabled,
}: {
  plan: Plan;
  isCurrent: boolean;
  action: PlanAction;
  showTrial: boolean;
  onSelect: () => void;
  disabled: boolean;
}) {
  const nameId = useId();
  const price = planPrice(plan);
  const disabledFrom = plan.id === 'free' ? plan.benefits.length - FREE_PLAN_DISABLED_BENEFITS : Infinity;
  return (
    <article
      aria-labelledby={nameId}
      className={cn(
        'flex flex-col rounded-2xl border bg-surface p-5 sm:p-6',
        isCurrent ? 'border-accent ring-1 ring-accent' : 'border-line',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={nameId} className="text-lg font-semibold text-ink">
          {plan.name}
        </h3>
        {isCurrent ? <Badge tone="accent">{messages.billing.currentPlan}</Badge> : null}
        {showTrial ? <Badge tone="success">{plan.trialDays}-day free trial</Badge> : null}
      </div>
      <p className="mt-3 flex items-baseline gap-1">
        <span className="text-3xl font-semibold tracking-tight text-ink">{price.amount}</span>
        {price.interval ? <span className="text-sm text-ink-muted">/ {price.interval}</span> : null}
      </p>
      <p className="mt-3 text-sm font-medium text-ink">
        {formatCount(plan.includedAnalyses)} touch points included per {plan.interval}
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        {formatCount(plan.includedTokens)} tokens. {messages.billing.longPageCounts}
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        {plan.overageRate > 0
          ? `Overage: ${overagePerTouchPoints(plan.overageRate)}`
          : 'No overage: analysis pauses at the limit'}
      </p>
      <ul className="mt-5 flex flex-1 flex-col gap-2.5 border-t border-line pt-5 text-sm">
        {plan.benefits.map((benefit, index) => {
          const off = index >= disabledFrom;
          return (
            <li
              key={benefit}
              data-disabled={off || undefined}
              className={cn('flex gap-2.5', off ? 'text-ink-muted line-through' : 'text-ink')}
            >
              {off ? (
                <Minus aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              ) : (
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
              )}
              <span>
                {off ? <span className="sr-only">Not included: </span> : null}
                {benefit}
              </span>
            </li>
          );
        })}
      </ul>
      <Button
        className="mt-6"
        fullWidth
        variant={action.disabled ? 'secondary' : 'primary'}
        disabled={action.disabled || disabled}
        onClick={onSelect}
      >
        {action.label}
      </Button>
    </article>
  );
}
