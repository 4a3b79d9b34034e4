import { and, count, desc, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  invoices,
  paymentMethods,
  setupIntents,
  subscriptions,
  usagePeriods,
  users,
  webhookEvents,
} from '../../db/schema.ts';
import { firstOrNull } from '../../db/rows.ts';

/** Billing tables: the only module code that touches them. Every query of user data is scoped by userId. */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type SetupIntentRow = typeof setupIntents.$inferSelect;

/** The user's row with this id: someone else's never matches. */
const ownRow = (table: typeof invoices | typeof paymentMethods, userId: string, id: string) =>
  and(eq(table.userId, userId), eq(table.id, id));

/** The user's setup intent with this client secret, still waiting for its card and not expired at `now`. */
const openSetupIntent = (userId: string, clientSecretHash: string, now: Date) =>
  and(
    eq(setupIntents.userId, userId),
    eq(setupIntents.clientSecretHash, clientSecretHash),
    eq(setupIntents.status, 'requires_payment_method'),
    sql`${setupIntents.expiresAt} > ${now}`,
  );

// ── users ────────────────────────────────────────────────────────────────────────────────────────

/** Locks the user's row for the rest of the transaction (serialises subscription changes per user). */
export async function lockUser(tx: Db, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

// ── subscriptions ────────────────────────────────────────────────────────────────────────────────

export async function findLiveSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  return firstOrNull(
    db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'canceled'))),
  );
}

/** The live subscription, else the most recently ended one (GET /api/subscription shows a canceled one). */
export async function findCurrentSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const live = await findLiveSubscription(db, userId);
  if (live) return live;
  return firstOrNull(
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt)),
  );
}

export async function findByProviderId(db: Db, provider: string, providerSubscriptionId: string) {
  return firstOrNull(
    db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, provider),
          eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
        ),
      ),
  );
}

export async function countSubscriptions(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, userId));
  return row?.n ?? 0;
}

export async function insertSubscription(db: Db, values: NewSubscriptionRow): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}

export async function updateSubscription(
  db: Db,
  id: string,
  patch: Partial<Omit<NewSubscriptionRow, 'id' | 'userId' | 'createdAt'>> & { updatedAt: Date },
): Promise<SubscriptionRow> {
  const [row] = await db.update(subscriptions).set(patch).where(eq(subscriptions.id, id)).returning();
  if (!row) throw new Error('subscription not found');
  return row;
}

/**
 * Claims local subscriptions whose period has ended, locked with SKIP LOCKED so several server
 * processes share the sweep without taking the same row. Call inside a transaction.
 */
export async function claimDueSubscriptions(tx: Db, now: Date, limit: number): Promise<SubscriptionRow[]> {
  return tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'local'),
        ne(subscriptions.status, 'canceled'),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(subscriptions.currentPeriodEnd)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function listSubscriptions(db: Db, userId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
}

// ── invoices ─────────────────────────────────────────────────────────────────────────────────────

export async function insertInvoice(db: Db, values: NewInvoiceRow): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  if (!row) throw new Error('invoice insert returned nothing');
  return row;
}

export async function listInvoices(db: Db, userId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
}

export async function findInvoice(db: Db, userId: string, id: string): Promise<InvoiceRow | null> {
  return firstOrNull(
    db
      .select()
      .from(invoices)
      .where(ownRow(invoices, userId, id)),
  );
}

export async function latestFailedInvoice(db: Db, subscriptionId: string): Promise<InvoiceRow | null> {
  return firstOrNull(
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.status, 'failed')))
      .orderBy(desc(invoices.createdAt)),
  );
}

export async function markInvoicePaid(db: Db, id: string, paymentMethodId: string, now: Date) {
  await db.update(invoices).set({ status: 'paid', paidAt: now, paymentMethodId }).where(eq(invoices.id, id));
}

// ── payment methods (local provider) ─────────────────────────────────────────────────────────────

export async function insertPaymentMethod(db: Db, values: typeof paymentMethods.$inferInsert) {
  const [row] = await db.insert(paymentMethods).values(values).returning();
  if (!row) throw new Error('payment method insert returned nothing');
  return row;
}

export async function findPaymentMethod(
  db: Db,
  userId: string,
  id: string,
): Promise<PaymentMethodRow | null> {
  return firstOrNull(
    db
      .select()
      .from(paymentMethods)
      .where(ownRow(paymentMethods, userId, id)),
  );
}

/** The fingerprints of every card the user saved (attached or not). */
export async function listCardFingerprints(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ fingerprint: paymentMethods.fingerprint })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId));
  return rows.map((row) => row.fingerprint);
}

export async function listAttachedPaymentMethods(db: Db, userId: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNotNull(paymentMethods.attachedAt)))
    .orderBy(paymentMethods.createdAt, paymentMethods.id);
}

