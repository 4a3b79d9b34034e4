import { expect } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import {
  buildInvoice,
  buildPaymentMethod,
  buildPlan,
  buildSubscription,
  buildUser,
} from '@mediadiet/contract/fixtures';
import type { Invoice, PaymentMethod, Pricing } from '@mediadiet/contract/payment';
import type { Plan, Subscription } from '@mediadiet/contract/subscription';
import type { User } from '@mediadiet/contract/user';
import { server } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render-router';
import { Component as SubscriptionRoute } from '@/app/routes/subscription';

/** Test data and MSW handlers for the billing screens (subscription + payment features). */

// The success modal's confetti asks matchMedia (reduced motion); jsdom has none.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

export const FREE_PLAN: Plan = buildPlan({
  id: 'free',
  name: 'Free',
  amount: 0,
  includedAnalyses: 50,
  includedTokens: 50_000,
  overageRate: 0,
  trialDays: 0,
  benefits: [
    '50 touch points a month',
    'Recent analyses',
    'Monthly insights',
    'Yearly insights',
    'Personality tuning',
  ],
});
export const BASIC_PLAN: Plan = buildPlan();
export const PREMIUM_PLAN: Plan = buildPlan({
  id: 'premium',
  name: 'Premium',
  amount: 1999,
  includedAnalyses: 2000,
  includedTokens: 2_000_000,
  overageRate: 0.4,
  benefits: ['2,000 touch points a month', 'Personality snapshot'],
});
export const PLANS = { free: FREE_PLAN, basic: BASIC_PLAN, premium: PREMIUM_PLAN };

export const PRICING: Pricing = {
  basic: [
    { amount: 10, tokens: 200_000, analyses: 200 },
    { amount: 50, tokens: 1_000_000, analyses: 1000 },
    { amount: 100, tokens: 2_000_000, analyses: 2000 },
    { amount: 500, tokens: 10_000_000, analyses: 10_000 },
    { amount: 1000, tokens: 20_000_000, analyses: 20_000 },
  ],
  premium: [
    { amount: 20, tokens: 500_000, analyses: 500 },
    { amount: 1000, tokens: 25_000_000, analyses: 25_000 },
  ],
};

/** A JSON failure as the server sends it. */
export const failure = (error: string, status = 500) =>
  HttpResponse.json({ success: false, error }, { status });

/** How MSW registers a handler for each method. */
const HANDLERS = { GET: http.get, POST: http.post, PATCH: http.patch, PUT: http.put, DELETE: http.delete };

/** A route as the calls are counted: "METHOD /path". */
export type RouteKey = `${keyof typeof HANDLERS} /${string}`;

export interface BillingState {
  subscription?: Subscription | null;
  user?: User;
  plans?: Record<string, Plan>;
  methods?: PaymentMethod[];
  invoices?: Invoice[];
  count?: number;
  tokensUsed?: number;
  nextBilling?: number | null;
}

/** Handlers for everything the page reads; `calls` counts requests by "METHOD path". */
export function mockBillingServer(state: BillingState = {}) {
  const calls: Record<string, number> = {};
  const bodies: Record<string, unknown[]> = {};
  const user =
    state.user ?? buildUser({ state: { hasHadFreeTrial: true, shouldShowExtensionWizard: false } });
  const subscription = state.subscription === undefined ? buildSubscription() : state.subscription;
  const methods = state.methods ?? [
    buildPaymentMethod(),
    buildPaymentMethod({
      id: 'pm-2',
      brand: 'mastercard',
      last4: '4444',
      isDefault: false,
      expMonth: 3,
      expYear: 2031,
    }),
  ];
  const invoices = state.invoices ?? [
    buildInvoice({
      id: 'in-2',
      amount: 1999,
      date: 1_739_617_200,
      invoice_pdf: 'https://example.com/in-2.pdf',
    }),
    buildInvoice(),
  ];
  const track = (key: string, body?: unknown) => {
    calls[key] = (calls[key] ?? 0) + 1;
    (bodies[key] ??= []).push(body);
  };
  /** From now on answers `route` with `payload`, counting each call (and its body) under the route. */
  const answer = (route: RouteKey, payload: JsonBodyType) => {
    const [method, path] = route.split(' ') as [keyof typeof HANDLERS, string];
    server.use(
      HANDLERS[method](`*${path}`, async ({ request }) => {
        const text = await request.text();
        track(route, text ? (JSON.parse(text) as unknown) : undefined);
        return HttpResponse.json(payload);
      }),
    );
  };
  answer('GET /api/subscription', {
    success: true,
    subscription,
    count: state.count ?? 42,
    tokensUsed: state.tokensUsed ?? 125_000,
    currentPeriodStart: subscription?.currentPeriodStart ?? null,
    nextBilling:
      state.nextBilling === undefined ? (subscription?.currentPeriodEnd ?? null) : state.nextBilling,
  });
  answer('GET /api/subscription/plans', { success: true, plans: state.plans ?? PLANS });
  answer('GET /api/account/info', { success: true, user });
  answer('POST /auth/loggedin', { success: true, loggedIn: true, user });
  answer('GET /api/pricing', { success: true, data: { pricing: PRICING } });
  answer('GET /api/payment/methods', { success: true, data: { paymentMethods: methods } });
  answer('GET /api/payment/current', {
    success: true,
    paymentMethod: methods.find((m) => m.isDefault) ?? null,
  });
  answer('GET /api/payment/invoice', { success: true, invoice: invoices[0] ?? null });
  answer('GET /api/payment/history', { success: true, invoices });
  return { calls, bodies, user, subscription, track, answer };
}

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
}

