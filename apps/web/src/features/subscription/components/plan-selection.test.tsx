import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { buildSubscription, buildUser } from '@mediadiet/contract/fixtures';
import type { UserUpdateMessage } from '@mediadiet/contract/extension';
import { TabBus } from '@/lib/broadcast';
import { queryKeys } from '@/lib/query-keys';
import { server } from '@/testing/msw-server';
import {
  answerConfirm,
  createTestQueryClient,
  failure,
  findConfirm,
  findToast,
  openSubscriptionPage,
  mockBillingServer,
  mockLocalCardSetup,
  typeCard,
} from '@/testing/billing-test-utils';
import { celebrate } from '@/features/subscription/utils/celebrate';

vi.mock('@/features/subscription/utils/celebrate', () => ({ celebrate: vi.fn(() => () => undefined) }));

const neverTrialed = buildUser({ state: { hasHadFreeTrial: false, shouldShowExtensionWizard: false } });
const trialed = buildUser({ state: { hasHadFreeTrial: true, shouldShowExtensionWizard: false } });

/** No subscription, and the card calls answering as the local test provider does. */
function newCustomer(
  options: { user?: typeof neverTrialed; status?: 'active' | 'trialing' | 'past_due' } = {},
) {
  const state = mockBillingServer({ subscription: null, user: options.user ?? neverTrialed });
  mockLocalCardSetup(state, { clientSecret: 'seti_secret_1', paymentMethodId: 'pm_new' });
  state.answer('POST /api/subscription/create', {
    success: true,
    subscription: buildSubscription({ status: options.status ?? 'trialing' }),
  });
  return state;
}

function planCard(name: string) {
  return screen.getByRole('article', { name });
}

const fillCard = (user: UserEvent, number = '4242 4242 4242 4242') =>
  typeCard(user, { number, expiry: '1234', cvc: '123' });

/** Basic's Start Free Trial, the card (`number`), then Start Subscription. */
async function startBasicTrial(user: UserEvent, number?: string) {
  await user.click(within(planCard('Basic')).getByRole('button', { name: 'Start Free Trial' }));
  await fillCard(user, number);
  await user.click(screen.getByRole('button', { name: 'Start Subscription' }));
}