export async function attachPaymentMethod(db: Db, userId: string, id: string, now: Date) {
  await db
    .update(paymentMethods)
    .set({ attachedAt: now })
    .where(
      and(
        eq(paymentMethods.userId, userId),
        eq(paymentMethods.id, id),
        sql`${paymentMethods.attachedAt} is null`,
      ),
    );
}

/** Makes `id` the user's only default card (two statements: the partial unique index allows one default). */
export async function setDefaultPaymentMethod(db: Db, userId: string, id: string) {
  await db
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(
      and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true), ne(paymentMethods.id, id)),
    );
  await db
    .update(paymentMethods)
    .set({ isDefault: true })
    .where(ownRow(paymentMethods, userId, id));
}

export async function deletePaymentMethod(db: Db, userId: string, id: string) {
  await db.delete(paymentMethods).where(ownRow(paymentMethods, userId, id));
}

// ── setup intents (local provider) ───────────────────────────────────────────────────────────────

export async function insertSetupIntent(db: Db, values: typeof setupIntents.$inferInsert) {
  await db.insert(setupIntents).values(values);
}

/** Completes a setup intent once: a conditional UPDATE, so a replayed confirmation cannot win twice. */
export async function completeSetupIntent(
  db: Db,
  userId: string,
  clientSecretHash: string,
  paymentMethodId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(setupIntents)
    .set({ status: 'succeeded', paymentMethodId })
    .where(openSetupIntent(userId, clientSecretHash, now))
    .returning({ id: setupIntents.id });
  return rows.length > 0;
}

export async function findOpenSetupIntent(db: Db, userId: string, clientSecretHash: string, now: Date) {
  return firstOrNull(
    db
      .select()
      .from(setupIntents)
      .where(openSetupIntent(userId, clientSecretHash, now)),
  );
}

// ── usage ────────────────────────────────────────────────────────────────────────────────────────

export interface UsageRow {
  tokens: number;
  touchpoints: number;
}

/** What metering needs of the live subscription. */
export type MeteredSubscription = Pick<
  SubscriptionRow,
  'status' | 'plan' | 'overageLimitCents' | 'currentPeriodStart'
>;

/**
 * The live subscriptions' metering columns and their current periods' usage, for several users in one small
 * query (the ingest path's early check; concurrent uploads share it). Users without a live one are absent.
 * The worker's metering reads the subscriptions from it too, then locks and reads the usage rows itself.
 */
