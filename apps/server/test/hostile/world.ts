import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { invoices } from '../../src/db/schema.ts';
import { buildAnalyses } from '../helpers/analysis.ts';
import { call, cardId, customer, subscribed } from '../helpers/billing.ts';
import { testClock } from '../helpers/builders.ts';
import { pair } from '../helpers/extension.ts';
import { submit } from '../helpers/questionnaire.ts';
import { sharedTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Shared by the hostile-input tests: an app on a fixed clock (so reads that touch `last_seen_at` write the
 * same value and a snapshot stays comparable) and users who own one of everything a route can address.
 */

export const NOW = new Date('2025-03-15T12:00:00.000Z');

/** The app of a hostile-input test file (sharedTestApp), on a clock fixed at NOW. */
export function sharedHostileApp(): TestApp {
  return sharedTestApp({ clock: testClock(NOW) });
}

/** A user who owns one of everything: the resources every route of the contract can name. */
export interface Owner {
  userId: string;
  email: string;
  /** Session bearer. */
  token: string;
  /** The paired extension's apiKey (status on). */
  apiKey: string;
  /** The card paying for the subscription (the default); without a plan, a confirmed card not yet used. */
  paymentMethodId: string;
  /** A second saved card (with a plan, not the default: it may be deleted or made the default). */
  spareCardId: string;
  analysisId: string;
  /** One of the user's ignored sites. */
  domain: string;
  /** One of the user's invoices (paid). */
  invoiceId: string;
}

export interface OwnerOptions {
  /** 'premium' (default): subscribed. 'none': a customer with cards but no plan. */
  plan?: 'premium' | 'none';
  /** Premium only: whether the questionnaire is completed (default true; false leaves it NOT_STARTED). */
  questionnaire?: boolean;
  /** The card the plan is paid with (default the 4242 test card). A deleted account's card may start no second trial. */
  card?: string;
}

/** A user with a session, cards, a paired extension, an ignored site, an analysis and (premium) a personality. */
export async function buildOwner(t: TestApp, options: OwnerOptions = {}): Promise<Owner> {
  const plan = options.plan ?? 'premium';
  let who: { userId: string; token: string; paymentMethodId: string };
  if (plan === 'premium') {
    who = await subscribed(t, 'premium', options.card);
  } else {
    const c = await customer(t);
    who = { ...c, paymentMethodId: await cardId(t, c.token, options.card) };
  }
  // A second saved card: attached (which makes it the default), then the first made the default again.
  // Without a plan the first card is only confirmed (as before a subscription is created).
  const spareCardId = await cardId(t, who.token, options.card);
  const steps = [['/api/payment/update', spareCardId]] as [string, string][];
  if (plan === 'premium') steps.push(['/api/payment/methods/default', who.paymentMethodId]);
  for (const [url, id] of steps) {
    const response = await call(t, who.token, 'POST', url, { paymentMethodId: id });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
  }
  const apiKey = await pair(t, who.token);
  const domain = 'blocked-site.com';
  const added = await call(t, who.token, 'POST', '/api/account/urls', { url: domain });
  if (added.statusCode !== 200) throw new Error(`add url: ${added.body}`);
  const [analysis] = await buildAnalyses(t, who.userId, [{ createdAt: new Date(NOW.getTime() - 3_600_000) }]);
  if (plan === 'premium' && options.questionnaire !== false) {
    const submitted = await submit(t, who.token);
    if (submitted.statusCode !== 200) throw new Error(`questionnaire: ${submitted.body}`);
    await t.app.questionnaire.worker.drain();
  }
  // A Premium sign-up starts with a trial (no invoice yet): write one paid invoice as the provider would.
  const invoiceId = `in_local_${randomUUID().slice(0, 12)}`;
  await t.db.insert(invoices).values({
    id: invoiceId,
    userId: who.userId,
    amountCents: 1900,
    status: 'paid',
    description: 'Premium plan',
    lines: [{ description: 'Premium plan', amountCents: 1900 }],
    paymentMethodId: who.paymentMethodId,
    createdAt: NOW,
    paidAt: NOW,
  });
  const account = await call(t, who.token, 'GET', '/api/account');
  return {
    userId: who.userId,
    email: account.json<{ user: { email: string } }>().user.email,
    token: who.token,
    apiKey,
    paymentMethodId: who.paymentMethodId,
    spareCardId,
    analysisId: analysis!.id,
    domain,
    invoiceId,
  };
}

/** Tables whose rows change without any request (counters, caches of the rate limiter). */
const VOLATILE_TABLES = new Set(['rate_limits', '__drizzle_migrations']);

async function tablesOf(t: TestApp): Promise<{ name: string; hasUserId: boolean }[]> {
  const result = (await t.db.execute<{ table_name: string; has_user_id: boolean }>(sql`
    select c.table_name,
           bool_or(c.column_name = 'user_id') as has_user_id
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
     group by c.table_name
     order by c.table_name`)) as { rows: { table_name: string; has_user_id: boolean }[] };
  return result.rows
    .filter((r) => !VOLATILE_TABLES.has(r.table_name))
    .map((r) => ({ name: r.table_name, hasUserId: r.has_user_id }));
}

/**
 * Every row of every table (or, with `userId`, the user's row and every row carrying their `user_id`),
 * as sorted JSON lines per table: equal snapshots mean no stored state changed. One query.
 */
export async function snapshot(t: TestApp, userId?: string): Promise<Record<string, string[]>> {
  const parts = [];
  for (const table of await tablesOf(t)) {
    let where = sql``;
    if (userId) {
      if (table.name === 'users') where = sql` where x.id = ${userId}`;
      else if (table.hasUserId) where = sql` where x.user_id = ${userId}`;
      else continue;
    }
    parts.push(
      sql`select ${table.name}::text as tbl, row_to_json(x)::text as row from ${sql.identifier(table.name)} x${where}`,
    );
  }
  const result = (await t.db.execute<{ tbl: string; row: string }>(sql.join(parts, sql` union all `))) as {
    rows: { tbl: string; row: string }[];
  };
  const out: Record<string, string[]> = {};
  for (const { tbl, row } of result.rows) (out[tbl] ??= []).push(row);
  for (const rows of Object.values(out)) rows.sort();
  return out;
}
