import { useId, useState } from 'react';
import { formatUsd, HIGH_OVERAGE_CONFIRM_DOLLARS } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import type { PricingTier } from '@mediadiet/contract/payment';
import type { Subscription } from '@mediadiet/contract/subscription';
import { Button } from '@/components/ui/button';
import { Slider } from '@/components/ui/slider';
import { useConfirm } from '@/components/ui/use-confirm';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { usePricing } from '@/features/subscription/api/get-pricing';
import { useUpdateOverage } from '@/features/subscription/api/update-overage';
import { useErrorToast } from '@/features/subscription/hooks/use-error-toast';
import { formatCount } from '@/features/subscription/utils/format';

/** The discrete caps: no overage, then the plan's pricing tiers (dollars), ascending, without repeats. */
export function overageSteps(tiers: PricingTier[]): PricingTier[] {
  const byAmount = new Map<number, PricingTier>([[0, { amount: 0, tokens: 0, analyses: 0 }]]);
  for (const tier of tiers) byAmount.set(tier.amount, tier);
  return [...byAmount.values()].sort((a, b) => a.amount - b.amount);
}

/** The index of the step nearest to the current cap (a cap the tiers no longer offer snaps to the closest). */
function nearestIndex(steps: PricingTier[], amount: number): number {
  let best = 0;
  steps.forEach((step, index) => {
    const bestStep = steps[best];
    if (bestStep && Math.abs(step.amount - amount) < Math.abs(bestStep.amount - amount)) best = index;
  });
  return best;
}

/**
 * Labels sit under the thumb's centre. Radix keeps the 20 px thumb inside the track, so its centre runs
 * from 10 px to (width − 10 px); the first and last labels align to the edges instead of overflowing.
 */
function labelPosition(i: number, last: number) {
  if (i === 0) return { left: 0 };
  if (i === last) return { right: 0 };
  const pct = (i / last) * 100;
  return { left: `calc(${pct}% + ${10 - (pct / 100) * 20}px)` };
}

function shortUsd(amount: number): string {
  return Number.isInteger(amount) ? `$${formatCount(amount)}` : formatUsd(amount);
}

/**
 * The Usage Limits tab (spec §2, §5): a slider of the plan's monthly overage caps, Cancel and Save
 * Changes (enabled only when the selection differs from the current cap). A cap above $500 asks for an
 * extra confirmation. On screens 500 px wide or less every second label is hidden.
 */
export function UsageLimits({ subscription }: { subscription: Subscription }) {
  const pricing = usePricing();
  useErrorToast(pricing.isError, messages.loading.pricing);

  if (pricing.isPending || pricing.isError) {
    return <p className="text-sm text-ink-muted">{messages.loading.pricingPending}</p>;
  }
  const tiers =
    subscription.plan === 'basic' || subscription.plan === 'premium' ? pricing.data[subscription.plan] : [];
  if (tiers.length === 0) {
    return <p className="text-sm text-ink-muted">Overage caps apply to the Basic and Premium plans.</p>;
  }
  return (
    <OverageSlider
      key={subscription.overageLimit}
      steps={overageSteps(tiers)}
      current={subscription.overageLimit}
    />
  );
}

function OverageSlider({ steps, current }: { steps: PricingTier[]; current: number }) {
  const titleId = useId();
  const currentIndex = nearestIndex(steps, current);
  const [index, setIndex] = useState(currentIndex);
  const update = useUpdateOverage();
  const { confirm, confirmDialog } = useConfirm();
  const selected = steps[index] ?? steps[0] ?? { amount: 0, tokens: 0, analyses: 0 };
  const changed = selected.amount !== current;
  const last = steps.length - 1;

  const save = async () => {
    if (!changed || update.isPending) return;
    if (selected.amount > HIGH_OVERAGE_CONFIRM_DOLLARS) {
      const confirmed = await confirm({
        title: messages.billing.highOverageTitle,
        text: messages.billing.highOverageText(formatUsd(selected.amount)),
        tone: 'danger',
      });
      if (!confirmed) {
        notify.info(messages.billing.operationCancelled);
        return;
      }
    }
    update.mutate(selected.amount, {
      onSuccess: () => notify.success(messages.success.overageLimitUpdated),
      onError: () => notify.error(messages.billing.overageFailed),
    });
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-6">
      <div>
        <h3 id={titleId} className="font-semibold text-ink">
          Monthly overage cap
        </h3>
        <p className="mt-1 text-sm text-ink-muted">
          When your plan&apos;s allowance runs out, analysis continues up to this amount each month. Current
          cap: <span className="font-medium text-ink">{current > 0 ? formatUsd(current) : 'no overage'}</span>
          .
        </p>
        <p className="mt-1 text-sm text-ink-muted">{messages.billing.touchPointSize}</p>
      </div>

      <div className="rounded-xl bg-canvas px-4 py-4 sm:px-5" aria-live="polite">
        <p className="text-2xl font-semibold tracking-tight text-ink tabular-nums">
          {selected.amount > 0 ? formatUsd(selected.amount) : 'No overage'}
          {selected.amount > 0 ? (
            <span className="text-base font-normal text-ink-muted"> / month</span>
          ) : null}
        </p>
        <p className="mt-1 text-sm text-ink-muted">
          {selected.amount > 0
            ? `About ${formatCount(selected.tokens)} extra tokens, about ${formatCount(selected.analyses)} extra touch points.`
            : 'Analysis pauses when the plan allowance is used up.'}
        </p>
      </div>

      <div>
        <Slider
          thumbLabel="Monthly overage cap"
          valueText={selected.amount > 0 ? formatUsd(selected.amount) : 'No overage'}
          min={0}
          max={last}
          step={1}
          value={[index]}
          onValueChange={([value]) => setIndex(value ?? 0)}
          disabled={update.isPending}
        />
        <div aria-hidden="true" className="relative mt-2 h-5 text-xs text-ink-muted">
          {steps.map((step, i) => (
            <span
              key={step.amount}
              data-testid="overage-label"
              className={cn(
                'absolute top-0 whitespace-nowrap tabular-nums',
                i !== 0 && i !== last && '-translate-x-1/2',
                i % 2 === 1 && '[@media(max-width:500px)]:hidden',
                i === index && 'font-semibold text-ink',
              )}
              style={labelPosition(i, last)}
            >
              {shortUsd(step.amount)}
            </span>
          ))}
        </div>
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setIndex(currentIndex)} disabled={update.isPending}>
          {messages.billing.cancel}
        </Button>
        <Button onClick={() => void save()} disabled={!changed} loading={update.isPending}>
          {messages.billing.saveChanges}
        </Button>
      </div>
      {confirmDialog}
    </section>
  );
}
