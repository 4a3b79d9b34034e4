import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP fake of the Stripe endpoints our adapter uses, for tests with the real `stripe` SDK
 * (`STRIPE_API_BASE`). State is in memory; POSTs with an Idempotency-Key replay the first answer.
 * Test hooks: `createCard` (what Stripe.js confirmCardSetup leaves behind), `setSubscription` (Stripe
 * changing an object on its own, e.g. a renewal), `requests` (what the SDK sent), `failing` (routes that answer
 * a server error, e.g. `DELETE customers/:id`).
 */

type Obj = Record<string, unknown> & { id: string };
type Params = Record<string, unknown>;

const DAY = 86_400;

function setPath(target: Params, keys: string[], value: string) {
  let node: Params | unknown[] = target;
  keys.forEach((key, i) => {
    const last = i === keys.length - 1;
    const nextIsIndex = !last && /^\d+$/.test(keys[i + 1]!);
    const slot = (node as Record<string, unknown>)[key];
    if (last) (node as Record<string, unknown>)[key] = value;
    else {
      if (slot === undefined) (node as Record<string, unknown>)[key] = nextIsIndex ? [] : {};
      node = (node as Record<string, Params>)[key]!;
    }
  });
}

/** `a[b][0][c]=1` form encoding (what the SDK sends) → nested objects. */
export function parseForm(body: string): Params {
  const out: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const keys = rawKey.replace(/\]/g, '').split('[');
    setPath(out, keys, value);
  }
  return out;
}

export interface StripeFake {
  url: string;
  requests: { method: string; path: string; idempotencyKey: string | undefined; params: Params }[];
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  /** A card confirmed through a SetupIntent for the customer (`declineCharges`: charges fail, like 4000 0000 0000 0341). */
  createCard(
    customer: string | null,
    options?: { last4?: string; brand?: string; declineCharges?: boolean; fingerprint?: string },
  ): string;
  /** Routes (`METHOD resource/:id…`, as in `route`) that answer 500 until removed. */
  failing: Set<string>;
  customers: Map<string, Obj>;
  /** Changes a subscription as Stripe would on its own (renewal, payment failure, cancellation). */
  setSubscription(id: string, patch: Partial<Obj>): Obj;
  close(): Promise<void>;
}

