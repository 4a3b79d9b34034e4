import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/msw-server';
import { setupIntentBody, typeCard } from '@/testing/billing-test-utils';
import { CardSetupForm, type CardSetupFormProps } from '@/features/payment/components/card-setup-form';
import { cardMessages } from '@/features/payment/utils/card-validation';

function setup(props: Partial<CardSetupFormProps> = {}) {
  const calls: string[] = [];
  server.use(
    http.post('*/api/payment/intent', () => {
      calls.push('intent');
      return HttpResponse.json(setupIntentBody('s'));
    }),
    http.post('*/api/payment/local/confirm-setup', () => {
      calls.push('confirm');
      return HttpResponse.json({ success: true, paymentMethodId: 'pm_1' });
    }),
  );
  const onConfirmed = vi.fn<CardSetupFormProps['onConfirmed']>(() => Promise.resolve(undefined));
  render(
    <>
      <CardSetupForm
        submitLabel="Start Subscription"
        email="ada@example.com"
        onConfirmed={onConfirmed}
        {...props}
      />
      <ToastContainer />
    </>,
  );
  return { calls, onConfirmed, user: userEvent.setup() };
}

describe('CardSetupForm with the local test card form', () => {
  it('is labelled test mode with the test numbers', () => {
    setup();
    expect(screen.getByText('Test mode — no real charges')).toBeInTheDocument();
    expect(
      screen.getByText(/4242 4242 4242 4242 \(succeeds\), 4000 0000 0000 0002 \(declined\)/),
    ).toBeInTheDocument();
    expect(screen.getByText(/4000 0000 0000 9995\s+\(insufficient funds\)/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();
  });

  it('shows field messages and sends nothing while the card is invalid', async () => {
    const { user, calls } = setup();
    await user.click(screen.getByRole('button', { name: 'Start Subscription' }));
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(cardMessages.numberRequired);
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAccessibleDescription(cardMessages.expiryRequired);
    expect(screen.getByLabelText('CVC')).toHaveAccessibleDescription(cardMessages.cvcRequired);

    await typeCard(user, { number: '4242424242424241', expiry: '0120', cvc: '12' });
    await user.click(screen.getByRole('button', { name: 'Start Subscription' }));
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(cardMessages.numberInvalid);
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAccessibleDescription(cardMessages.expiryPast);
    expect(screen.getByLabelText('CVC')).toHaveAccessibleDescription(cardMessages.cvcInvalid);
    expect(calls).toEqual([]);
  });

  it('sends nothing without an e-mail when one is required, or without a selected plan', async () => {
    const first = setup({ email: undefined, requireEmail: true });
    expect(screen.getByRole('button', { name: 'Start Subscription' })).toBeDisabled();
    await first.user.type(screen.getByLabelText('Card number'), '4242424242424242{Enter}');
    expect(first.calls).toEqual([]);
  });

  it('sends nothing when canSubmit is false (no plan selected)', async () => {
    const { user, calls } = setup({ canSubmit: false });
    await user.type(screen.getByLabelText('Card number'), '4242424242424242{Enter}');
    expect(calls).toEqual([]);
  });

  it('confirms a valid card and hands over the payment method id', async () => {
    const { user, calls, onConfirmed } = setup();
    await typeCard(user);
    await user.click(screen.getByRole('button', { name: 'Start Subscription' }));
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('pm_1'));
    expect(calls).toEqual(['intent', 'confirm']);
  });

  it("shows onConfirmed's failure text in the form", async () => {
    const { user } = setup({
      onConfirmed: () => Promise.resolve('Subscription creation failed - invalid status'),
    });
    await typeCard(user);
    await user.click(screen.getByRole('button', { name: 'Start Subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Subscription creation failed - invalid status',
    );
  });
});
