import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { buildSubscription, buildUser } from '@mediadiet/contract/fixtures';
import { server } from '@/testing/msw-server';
import {
  answerConfirm,
  failure,
  findStatusPanel,
  findConfirm,
  findToast,
  openSubscriptionPage,
  renderSubscriptionPage,
  mockBillingServer,
} from '@/testing/billing-test-utils';
import { pageReload } from '@/features/subscription/utils/page-reload';
import { RELOAD_DELAY_MS } from '@/features/subscription/components/subscription-page';

vi.mock('@/features/subscription/utils/celebrate', () => ({ celebrate: vi.fn(() => () => undefined) }));

describe('Subscription page — status panel', () => {
  it('shows Overview, Usage Limits and Payment Method tabs for Basic', async () => {
    mockBillingServer({ subscription: buildSubscription({ plan: 'basic' }) });
    const { panel } = await openSubscriptionPage();
    const tabs = within(panel)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual(['Overview', 'Usage Limits', 'Payment Method']);
    expect(within(panel).getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByText('Basic plan')).toBeInTheDocument();
    expect(within(panel).getByText('Active')).toBeInTheDocument();
    expect(within(panel).getByText('Your subscription is active.')).toBeInTheDocument();
    // The Analysis list of a live subscription, with the overage rate per 10k tokens.
    expect(within(panel).getByRole('heading', { name: 'Analysis this period' })).toBeInTheDocument();
    expect(within(panel).getByText('42')).toBeInTheDocument();
    expect(within(panel).getByText('125,000 of 500,000')).toBeInTheDocument();
    expect(within(panel).getByText('$0.50 per 10k tokens')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Subscription Plans' })).not.toBeInTheDocument();
  });

  it('shows the tabs for Premium and for a free plan scheduled to cancel', async () => {
    mockBillingServer({ subscription: buildSubscription({ plan: 'premium' }) });
    const first = await openSubscriptionPage();
    expect(within(first.panel).getAllByRole('tab')).toHaveLength(3);
    first.unmount();

    mockBillingServer({
      subscription: buildSubscription({
        plan: 'free',
        status: 'scheduled_cancelation',
        cancelAt: 1_740_000_000,
      }),
    });
    const { panel } = await openSubscriptionPage();
    expect(within(panel).getAllByRole('tab')).toHaveLength(3);
    expect(within(panel).getByText('Scheduled to Cancel')).toBeInTheDocument();
    expect(within(panel).getByText('Scheduled to cancel on')).toBeInTheDocument();
  });

  it('gives a free user a summary card with Upgrade Plan, which opens the plans', async () => {
    const user = userEvent.setup();
    mockBillingServer({ subscription: buildSubscription({ plan: 'free', status: 'free', overageRate: 0 }) });
    const { panel } = await openSubscriptionPage();
    expect(within(panel).queryByRole('tab')).not.toBeInTheDocument();
    expect(within(panel).getByText('Free plan')).toBeInTheDocument();
    expect(within(panel).getByText('You are on the free plan.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Upgrade Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscription Plans' });
    expect(within(dialog).getByRole('article', { name: 'Free' })).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('article', { name: 'Free' })).getByRole('button', {
        name: 'Current Plan',
      }),
    ).toBeDisabled();
  });

  it('shows No Active Subscription and the plans panel without a subscription', async () => {
    mockBillingServer({ subscription: null });
    const { panel } = await openSubscriptionPage();
    expect(within(panel).getByRole('heading', { name: 'No Active Subscription' })).toBeInTheDocument();
    expect(
      within(panel).getByText('Start analyzing content by selecting a plan that fits your needs.'),
    ).toBeInTheDocument();
    const plans = screen.getByRole('region', { name: 'Subscription Plans' });
    expect(
      within(plans)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby') && within(a).getByRole('heading').textContent),
    ).toEqual(['Free', 'Basic', 'Premium']);
  });

  it('shows a spinner while loading, then the failure of the subscription call', async () => {
    mockBillingServer();
    server.use(http.get('*/api/subscription', () => failure('boom')));
    renderSubscriptionPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(
      await screen.findByText('Failed to load subscription details', { selector: 'main p, p[role=alert]' }),
    ).toBeInTheDocument();
    expect(await findToast('Failed to load subscription details')).toBeInTheDocument();
  });

  it('toasts when the plans cannot be loaded', async () => {
    mockBillingServer({ subscription: null });
    server.use(http.get('*/api/subscription/plans', () => failure('nope')));
    await openSubscriptionPage();
    expect(await findToast('Failed to load subscription plans')).toBeInTheDocument();
  });
});

describe('Subscription page — free-trial banner', () => {
  it('shows when the user never had a free trial', async () => {
    mockBillingServer({
      user: buildUser({ state: { hasHadFreeTrial: false, shouldShowExtensionWizard: false } }),
    });
    await openSubscriptionPage();
    expect(screen.getByRole('complementary', { name: 'Free trial' })).toHaveTextContent(
      'Start your 10-day free trial. Your card is charged after the trial unless you cancel.',
    );
  });

  it('is absent once the user had a free trial', async () => {
    mockBillingServer({
      user: buildUser({ state: { hasHadFreeTrial: true, shouldShowExtensionWizard: false } }),
    });
    await openSubscriptionPage();
    expect(screen.queryByRole('complementary', { name: 'Free trial' })).not.toBeInTheDocument();
  });
});