export async function findLiveSubscriptionUsages(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, { subscription: MeteredSubscription; usage: UsageRow }>> {
  const found = new Map<string, { subscription: MeteredSubscription; usage: UsageRow }>();
  if (userIds.length === 0) return found;
  const result = (await db.execute<Record<string, unknown>>(sql`
    select s.user_id, s.status, s.plan, s.overage_limit_cents, s.current_period_start, u.tokens, u.touchpoints
      from subscriptions s
      left join usage_periods u on u.user_id = s.user_id and u.period_start = s.current_period_start
     where s.user_id in ${[...userIds]} and s.status <> 'canceled'`)) as {
    rows: {
      user_id: string;
      status: string;
      plan: string;
      overage_limit_cents: number;
      current_period_start: string | Date;
      tokens: string | number | null;
      touchpoints: number | null;
    }[];
  };
  for (const row of result.rows) {
    found.set(row.user_id, {
      subscription: {
        status: row.status,
        plan: row.plan,
        overageLimitCents: Number(row.overage_limit_cents),
        currentPeriodStart: new Date(row.current_period_start),
      },
      usage: { tokens: Number(row.tokens ?? 0), touchpoints: Number(row.touchpoints ?? 0) },
    });
  }
  return found;
}

/**
 * Locks the usage rows of several users' periods for the rest of the transaction and answers what they hold,
 * in one statement: a missing row is created empty, an existing one is "updated" to itself (which locks it).
 * The rows are taken in user-id order, so two transactions locking overlapping sets wait for each other
 * instead of deadlocking.
 */
export async function lockUsageRows(
  tx: Db,
  periods: readonly { userId: string; periodStart: Date }[],
): Promise<Map<string, UsageRow>> {
  const usage = new Map<string, UsageRow>();
  if (periods.length === 0) return usage;
  const values = sql.join(
    periods.map((p) => sql`(${p.userId}::uuid, ${p.periodStart.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const result = (await tx.execute<Record<string, unknown>>(sql`
    insert into usage_periods (user_id, period_start, tokens, touchpoints, updated_at)
    select v.user_id, v.period_start, 0, 0, now() from (values ${values}) as v(user_id, period_start)
     order by v.user_id, v.period_start
    on conflict (user_id, period_start) do update set tokens = usage_periods.tokens
    returning user_id, tokens, touchpoints`)) as {
    rows: { user_id: string; tokens: string | number; touchpoints: number }[];
  };
  for (const row of result.rows)
    usage.set(row.user_id, { tokens: Number(row.tokens), touchpoints: Number(row.touchpoints) });
  return usage;
}

/** Adds to usage rows this transaction has locked (`lockUsageRows`), one statement for all of them. */
export async function addToLockedUsage(
  tx: Db,
  additions: readonly { userId: string; periodStart: Date; tokens: number; touchpoints: number }[],
): Promise<void> {
  if (additions.length === 0) return;
  const values = sql.join(
    additions.map(
      (a) =>
        sql`(${a.userId}::uuid, ${a.periodStart.toISOString()}::timestamptz, ${a.tokens}::bigint, ${a.touchpoints}::integer)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update usage_periods u
       set tokens = u.tokens + v.tokens, touchpoints = u.touchpoints + v.touchpoints, updated_at = now()
      from (values ${values}) as v(user_id, period_start, tokens, touchpoints)
     where u.user_id = v.user_id and u.period_start = v.period_start`);
}

/**
 * Takes one forgotten touch point of `tokens` back out of the usage period it was billed in, when that period
 * is still the user's latest (an earlier period is closed: its invoice stands). Never below zero.
 */
export async function releaseUsage(tx: Db, userId: string, tokens: number, billedAt: Date): Promise<void> {
  await tx.execute(sql`
    update usage_periods u
       set tokens = greatest(0, u.tokens - ${tokens}::bigint), touchpoints = greatest(0, u.touchpoints - 1),
           updated_at = now()
     where u.user_id = ${userId}::uuid
       and u.period_start = (select max(period_start) from usage_periods where user_id = ${userId}::uuid)
       and u.period_start <= ${billedAt.toISOString()}::timestamptz`);
}

/** The user's metered usage, newest period first. */
export function listUsagePeriods(db: Db, userId: string) {
  return db
    .select({
      periodStart: usagePeriods.periodStart,
      tokens: usagePeriods.tokens,
      touchpoints: usagePeriods.touchpoints,
      updatedAt: usagePeriods.updatedAt,
    })
    .from(usagePeriods)
    .where(eq(usagePeriods.userId, userId))
    .orderBy(desc(usagePeriods.periodStart));
}

export async function readUsage(db: Db, userId: string, periodStart: Date): Promise<UsageRow> {
  const [row] = await db
    .select({ tokens: usagePeriods.tokens, touchpoints: usagePeriods.touchpoints })
    .from(usagePeriods)
    .where(and(eq(usagePeriods.userId, userId), eq(usagePeriods.periodStart, periodStart)))
    .limit(1);
  return row ? { tokens: Number(row.tokens), touchpoints: row.touchpoints } : { tokens: 0, touchpoints: 0 };
}

/**
 * Adds one touch point of `tokens` (or `count` touch points of `tokens` in all) to the period in one
 * statement (INSERT … ON CONFLICT DO UPDATE), so concurrent calls add up exactly. With limits, the row
 * changes only if it stays within them (all or nothing); null = refused.
 */
export async function addUsage(
  db: Db,
  userId: string,
  periodStart: Date,
  tokens: number,
  limits?: { maxTokens: number; maxTouchpoints: number },
  count = 1,
): Promise<UsageRow | null> {
  const maxTokens = limits?.maxTokens ?? Number.MAX_SAFE_INTEGER;
  const maxTouchpoints = Math.min(limits?.maxTouchpoints ?? 2_147_483_647, 2_147_483_647);
  const result = (await db.execute<Record<string, unknown>>(sql`
    insert into usage_periods (user_id, period_start, tokens, touchpoints, updated_at)
    select ${userId}::uuid, ${periodStart.toISOString()}::timestamptz, ${tokens}::bigint, ${count}::integer, now()
    where ${tokens}::bigint <= ${maxTokens}::bigint and ${count}::integer <= ${maxTouchpoints}::integer
    on conflict (user_id, period_start) do update
      set tokens = usage_periods.tokens + excluded.tokens,
          touchpoints = usage_periods.touchpoints + excluded.touchpoints,
          updated_at = now()
      where usage_periods.tokens + excluded.tokens <= ${maxTokens}::bigint
        and usage_periods.touchpoints + excluded.touchpoints <= ${maxTouchpoints}::integer
    returning tokens, touchpoints`)) as { rows: { tokens: string | number; touchpoints: number }[] };
  const row = result.rows[0];
  return row ? { tokens: Number(row.tokens), touchpoints: Number(row.touchpoints) } : null;
}

// ── webhook events ───────────────────────────────────────────────────────────────────────────────

/** Records an event id; false when it was already recorded (a replay). */
export async function recordWebhookEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
}

export async function forgetWebhookEvent(db: Db, id: string) {
  await db.delete(webhookEvents).where(eq(webhookEvents.id, id));
}