describe('Plans for a user without a plan', () => {
  it('offers Start Free, and Start Free Trial on paid plans when the user never had a trial', async () => {
    newCustomer();
    await openSubscriptionPage();
    expect(within(planCard('Free')).getByRole('button', { name: 'Start Free' })).toBeEnabled();
    expect(within(planCard('Basic')).getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
    expect(within(planCard('Premium')).getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
    expect(within(planCard('Free')).getByText('Free Forever')).toBeInTheDocument();
    expect(within(planCard('Basic')).getByText('$9.99')).toBeInTheDocument();
    expect(
      within(planCard('Basic')).getByText('Overage: $0.50 per about 5 touch points'),
    ).toBeInTheDocument();
    expect(within(planCard('Basic')).getByText('500 touch points included per month')).toBeInTheDocument();
    expect(screen.getByText(/A touch point is any web media content/)).toBeInTheDocument();
  });

  it('offers Subscribe once the user had a trial', async () => {
    newCustomer({ user: trialed });
    await openSubscriptionPage();
    expect(within(planCard('Basic')).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(within(planCard('Premium')).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('choosing Free toasts that the card is not charged and opens Secure Account Setup', async () => {
    const user = userEvent.setup();
    newCustomer();
    await openSubscriptionPage();
    await user.click(within(planCard('Free')).getByRole('button', { name: 'Start Free' }));
    expect(await findToast('Your card will not be charged while on the free plan.')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Secure Account Setup' });
    for (const bullet of [
      'Prevents automated abuse',
      'Enables instant plan upgrades',
      'No charges while on free plan',
    ])
      expect(within(dialog).getByText(bullet)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Secure Account' })).toBeInTheDocument();
    expect(
      within(dialog).getByText('Payments are secured by our card payment provider.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Test mode — no real charges')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/postal|zip/i)).not.toBeInTheDocument();
  });

  it('choosing a paid plan opens Complete Your Subscription with Start Subscription', async () => {
    const user = userEvent.setup();
    newCustomer();
    await openSubscriptionPage();
    await user.click(within(planCard('Premium')).getByRole('button', { name: 'Start Free Trial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Subscription' });
    expect(within(dialog).getByRole('button', { name: 'Start Subscription' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Prevents automated abuse')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Account e-mail:')).toHaveTextContent(neverTrialed.email);
  });

  it('subscribes: intent, card confirmation, create; then the success modal with confetti', async () => {
    const user = userEvent.setup();
    const state = newCustomer();
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.session, neverTrialed);
    const otherTab = new TabBus();
    const heard: UserUpdateMessage[] = [];
    otherTab.subscribe((message) => heard.push(message));
    await openSubscriptionPage({ queryClient });
    await user.click(within(planCard('Basic')).getByRole('button', { name: 'Start Free Trial' }));
    await screen.findByRole('dialog', { name: 'Complete Your Subscription' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Start Subscription' }));

    const success = await screen.findByRole('dialog', { name: 'Welcome to Basic!' });
    expect(success).toHaveAccessibleDescription('Your subscription has been activated successfully.');
    expect(within(success).getByRole('heading', { name: 'Next steps' })).toBeInTheDocument();
    expect(celebrate).toHaveBeenCalledOnce();
    expect(state.bodies['POST /api/payment/local/confirm-setup']).toEqual([
      {
        clientSecret: 'seti_secret_1',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      },
    ]);
    expect(state.bodies['POST /api/subscription/create']).toEqual([
      { plan: 'basic', paymentMethodId: 'pm_new' },
    ]);
    // The other open tabs hear of it (USER_UPDATE) and refresh their header.
    await waitFor(() => expect(heard).toEqual([{ type: 'USER_UPDATE', user: neverTrialed }]));
    otherTab.close();
  });

  it('closing the success modal reloads the subscription and refreshes the user', async () => {
    const user = userEvent.setup();
    const state = newCustomer();
    await openSubscriptionPage();
    await user.click(within(planCard('Free')).getByRole('button', { name: 'Start Free' }));
    await screen.findByRole('dialog', { name: 'Secure Account Setup' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Secure Account' }));
    const success = await screen.findByRole('dialog', { name: 'Welcome to Free!' });
    await waitFor(() => expect(state.calls['GET /api/subscription']).toBe(2)); // invalidated by the create
    const before = {
      sub: state.calls['GET /api/subscription'] ?? 0,
      user: state.calls['GET /api/account/info'] ?? 0,
    };
    await user.click(within(success).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Welcome to Free!' })).not.toBeInTheDocument();
    await waitFor(() => expect(state.calls['GET /api/subscription']).toBe(before.sub + 1));
    await waitFor(() => expect(state.calls['GET /api/account/info']).toBe(before.user + 1));
  });

  it('Continue to Dashboard goes to the dashboard', async () => {
    const user = userEvent.setup();
    newCustomer();
    const { router } = await openSubscriptionPage();
    await startBasicTrial(user);
    const success = await screen.findByRole('dialog', { name: 'Welcome to Basic!' });
    await user.click(within(success).getByRole('button', { name: 'Continue to Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/dashboard');
  });

  it('a double click on Start Subscription sends one create', async () => {
    const user = userEvent.setup();
    const state = newCustomer();
    server.use(
      http.post('*/api/subscription/create', async ({ request }) => {
        state.track('POST /api/subscription/create', await request.json());
        await delay(150);
        return HttpResponse.json({ success: true, subscription: buildSubscription({ status: 'active' }) });
      }),
    );
    await openSubscriptionPage();
    await user.click(within(planCard('Basic')).getByRole('button', { name: 'Start Free Trial' }));
    await fillCard(user);
    const submit = screen.getByRole('button', { name: 'Start Subscription' });
    await user.dblClick(submit);
    await user.click(submit);
    await screen.findByRole('dialog', { name: 'Welcome to Basic!' });
    expect(state.calls['POST /api/payment/intent']).toBe(1);
    expect(state.calls['POST /api/subscription/create']).toBe(1);
  });

  it('refuses a created subscription whose status is not active or trialing', async () => {
    const user = userEvent.setup();
    newCustomer({ status: 'past_due' });
    await openSubscriptionPage();
    await startBasicTrial(user);
    const dialog = screen.getByRole('dialog', { name: 'Complete Your Subscription' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Subscription creation failed - invalid status',
    );
    expect(await findToast('Subscription creation failed - invalid status')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Welcome/ })).not.toBeInTheDocument();
  });

  it('shows a declined card in the form and as a toast, and creates nothing', async () => {
    const user = userEvent.setup();
    const state = newCustomer();
    server.use(http.post('*/api/payment/local/confirm-setup', () => failure('Your card was declined.', 402)));
    await openSubscriptionPage();
    await startBasicTrial(user, '4000 0000 0000 0002');
    const dialog = screen.getByRole('dialog', { name: 'Complete Your Subscription' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(await findToast('Your card was declined.')).toBeInTheDocument();
    expect(state.calls['POST /api/subscription/create']).toBeUndefined();
  });

  it('toasts Failed to create subscription with the reason in the form', async () => {
    const user = userEvent.setup();
    newCustomer();
    server.use(http.post('*/api/subscription/create', () => failure('Plan unavailable', 409)));
    await openSubscriptionPage();
    await startBasicTrial(user);
    const dialog = screen.getByRole('dialog', { name: 'Complete Your Subscription' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Plan unavailable');
    expect(await findToast('Failed to create subscription')).toBeInTheDocument();
  });

  it('toasts Failed to setup payment when no setup intent can be created', async () => {
    const user = userEvent.setup();
    const state = newCustomer();
    server.use(http.post('*/api/payment/intent', () => failure('provider down', 502)));
    await openSubscriptionPage();
    await startBasicTrial(user);
    expect(await findToast('Failed to setup payment')).toBeInTheDocument();
    expect(state.calls['POST /api/payment/local/confirm-setup']).toBeUndefined();
  });

  it('toasts Payment provider has not been initialized when the server uses another provider', async () => {
    const user = userEvent.setup();
    const state = newCustomer();
    server.use(
      http.post('*/api/payment/intent', () =>
        HttpResponse.json({
          success: true,
          clientSecret: 's',
          provider: 'stripe',
          data: { clientSecret: 's' },
        }),
      ),
    );
    await openSubscriptionPage();
    await startBasicTrial(user);
    expect(await findToast('Payment provider has not been initialized')).toBeInTheDocument();
    expect(state.calls['POST /api/payment/local/confirm-setup']).toBeUndefined();
  });
});

describe('Plans for a user on a plan', () => {
  async function openPlans(subscription = buildSubscription({ plan: 'basic' })) {
    const user = userEvent.setup();
    const state = mockBillingServer({ subscription, user: trialed });
    const { panel } = await openSubscriptionPage();
    await user.click(within(panel).getByRole('button', { name: 'Manage Subscription' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Manage Subscription' })).getByRole('button', {
        name: 'Change Plan',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Subscription Plans' });
    return { user, state, dialog };
  }

  it('shows Current Plan disabled, Change Plan on the others, and no Free plan', async () => {
    const { dialog } = await openPlans();
    expect(within(dialog).queryByRole('article', { name: 'Free' })).not.toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('article', { name: 'Basic' })).getByRole('button', {
        name: 'Current Plan',
      }),
    ).toBeDisabled();
    expect(
      within(within(dialog).getByRole('article', { name: 'Premium' })).getByRole('button', {
        name: 'Change Plan',
      }),
    ).toBeEnabled();
  });

  it('changes plan after the confirmation', async () => {
    const { user, state, dialog } = await openPlans();
    state.answer('POST /api/subscription/update', {
      success: true,
      subscription: buildSubscription({ plan: 'premium' }),
    });
    await user.click(
      within(within(dialog).getByRole('article', { name: 'Premium' })).getByRole('button', {
        name: 'Change Plan',
      }),
    );
    await answerConfirm(
      user,
      'Are you sure you want to change your subscription plan? This will take effect immediately.',
      'Yes, Change Plan',
    );
    expect(await findToast('Subscription updated successfully!')).toBeInTheDocument();
    expect(state.bodies['POST /api/subscription/update']).toEqual([{ planId: 'premium' }]);
  });

  it('keeps the plan when the user says No, Keep Current Plan', async () => {
    const { user, state, dialog } = await openPlans();
    await user.click(
      within(within(dialog).getByRole('article', { name: 'Premium' })).getByRole('button', {
        name: 'Change Plan',
      }),
    );
    await user.click((await findConfirm()).getByRole('button', { name: 'No, Keep Current Plan' }));
    expect(await findToast('Operation cancelled')).toBeInTheDocument();
    expect(state.calls['POST /api/subscription/update']).toBeUndefined();
  });

  it('puts keyboard focus in the change-plan confirmation, and Escape keeps the plan', async () => {
    const { user, state, dialog } = await openPlans();
    await user.click(
      within(within(dialog).getByRole('article', { name: 'Premium' })).getByRole('button', {
        name: 'Change Plan',
      }),
    );
    const confirmation = await findConfirm();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Subscription Plans' })).toBeNull());
    // Focus stays in the confirmation once the plans dialog has unmounted and handed focus back.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('alertdialog')?.contains(document.activeElement)).toBe(true);
    expect(confirmation.getByRole('button', { name: 'No, Keep Current Plan' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await findToast('Operation cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(state.calls['POST /api/subscription/update']).toBeUndefined();
  });

  it('toasts Failed to change plan with the reason', async () => {
    const { user, dialog } = await openPlans();
    server.use(http.post('*/api/subscription/update', () => failure('Card expired', 402)));
    await user.click(
      within(within(dialog).getByRole('article', { name: 'Premium' })).getByRole('button', {
        name: 'Change Plan',
      }),
    );
    await user.click((await findConfirm()).getByRole('button', { name: 'Yes, Change Plan' }));
    expect(await findToast('Failed to change plan: Card expired')).toBeInTheDocument();
  });

  it('shows the Free plan to a user on free', async () => {
    const user = userEvent.setup();
    mockBillingServer({ subscription: buildSubscription({ plan: 'free', status: 'free' }), user: trialed });
    const { panel } = await openSubscriptionPage();
    await user.click(within(panel).getByRole('button', { name: 'Upgrade Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscription Plans' });
    expect(within(dialog).getAllByRole('article')).toHaveLength(3);
    expect(
      within(within(dialog).getByRole('article', { name: 'Basic' })).getByRole('button', {
        name: 'Change Plan',
      }),
    ).toBeInTheDocument();
  });
});