async function openManage() {
  const user = userEvent.setup();
  const panel = await findStatusPanel();
  await user.click(within(panel).getByRole('button', { name: 'Manage Subscription' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Manage Subscription' }) };
}

describe('Manage Subscription modal', () => {
  it('shows plan, status and next billing date, with Change Plan and Cancel Subscription', async () => {
    mockBillingServer({ subscription: buildSubscription({ plan: 'basic' }), nextBilling: 1_739_617_200 });
    renderSubscriptionPage();
    const { dialog } = await openManage();
    expect(within(dialog).getByText('Current plan').nextElementSibling).toHaveTextContent('Basic');
    expect(within(dialog).getByText('Active')).toBeInTheDocument();
    expect(within(dialog).getByText('Next billing date').nextElementSibling).toHaveTextContent(
      new Date(1_739_617_200 * 1000).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }),
    );
    expect(within(dialog).getByRole('button', { name: 'Change Plan' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Keep My Subscription' })).not.toBeInTheDocument();
  });

  it('cancels after the confirmation, and not when the user keeps it', async () => {
    const server$ = mockBillingServer({ subscription: buildSubscription({ plan: 'basic' }) });
    server$.answer('POST /api/subscription/cancel', {
      success: true,
      subscription: buildSubscription({ status: 'scheduled_cancelation', cancelAt: 1_740_000_000 }),
    });
    renderSubscriptionPage();
    let { user, dialog } = await openManage();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    await answerConfirm(
      user,
      'Are you sure you want to cancel your subscription? This cannot be undone.',
      'No, Keep It',
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server$.calls['POST /api/subscription/cancel']).toBeUndefined();

    ({ user, dialog } = await openManage());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    await user.click((await findConfirm()).getByRole('button', { name: 'Yes, Cancel' }));
    expect(
      await findToast(
        'Subscription cancelled successfully. Your access will continue until the end of the current billing period.',
      ),
    ).toBeInTheDocument();
    expect(server$.calls['POST /api/subscription/cancel']).toBe(1);
  });

  it('puts keyboard focus in the cancel confirmation and closes it on Escape', async () => {
    const server$ = mockBillingServer({ subscription: buildSubscription({ plan: 'basic' }) });
    renderSubscriptionPage();
    const { user, dialog } = await openManage();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    const confirmation = await findConfirm();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage Subscription' })).toBeNull());
    const popup = screen.queryByRole('alertdialog');
    // Focus stays in the confirmation after the Manage Subscription dialog has unmounted.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(popup?.contains(document.activeElement)).toBe(true);
    expect(confirmation.getByRole('button', { name: 'No, Keep It' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server$.calls['POST /api/subscription/cancel']).toBeUndefined();
  });

  it('toasts a failed cancel', async () => {
    mockBillingServer({ subscription: buildSubscription({ plan: 'basic' }) });
    server.use(http.post('*/api/subscription/cancel', () => failure('stripe down')));
    renderSubscriptionPage();
    const { user, dialog } = await openManage();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    await user.click((await findConfirm()).getByRole('button', { name: 'Yes, Cancel' }));
    expect(await findToast('Failed to cancel subscription')).toBeInTheDocument();
  });

  it('shows Scheduled to cancel on and Keep My Subscription, which reactivates and reloads the page', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const server$ = mockBillingServer({
      subscription: buildSubscription({
        plan: 'premium',
        status: 'scheduled_cancelation',
        cancelAt: 1_740_000_000,
      }),
      nextBilling: null,
    });
    server$.answer('POST /api/subscription/reactivate', {
      success: true,
      subscription: buildSubscription({ plan: 'premium' }),
    });
    renderSubscriptionPage();
    const { user, dialog } = await openManage();
    expect(within(dialog).getByText('Scheduled to cancel on').nextElementSibling).toHaveTextContent(
      new Date(1_740_000_000 * 1000).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }),
    );
    expect(within(dialog).queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep My Subscription' }));
    expect(await findToast('Subscription reactivated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(reload).toHaveBeenCalledOnce(), { timeout: RELOAD_DELAY_MS + 1000 });
    expect(server$.calls['POST /api/subscription/reactivate']).toBe(1);
  });

  it('toasts a failed reactivation and does not reload', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    mockBillingServer({
      subscription: buildSubscription({ status: 'scheduled_cancelation', cancelAt: 1_740_000_000 }),
    });
    server.use(http.post('*/api/subscription/reactivate', () => failure('no')));
    renderSubscriptionPage();
    const { user, dialog } = await openManage();
    await user.click(within(dialog).getByRole('button', { name: 'Keep My Subscription' }));
    expect(await findToast('Failed to reactivate subscription')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
