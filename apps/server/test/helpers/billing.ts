import { LOCAL_TEST_CARDS } from '@mediadiet/contract/payment';
import type { TestApp } from './test-app.ts';
import { bearer, buildUser, signIn } from './builders.ts';

export const CARDS = LOCAL_TEST_CARDS;

export function call(t: TestApp, token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A signed-in user: id and session token. */
export async function customer(t: TestApp): Promise<{ userId: string; token: string }> {
  const user = await buildUser(t);
  return { userId: user.id, token: await signIn(t, user.id) };
}

/** POST /api/payment/intent then the local confirm-setup with `number`: the raw confirm response. */
export async function confirmCard(
  t: TestApp,
  token: string,
  number: string = CARDS.success,
  card: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) {
  const intent = await call(t, token, 'POST', '/api/payment/intent');
  if (intent.statusCode !== 200) throw new Error(`intent: ${intent.body}`);
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  return call(t, token, 'POST', '/api/payment/local/confirm-setup', {
    clientSecret,
    card: { number, expMonth: 12, expYear: 2030, cvc: '123', ...card },
  });
}

/** A confirmed test card's payment method id. */
export async function cardId(t: TestApp, token: string, number: string = CARDS.success): Promise<string> {
  const response = await confirmCard(t, token, number);
  if (response.statusCode !== 200) throw new Error(`confirm-setup: ${response.body}`);
  return response.json<{ paymentMethodId: string }>().paymentMethodId;
}

/** A user subscribed to `plan` with a 4242 card (trial rules apply). */
export async function subscribed(t: TestApp, plan: 'free' | 'basic' | 'premium', number: string = CARDS.success) {
  const who = await customer(t);
  const paymentMethodId = await cardId(t, who.token, number);
  const response = await call(t, who.token, 'POST', '/api/subscription/create', { plan, paymentMethodId });
  if (response.statusCode !== 200) throw new Error(`create: ${response.body}`);
  return { ...who, paymentMethodId, subscription: response.json<{ subscription: { id: string; status: string } }>().subscription };
}