export async function startStripeFake(): Promise<StripeFake> {
  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj & { declineCharges?: boolean }>();
  const products = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: StripeFake['requests'] = [];
  const now = () => Math.floor(Date.now() / 1000);
  const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

  const notFound = (what: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } } });
  const ok = (body: unknown) => ({ status: 200, body });

  const addInvoice = (sub: Obj, amount: number, description: string, status = 'paid') => {
    const invoice: Obj = {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      total: amount,
      amount_due: amount,
      created: now(),
      status,
      description,
      invoice_pdf: `https://pay.stripe.test/invoice/${randomBytes(4).toString('hex')}/pdf`,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  };

  const priceOf = (item: Params | undefined) => Number((item?.price_data as Params | undefined)?.unit_amount ?? 0);

  const failing = new Set<string>();

  function route(method: string, path: string, params: Params): { status: number; body: unknown } {
    const parts = path.replace(/^\/v1\//, '').split('/');
    const [resource, id, action] = parts;
    const name = `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
    if (failing.has(name)) return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
    switch (name) {
      case 'POST customers': {
        const customer: Obj = { id: newId('cus'), object: 'customer', email: params.email, metadata: params.metadata ?? {}, invoice_settings: { default_payment_method: null } };
        customers.set(customer.id, customer);
        return ok(customer);
      }
      case 'GET customers/:id':
        return customers.has(id!) ? ok(customers.get(id!)) : notFound('customer');
      case 'DELETE customers/:id': {
        if (!customers.delete(id!)) return notFound('customer');
        // Stripe cancels the customer's subscriptions and detaches its cards with it.
        for (const sub of subscriptions.values()) if (sub.customer === id) sub.status = 'canceled';
        for (const pm of paymentMethods.values()) if (pm.customer === id) pm.customer = null;
        return ok({ id, object: 'customer', deleted: true });
      }
      case 'POST customers/:id': {
        const customer = customers.get(id!);
        if (!customer) return notFound('customer');
        if (params.invoice_settings) customer.invoice_settings = { ...(customer.invoice_settings as Params), ...(params.invoice_settings as Params) };
        return ok(customer);
      }
      case 'POST setup_intents': {
        const sid = newId('seti');
        return ok({ id: sid, object: 'setup_intent', customer: params.customer, status: 'requires_payment_method', client_secret: `${sid}_secret_${randomBytes(8).toString('hex')}` });
      }
      case 'GET payment_methods/:id':
        return paymentMethods.has(id!) ? ok(paymentMethods.get(id!)) : notFound('payment_method');
      case 'POST payment_methods/:id/attach': {
        const pm = paymentMethods.get(id!);
        if (!pm) return notFound('payment_method');
        pm.customer = params.customer;
        return ok(pm);
      }
      case 'POST payment_methods/:id/detach': {
        const pm = paymentMethods.get(id!);
        if (!pm) return notFound('payment_method');
        pm.customer = null;
        return ok(pm);
      }
      case 'GET payment_methods':
        return ok({ object: 'list', has_more: false, url: '/v1/payment_methods', data: [...paymentMethods.values()].filter((pm) => pm.customer === params.customer) });
      case 'GET products/:id':
        return products.has(id!) ? ok(products.get(id!)) : notFound('product');
      case 'POST products': {
        const product: Obj = { id: typeof params.id === 'string' ? params.id : newId('prod'), object: 'product', name: params.name };
        products.set(product.id, product);
        return ok(product);
      }
      case 'POST subscriptions': {
        const items = (params.items as Params[] | undefined) ?? [];
        const pm = paymentMethods.get(String(params.default_payment_method));
        const trialDays = Number(params.trial_period_days ?? 0);
        const start = now();
        const end = trialDays > 0 ? start + trialDays * DAY : start + 30 * DAY;
        if (!trialDays && priceOf(items[0]) > 0 && pm?.declineCharges) {
          return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } } };
        }
        const sub: Obj = {
          id: newId('sub'),
          object: 'subscription',
          customer: params.customer,
          status: trialDays > 0 ? 'trialing' : 'active',
          cancel_at_period_end: false,
          cancel_at: null,
          start_date: start,
          trial_end: trialDays > 0 ? end : null,
          default_payment_method: params.default_payment_method ?? null,
          metadata: params.metadata ?? {},
          items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', price: { unit_amount: priceOf(items[0]) }, current_period_start: start, current_period_end: end }] },
        };
        subscriptions.set(sub.id, sub);
        if (!trialDays && priceOf(items[0]) > 0) addInvoice(sub, priceOf(items[0]), 'Subscription creation');
        return ok(sub);
      }
      case 'GET subscriptions/:id':
        return subscriptions.has(id!) ? ok(subscriptions.get(id!)) : notFound('subscription');
      case 'DELETE subscriptions/:id': {
        const sub = subscriptions.get(id!);
        if (!sub) return notFound('subscription');
        sub.status = 'canceled';
        sub.ended_at = now();
        return ok(sub);
      }
      case 'POST subscriptions/:id': {
        const sub = subscriptions.get(id!);
        if (!sub) return notFound('subscription');
        if (params.cancel_at_period_end !== undefined) sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
        if (params.default_payment_method) sub.default_payment_method = params.default_payment_method;
        if (params.metadata) sub.metadata = { ...(sub.metadata as Params), ...(params.metadata as Params) };
        const items = params.items as Params[] | undefined;
        if (items?.[0]) {
          const item = (sub.items as { data: Params[] }).data[0]!;
          const oldAmount = Number((item.price as Params).unit_amount);
          const newAmount = priceOf(items[0]);
          item.price = { unit_amount: newAmount };
          if (params.proration_behavior === 'always_invoice' && sub.status === 'active') {
            const remaining = (Number(item.current_period_end) - now()) / (Number(item.current_period_end) - Number(item.current_period_start));
            addInvoice(sub, Math.max(0, Math.round((newAmount - oldAmount) * remaining)), 'Proration');
          }
        }
        return ok(sub);
      }
      case 'GET invoices':
        return ok({ object: 'list', has_more: false, url: '/v1/invoices', data: [...invoices.values()].filter((inv) => inv.customer === params.customer) });
      case 'GET invoices/:id':
        return invoices.has(id!) ? ok(invoices.get(id!)) : notFound('invoice');
      default:
        return notFound(`route ${method} ${path}`);
    }
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = req.method === 'GET' ? parseForm(url.searchParams.toString()) : parseForm(raw);
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey, params });
      const cacheKey = idempotencyKey && req.method === 'POST' ? `${url.pathname}|${idempotencyKey}` : undefined;
      const answer = (cacheKey && idempotent.get(cacheKey)) || route(req.method ?? 'GET', url.pathname, params);
      if (cacheKey && !idempotent.has(cacheKey)) idempotent.set(cacheKey, answer);
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(4).toString('hex')}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    invoices,
    failing,
    customers,
    createCard(customer, options = {}) {
      const id = newId('pm');
      paymentMethods.set(id, {
        id,
        object: 'payment_method',
        type: 'card',
        customer,
        card: {
          brand: options.brand ?? 'visa',
          last4: options.last4 ?? '4242',
          exp_month: 12,
          exp_year: 2030,
          fingerprint: options.fingerprint ?? `fp_${options.last4 ?? '4242'}`,
        },
        declineCharges: options.declineCharges ?? false,
      });
      return id;
    },
    setSubscription(id, patch) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id}`);
      Object.assign(sub, patch);
      return sub;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
