import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/msw-server';
import { setupIntentBody } from '@/testing/billing-test-utils';
import { CardSetupForm } from '@/features/payment/components/card-setup-form';
import type * as EnvModuleNs from '@/config/env';

type EnvModule = typeof EnvModuleNs;

/** Stripe Elements stand-ins: the test decides whether Stripe is ready and what confirmCardSetup answers. */
interface StripeMockState {
  stripe: null | { confirmCardSetup: (...args: unknown[]) => Promise<unknown> };
  element: object | null;
  options: unknown;
}
const stripeMock = vi.hoisted((): StripeMockState => ({ stripe: null, element: {}, options: undefined }));

vi.mock('@/config/env', async (importOriginal) => {
  const original = await importOriginal<EnvModule>();
  return { env: { ...original.env, stripePublishableKey: 'pk_test_123' } };
});
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn(() => Promise.resolve(null)) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  CardElement: ({
    options,
    onChange,
  }: {
    options: unknown;
    onChange: (e: { complete: boolean }) => void;
  }) => {
    stripeMock.options = options;
    useEffect(() => onChange({ complete: true }), [onChange]);
    return <div data-testid="stripe-card-element" />;
  },
  useStripe: () => stripeMock.stripe,
  useElements: () => ({ getElement: () => stripeMock.element }),
}));

const findFormAlert = () => screen.findByText(/./, { selector: 'form p[role=alert]' });

function setup() {
  const calls: string[] = [];
  server.use(
    http.post('*/api/payment/intent', () => {
      calls.push('intent');
      return HttpResponse.json(setupIntentBody('seti_s', 'stripe'));
    }),
  );
  const onConfirmed = vi.fn(() => Promise.resolve(undefined));
  render(
    <>
      <CardSetupForm
        submitLabel="Secure Account"
        email="ada@example.com"
        requireEmail
        onConfirmed={onConfirmed}
      />
      <ToastContainer />
    </>,
  );
  return { calls, onConfirmed, user: userEvent.setup() };
}

describe('CardSetupForm with Stripe Elements', () => {
  it('renders the CardElement with the postal code hidden and no test-mode notice', async () => {
    stripeMock.stripe = null;
    setup();
    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(stripeMock.options).toMatchObject({ hidePostalCode: true });
    expect(screen.queryByText('Test mode — no real charges')).not.toBeInTheDocument();
  });

  it('sends nothing while Stripe is not ready: Payment provider has not been initialized', async () => {
    stripeMock.stripe = null;
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Secure Account' }));
    expect(await findFormAlert()).toHaveTextContent('Payment provider has not been initialized');
    expect(calls).toEqual([]);
  });

  it('sends nothing without the card element: Card element not found', async () => {
    stripeMock.stripe = { confirmCardSetup: vi.fn() };
    stripeMock.element = null;
    const { user, calls } = setup();
    await screen.findByTestId('stripe-card-element');
    await user.click(screen.getByRole('button', { name: 'Secure Account' }));
    expect(await findFormAlert()).toHaveTextContent('Card element not found');
    expect(calls).toEqual([]);
    stripeMock.element = {};
  });

  it('confirms the setup with the client secret and the e-mail', async () => {
    const confirmCardSetup = vi.fn(() => Promise.resolve({ setupIntent: { payment_method: 'pm_stripe' } }));
    stripeMock.stripe = { confirmCardSetup };
    const { user, onConfirmed } = setup();
    await screen.findByTestId('stripe-card-element');
    await user.click(screen.getByRole('button', { name: 'Secure Account' }));
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('pm_stripe'), { timeout: 18_000 });
    expect(confirmCardSetup).toHaveBeenCalledWith('seti_s', {
      payment_method: { card: stripeMock.element, billing_details: { email: 'ada@example.com' } },
    });
  });

  it('reports No payment method returned', async () => {
    stripeMock.stripe = {
      confirmCardSetup: vi.fn(() => Promise.resolve({ setupIntent: { payment_method: null } })),
    };
    const { user, onConfirmed } = setup();
    await screen.findByTestId('stripe-card-element');
    await user.click(screen.getByRole('button', { name: 'Secure Account' }));
    expect(await findFormAlert()).toHaveTextContent('No payment method returned');
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it("shows Stripe's decline message", async () => {
    stripeMock.stripe = {
      confirmCardSetup: vi.fn(() =>
        Promise.resolve({ error: { message: 'Your card has insufficient funds.' } }),
      ),
    };
    const { user } = setup();
    await screen.findByTestId('stripe-card-element');
    await user.click(screen.getByRole('button', { name: 'Secure Account' }));
    expect(await findFormAlert()).toHaveTextContent('Your card has insufficient funds.');
  });
});
