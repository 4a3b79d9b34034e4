import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BASIC_PLAN, FREE_PLAN, PREMIUM_PLAN } from '@/testing/billing-test-utils';
import { PlanCards, planAction, visiblePlans } from '@/features/subscription/components/plan-cards';
import { StatusBadge } from '@/features/subscription/components/status-badge';

const plans = [FREE_PLAN, BASIC_PLAN, PREMIUM_PLAN];

describe('PlanCards', () => {
  it('shows the last 3 free-plan benefits disabled, the others not', () => {
    render(<PlanCards plans={plans} currentPlan={null} hasHadFreeTrial={false} onSelect={vi.fn()} />);
    const items = within(screen.getByRole('article', { name: 'Free' })).getAllByRole('listitem');
    expect(items.map((item) => item.hasAttribute('data-disabled'))).toEqual([false, false, true, true, true]);
    expect(items[4]).toHaveTextContent('Not included: Personality tuning');
    const basic = within(screen.getByRole('article', { name: 'Basic' })).getAllByRole('listitem');
    expect(basic.every((item) => !item.hasAttribute('data-disabled'))).toBe(true);
  });

  it('shows Free Forever and no overage on the free card, and the trial on paid cards', () => {
    render(<PlanCards plans={plans} currentPlan={null} hasHadFreeTrial={false} onSelect={vi.fn()} />);
    const free = within(screen.getByRole('article', { name: 'Free' }));
    expect(free.getByText('Free Forever')).toBeInTheDocument();
    expect(free.getByText('No overage: analysis pauses at the limit')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Premium' })).getByText('10-day free trial'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Premium' })).getByText(
        'Overage: $0.40 per about 5 touch points',
      ),
    ).toBeInTheDocument();
  });

  it('says how a long page counts, on every card and in the note (decision 114)', () => {
    render(<PlanCards plans={plans} currentPlan={null} hasHadFreeTrial={false} onSelect={vi.fn()} />);
    const premium = within(screen.getByRole('article', { name: 'Premium' }));
    expect(
      premium.getByText(
        `${PREMIUM_PLAN.includedTokens.toLocaleString('en-US')} tokens. A page of up to 2,000 tokens is one; a longer page counts as more.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/a 5,000-token report uses 2.5 touch points/)).toBeInTheDocument();
  });

  it('calls onSelect with the plan', async () => {
    const onSelect = vi.fn();
    render(<PlanCards plans={plans} currentPlan="free" hasHadFreeTrial onSelect={onSelect} />);
    await userEvent.click(
      within(screen.getByRole('article', { name: 'Premium' })).getByRole('button', { name: 'Change Plan' }),
    );
    expect(onSelect).toHaveBeenCalledWith(PREMIUM_PLAN);
  });

  it('hides the free plan from users on a paid plan', () => {
    expect(visiblePlans(plans, 'premium').map((p) => p.id)).toEqual(['basic', 'premium']);
    expect(visiblePlans(plans, 'free').map((p) => p.id)).toEqual(['free', 'basic', 'premium']);
    expect(visiblePlans(plans, null).map((p) => p.id)).toEqual(['free', 'basic', 'premium']);
  });

  it.each([
    [FREE_PLAN, null, false, 'Start Free', false],
    [BASIC_PLAN, null, false, 'Start Free Trial', false],
    [BASIC_PLAN, null, true, 'Subscribe', false],
    [{ ...BASIC_PLAN, trialDays: 0 }, null, false, 'Subscribe', false],
    [BASIC_PLAN, 'basic', true, 'Current Plan', true],
    [PREMIUM_PLAN, 'basic', false, 'Change Plan', false],
    // From Free, never trialled: the upgrade starts the trial the banner offers (decision 120).
    [BASIC_PLAN, 'free', false, 'Start Free Trial', false],
    [PREMIUM_PLAN, 'free', true, 'Change Plan', false],
    [FREE_PLAN, 'basic', false, 'Change Plan', false],
  ] as const)('%# planAction → %s', (plan, current, trialed, label, disabled) => {
    expect(planAction(plan, current, trialed)).toEqual({ label, disabled });
  });
});

describe('StatusBadge', () => {
  it('labels each status and shows an unknown one as free', () => {
    const { rerender } = render(<StatusBadge status="trialing" />);
    expect(screen.getByText('Free Trial')).toBeInTheDocument();
    rerender(<StatusBadge status="past_due" />);
    expect(screen.getByText('Past Due')).toBeInTheDocument();
    rerender(<StatusBadge status="mystery" />);
    expect(screen.getByText('Free')).toBeInTheDocument();
  });
});
