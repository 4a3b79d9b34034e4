import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { buildPaymentMethod, buildSubscription } from '@mediadiet/contract/fixtures';
import { server } from '@/testing/msw-server';
import {
  failure,
  findToast,
  openSubscriptionPage,
  mockBillingServer,
  mockLocalCardSetup,
  typeCard,
  VISA,
} from '@/testing/billing-test-utils';

const longDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The queries of the saved card listed as `name` ('Visa ending in 4242') in the tab. */
const savedCard = (tab: HTMLElement, name: string) => within(within(tab).getByRole('listitem', { name }));

/** The tab's two card forms: the button that opens each, where it is, and the button that submits it. */
const CARD_FORMS = {
  add: {
    opener: 'Add New Card',
    find: (tab: HTMLElement) => within(tab).findByRole('region', { name: 'Add New Card' }),
    submit: 'Add Card',
  },
  update: {
    opener: 'Update Card',
    find: () => screen.findByRole('dialog', { name: 'Update Card' }),
    submit: 'Update Card',
  },
};

/** Opens the `which` card form from the tab, types `card` and submits it; answers the form's queries. */
async function submitCard(user: UserEvent, tab: HTMLElement, which: keyof typeof CARD_FORMS, card = VISA) {
  const { opener, find, submit } = CARD_FORMS[which];
  await user.click(within(tab).getByRole('button', { name: opener }));
  const form = within(await find(tab));
  await typeCard(user, card, form);
  await user.click(form.getByRole('button', { name: submit }));
  return form;
}

async function openPaymentTab(options: Parameters<typeof mockBillingServer>[0] = {}) {
  const user = userEvent.setup();
  const state = mockBillingServer({ subscription: buildSubscription({ plan: 'premium' }), ...options });
  mockLocalCardSetup(state, { clientSecret: 'seti_2', paymentMethodId: 'pm_added' });
  state.answer('POST /api/payment/update', {
    success: true,
    paymentMethod: buildPaymentMethod({ id: 'pm_added' }),
  });
  const { panel } = await openSubscriptionPage();
  return {
    user,
    state,
    panel,
    enter: async () => {
      await user.click(within(panel).getByRole('tab', { name: 'Payment Method' }));
      return screen.findByRole('list').then(() => screen.getByRole('tabpanel'));
    },
  };
}