/** The real `/subscription` route module (both features composed) with a dashboard stub and toasts. */
export function renderSubscriptionPage({ queryClient = createTestQueryClient() } = {}) {
  return renderRoutes(
    [
      { path: '/subscription', element: <SubscriptionRoute /> },
      { path: '/auth/dashboard', element: <h1>Dashboard</h1> },
    ],
    { path: '/subscription', queryClient },
  );
}

/** The page has loaded when its status panel is there. */
export async function findStatusPanel() {
  return screen.findByRole('region', { name: 'Subscription Status' });
}

/** renderSubscriptionPage, once it has loaded: what it rendered, and its status panel. */
export async function openSubscriptionPage(options: Parameters<typeof renderSubscriptionPage>[0] = {}) {
  const rendered = renderSubscriptionPage(options);
  return { ...rendered, panel: await findStatusPanel() };
}

/** A toast with this text (react-toastify renders role="alert"). */
export async function findToast(text: string | RegExp) {
  const container = document.querySelector<HTMLElement>('.Toastify');
  if (!container) throw new Error('No toast container');
  return within(container).findByText(text);
}

/** The toasts on screen now. */
export function toastTexts(): string[] {
  return [...document.querySelectorAll('.Toastify__toast')].map((toast) => toast.textContent);
}

/** The confirmation (the shared AlertDialog), once shown. */
export async function findConfirm() {
  return within(await screen.findByRole('alertdialog'));
}

/** Waits for the confirmation, checks it asks `question`, and answers with the button named `answer`. */
export async function answerConfirm(user: UserEvent, question: string, answer: string) {
  const confirmation = await findConfirm();
  expect(confirmation.getByText(question)).toBeInTheDocument();
  await user.click(confirmation.getByRole('button', { name: answer }));
}

/** A test card as the local card fields take it: the number, the expiry as typed (MMYY) and the CVC. */
export interface TypedCard {
  number: string;
  expiry: string;
  cvc: string;
}

export const VISA: TypedCard = { number: '4242424242424242', expiry: '1230', cvc: '123' };

/** Types `card` into the card fields found in `scope` (the page, a form region, a dialog). */
export async function typeCard(
  user: UserEvent,
  card: TypedCard = VISA,
  scope: Pick<typeof screen, 'getByLabelText'> = screen,
) {
  await user.type(scope.getByLabelText('Card number'), card.number);
  await user.type(scope.getByLabelText('Expiry (MM/YY)'), card.expiry);
  await user.type(scope.getByLabelText('CVC'), card.cvc);
}

/** The answer of `POST /api/payment/intent`: a setup intent of `provider` with its client secret. */
export const setupIntentBody = (clientSecret: string, provider: 'local' | 'stripe' = 'local') => ({
  success: true,
  clientSecret,
  provider,
  data: { clientSecret },
});

/**
 * Adding a card with the local test-mode provider, recorded in `state` (mockBillingServer): the setup intent
 * answers `clientSecret`, the confirmation `paymentMethodId`.
 */
export function mockLocalCardSetup(
  state: ReturnType<typeof mockBillingServer>,
  { clientSecret, paymentMethodId }: { clientSecret: string; paymentMethodId: string },
) {
  state.answer('POST /api/payment/intent', setupIntentBody(clientSecret));
  state.answer('POST /api/payment/local/confirm-setup', { success: true, paymentMethodId });
}