describe('Payment Method tab', () => {
  it('loads the payment calls only when the tab is entered', async () => {
    const { state, enter } = await openPaymentTab();
    expect(state.calls['GET /api/payment/methods']).toBeUndefined();
    expect(state.calls['GET /api/payment/current']).toBeUndefined();
    await enter();
    expect(state.calls['GET /api/payment/methods']).toBe(1);
    expect(state.calls['GET /api/payment/current']).toBe(1);
    expect(state.calls['GET /api/payment/invoice']).toBe(1);
    expect(state.calls['GET /api/payment/history']).toBeUndefined();
  });

  it('shows the default method and the latest invoice with Download PDF', async () => {
    const { enter } = await openPaymentTab();
    const tab = await enter();
    const defaultSection = within(tab).getByRole('region', { name: 'Default payment method' });
    expect(defaultSection).toHaveTextContent('Visa ending in 4242');
    expect(defaultSection).toHaveTextContent('Expires 12/2030');
    const invoice = within(await within(tab).findByRole('region', { name: 'Latest invoice' }));
    expect(await invoice.findByText('$19.99')).toBeInTheDocument();
    expect(invoice.getByText(longDate(1_739_617_200))).toBeInTheDocument();
    expect(invoice.getByText('Paid')).toBeInTheDocument();
    expect(invoice.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      'https://example.com/in-2.pdf',
    );
  });

  it('lists the cards: the default one marked, Set Default on the others', async () => {
    const { enter } = await openPaymentTab();
    const tab = await enter();
    const visa = savedCard(tab, 'Visa ending in 4242');
    expect(visa.getByText('Default')).toBeInTheDocument();
    expect(visa.queryByRole('button', { name: 'Set Default' })).not.toBeInTheDocument();
    const mastercard = savedCard(tab, 'Mastercard ending in 4444');
    expect(mastercard.getByRole('button', { name: 'Set Default' })).toBeInTheDocument();
    expect(mastercard.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('sets a card as default', async () => {
    const { user, state, enter } = await openPaymentTab();
    state.answer('POST /api/payment/methods/default', {
      success: true,
      data: {
        paymentMethods: [
          buildPaymentMethod({ isDefault: false }),
          buildPaymentMethod({ id: 'pm-2', brand: 'mastercard', last4: '4444', isDefault: true }),
        ],
      },
    });
    const tab = await enter();
    const mastercard = savedCard(tab, 'Mastercard ending in 4444');
    await user.click(mastercard.getByRole('button', { name: 'Set Default' }));
    expect(await findToast('Default payment method updated successfully')).toBeInTheDocument();
    expect(state.bodies['POST /api/payment/methods/default']).toEqual([{ paymentMethodId: 'pm-2' }]);
    await waitFor(() => expect(mastercard.getByText('Default')).toBeInTheDocument());
  });

  it('toasts a failed Set Default', async () => {
    const { user, enter } = await openPaymentTab();
    server.use(http.post('*/api/payment/methods/default', () => failure('no')));
    const tab = await enter();
    await user.click(
      savedCard(tab, 'Mastercard ending in 4444').getByRole('button', { name: 'Set Default' }),
    );
    expect(await findToast('Failed to update default payment method')).toBeInTheDocument();
  });

  it('deletes a card only after the confirmation', async () => {
    const { user, state, enter } = await openPaymentTab();
    server.use(
      http.delete('*/api/payment/methods/:id', ({ params }) => {
        state.track(`DELETE ${String(params.id)}`);
        return Response.json({ success: true, data: { paymentMethods: [buildPaymentMethod()] } });
      }),
    );
    const tab = await enter();
    const deleteButton = savedCard(tab, 'Mastercard ending in 4444').getByRole('button', { name: 'Delete' });
    await user.click(deleteButton);
    let confirmation = await screen.findByRole('alertdialog', { name: 'Delete Mastercard ending in 4444?' });
    expect(confirmation).toHaveAccessibleDescription('Are you sure you want to delete this payment method?');
    expect(within(confirmation).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(deleteButton).toHaveFocus());
    expect(state.calls['DELETE pm-2']).toBeUndefined();

    await user.click(deleteButton);
    confirmation = await screen.findByRole('alertdialog');
    await user.click(within(confirmation).getByRole('button', { name: 'Confirm' }));
    expect(await findToast('Payment method deleted successfully')).toBeInTheDocument();
    expect(state.calls['DELETE pm-2']).toBe(1);
    await waitFor(() =>
      expect(
        within(tab).queryByRole('listitem', { name: 'Mastercard ending in 4444' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('toasts a failed delete', async () => {
    const { user, enter } = await openPaymentTab();
    server.use(http.delete('*/api/payment/methods/:id', () => failure('no')));
    const tab = await enter();
    await user.click(savedCard(tab, 'Visa ending in 4242').getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await findToast('Failed to delete payment method')).toBeInTheDocument();
  });

  it('adds a new card: intent, test-card confirmation, then POST /api/payment/update', async () => {
    const { user, state, enter } = await openPaymentTab();
    const tab = await enter();
    await submitCard(user, tab, 'add', { number: '5555555555554444', expiry: '0931', cvc: '321' });
    expect(await findToast('Payment method added successfully')).toBeInTheDocument();
    expect(state.bodies['POST /api/payment/update']).toEqual([{ paymentMethodId: 'pm_added' }]);
    expect(state.bodies['POST /api/payment/local/confirm-setup']).toEqual([
      {
        clientSecret: 'seti_2',
        card: { number: '5555555555554444', expMonth: 9, expYear: 2031, cvc: '321' },
      },
    ]);
    await waitFor(() =>
      expect(within(tab).queryByRole('region', { name: 'Add New Card' })).not.toBeInTheDocument(),
    );
  });

  it('toasts Failed to add payment method when the card cannot be attached', async () => {
    const { user, enter } = await openPaymentTab();
    server.use(http.post('*/api/payment/update', () => failure('Card already attached', 409)));
    const form = await submitCard(user, await enter(), 'add');
    expect(await findToast('Failed to add payment method')).toBeInTheDocument();
    expect(form.getByRole('alert')).toHaveTextContent('Card already attached');
  });

  it('updates the default card through Update Card', async () => {
    const { user, enter } = await openPaymentTab();
    await submitCard(user, await enter(), 'update');
    expect(await findToast('Payment method updated successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Update Card' })).not.toBeInTheDocument(),
    );
  });

  it('toasts Failed to update payment method', async () => {
    const { user, enter } = await openPaymentTab();
    server.use(http.post('*/api/payment/update', () => failure('nope')));
    await submitCard(user, await enter(), 'update');
    expect(await findToast('Failed to update payment method')).toBeInTheDocument();
  });

  it('shows the invoice history: amounts ÷ 100, dates × 1000', async () => {
    const { user, state, enter } = await openPaymentTab();
    const tab = await enter();
    const toggle = within(tab).getByRole('button', { name: 'View Invoice History' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const history = within(await within(tab).findByRole('region', { name: 'Invoice history' }));
    const rows = await history.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(longDate(1_739_617_200));
    expect(rows[0]).toHaveTextContent('$19.99');
    expect(rows[1]).toHaveTextContent(longDate(1_736_935_200));
    expect(rows[1]).toHaveTextContent('$9.99');
    expect(state.calls['GET /api/payment/history']).toBe(1);
  });

  it.each([
    ['*/api/payment/methods', 'Failed to load payment methods'],
    ['*/api/payment/current', 'Failed to load payment information'],
    ['*/api/payment/invoice', 'Failed to load payment information'],
  ])('toasts a failed %s', async (path, message) => {
    const { user, panel } = await openPaymentTab();
    server.use(http.get(path, () => failure('down')));
    await user.click(within(panel).getByRole('tab', { name: 'Payment Method' }));
    expect(await findToast(message)).toBeInTheDocument();
  });

  it('says so where there is no card and no invoice', async () => {
    const { user, panel } = await openPaymentTab({ methods: [], invoices: [] });
    await user.click(within(panel).getByRole('tab', { name: 'Payment Method' }));
    const tab = within(screen.getByRole('tabpanel'));
    expect(await tab.findByText('No card on file yet.')).toBeInTheDocument();
    expect(await tab.findByText('No saved cards.')).toBeInTheDocument();
    await user.click(tab.getByRole('button', { name: 'View Invoice History' }));
    expect(await tab.findAllByText('No invoices yet.')).toHaveLength(2);
  });

  it('toasts a failed invoice history', async () => {
    const { user, enter } = await openPaymentTab();
    server.use(http.get('*/api/payment/history', () => failure('down')));
    const tab = await enter();
    await user.click(within(tab).getByRole('button', { name: 'View Invoice History' }));
    expect(await findToast('Failed to load invoice history')).toBeInTheDocument();
  });
});
