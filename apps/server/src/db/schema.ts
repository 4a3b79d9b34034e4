import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The database schema. Migrations in drizzle/ are generated from this file with
 * `npm run db:generate -w apps/server` and must stay within PostgreSQL 15.
 */

const instant = (name: string) => timestamp(name, { withTimezone: true });
/** A uuid primary key the database draws. */
const generatedId = () => uuid('id').primaryKey().defaultRandom();
/** When the row was written, filled in by the database. */
const createdNow = () => instant('created_at').notNull().defaultNow();
/** When the row last changed; the code sets it on every update. */
const updatedNow = () => instant('updated_at').notNull().defaultNow();
/**
 * The queue columns of a durable job table (db/jobs.ts): its state, the claims so far, not processed before
 * `nextAttemptAt` (a delay, then the retry backoff), the last failure, and the worker holding it since when.
 */
const queueColumns = () => ({
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
  lastError: text('last_error'),
  lockedAt: instant('locked_at'),
  lockedBy: text('locked_by'),
});

/**
 * Spec §3 User. Questionnaire state values: NOT_STARTED, SUBMITTED, PROCESSING, COMPLETED, OPT_OUT, FAILED.
 * E-mail is unique case-insensitively (`lower(email)`); it is stored as the user typed it.
 */
export const users = pgTable(
  'users',
  {
    id: generatedId(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    hasHadFreeTrial: boolean('has_had_free_trial').notNull().default(false),
    shouldShowExtensionWizard: boolean('should_show_extension_wizard').notNull().default(true),
    /** The payment provider's customer id (`user.stripe.customerId`); null until a customer exists. */
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripeDefaultPaymentMethodId: text('stripe_default_payment_method_id'),
    /** Which payment adapter owns the ids above: 'stripe' or 'local' (test mode). */
    paymentProvider: text('payment_provider'),
    configsState: text('configs_state').notNull().default('NOT_STARTED'),
    configsLastSubmitted: instant('configs_last_submitted'),
    /** 'on' | 'off' | null (null = never connected, the spec's "unset"). */
    extensionStatus: text('extension_status'),
    extensionInstalled: boolean('extension_installed').notNull().default(false),
    /** The IANA zone the person's days, weeks and months are cut in (decision 154). */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** The Monday letter: null = the plan's default (on for paid plans), else the person's choice. */
    weeklyLetter: boolean('weekly_letter'),
    createdAt: createdNow(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

/** The owning user's id: every table of user data has one, and its rows go when the user goes. */
const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * Sign-in sessions. Only an HMAC of the bearer token is stored. A session is live while it is not
 * revoked, `expires_at` (absolute life) is ahead and `last_seen_at` is within the inactivity timeout.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: generatedId(),
    userId: ownerId(),
    tokenHash: text('token_hash').notNull(),
    /** How the session was obtained: 'pin' or 'oidc'. */
    method: text('method').notNull(),
    userAgent: text('user_agent'),
    /** Where the session was last used, coarsened (IPv4 /24, IPv6 /48), shown in the device list. */
    lastPlace: text('last_place'),
    createdAt: instant('created_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Single-use codes that end a Google sign-in: the redirect carries the code, the web app redeems it (with the
 * binding value it stored before opening the Google window) for a session. Only keyed hashes are stored.
 */
export const oauthExchangeCodes = pgTable(
  'oauth_exchange_codes',
  {
    id: generatedId(),
    codeHash: text('code_hash').notNull(),
    userId: ownerId(),
    bindingHash: text('binding_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [
    uniqueIndex('oauth_exchange_codes_code_hash_key').on(t.codeHash),
    index('oauth_exchange_codes_user_id_idx').on(t.userId),
    index('oauth_exchange_codes_expires_at_idx').on(t.expiresAt),
  ],
);

/** E-mailed sign-in PINs. Only a keyed hash is stored; only the newest PIN of a user counts. */
export const loginPins = pgTable(
  'login_pins',
  {
    id: generatedId(),
    userId: ownerId(),
    emailLower: text('email_lower').notNull(),
    pinHash: text('pin_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    /**
     * No longer written: attempts are counted per (e-mail, requesting address) by the rate limiter, the same
     * way for addresses with and without an account (decision 104).
     */
    attempts: integer('attempts').notNull().default(0),
    usedAt: instant('used_at'),
    /**
     * Keyed hash of the address that asked for the PIN (IPv4, or the /64 of an IPv6 address): the PIN works
     * only from there, and a request from elsewhere leaves it alone (decision 104). Null on PINs issued before.
     */
    requester: text('requester'),
  },
  (t) => [
    index('login_pins_user_created_idx').on(t.userId, t.createdAt),
    index('login_pins_email_requester_idx').on(t.emailLower, t.requester),
  ],
);

/** Accounts at an OpenID Connect provider (Google) linked to a user, keyed by (issuer, subject). */
export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    id: generatedId(),
    userId: ownerId(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The e-mail the provider reported when the link was made (informational). */
    email: text('email'),
    createdAt: instant('created_at').notNull(),
    lastUsedAt: instant('last_used_at').notNull(),
  },
  (t) => [
    uniqueIndex('oauth_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('oauth_identities_user_id_idx').on(t.userId),
  ],
);

/** Fixed-window counters of the rate limiter's database store (shared by every server instance). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: instant('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/** Server-generated settings that must survive restarts (the development server secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdNow(),
});

// ── Billing (decision 050) ─────────────────────────────────────────────────────────────────────────

/**
 * A user's subscription, whichever provider runs it (`provider`: 'local' | 'stripe'). For Stripe this row
 * mirrors the provider's object (written from API answers and webhooks); for the local test-mode
 * provider it is the object itself and the billing sweep renews it. At most one row per user is live
 * (status other than 'canceled'): the partial unique index makes a double-clicked Subscribe create one.
 * Money in integer cents.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: generatedId(),
    userId: ownerId(),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    /** 'free' | 'basic' | 'premium' */
    plan: text('plan').notNull(),
    /** active, trialing, scheduled_cancelation, past_due, canceled */
    status: text('status').notNull(),
    currentPeriodStart: instant('current_period_start').notNull(),
    currentPeriodEnd: instant('current_period_end').notNull(),
    trialEnd: instant('trial_end'),
    cancelAt: instant('cancel_at'),
    endedAt: instant('ended_at'),
    /** The user's monthly overage cap, cents (0 = no overage). */
    overageLimitCents: integer('overage_limit_cents').notNull().default(0),
    /** Unused proration credit, cents, taken off the next invoice. */
    creditCents: integer('credit_cents').notNull().default(0),
    paymentMethodId: text('payment_method_id'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscriptions_one_live_per_user').on(t.userId).where(sql`${t.status} <> 'canceled'`),
    uniqueIndex('subscriptions_provider_id_key').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_due_idx').on(t.currentPeriodEnd).where(sql`${t.status} <> 'canceled'`),
    index('subscriptions_user_idx').on(t.userId),
  ],
);

/** Cards saved with the local test-mode provider. Never a full number or CVC: brand, last4, expiry, fingerprint. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** HMAC of the card number: the same card saved twice is recognised without keeping the number. */
    fingerprint: text('fingerprint').notNull(),
    /** How the test card behaves when charged: 'succeeds' | 'charge_fails'. */
    chargeBehavior: text('charge_behavior').notNull().default('succeeds'),
    /** Set when the card is attached to the customer (after setup it is only confirmed). */
    attachedAt: instant('attached_at'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_one_default').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** Card-setup intents of the local provider. Only a hash of the client secret is kept. */
export const setupIntents = pgTable(
  'setup_intents',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    clientSecretHash: text('client_secret_hash').notNull(),
    /** requires_payment_method | succeeded */
    status: text('status').notNull(),
    paymentMethodId: text('payment_method_id'),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [uniqueIndex('setup_intents_secret_key').on(t.clientSecretHash), index('setup_intents_user_idx').on(t.userId)],
);

/** Invoices of the local provider (Stripe keeps its own). Amounts in cents; `lines` lists what was charged. */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    /** The subscription it bills (no foreign key: the first invoice is written before the subscription row). */
    subscriptionId: uuid('subscription_id'),
    amountCents: integer('amount_cents').notNull(),
    /** paid | failed | open | void | pending */
    status: text('status').notNull(),
    description: text('description').notNull(),
    lines: jsonb('lines').$type<{ description: string; amountCents: number }[]>().notNull(),
    periodStart: instant('period_start'),
    periodEnd: instant('period_end'),
    paymentMethodId: text('payment_method_id'),
    createdAt: instant('created_at').notNull(),
    paidAt: instant('paid_at'),
  },
  (t) => [index('invoices_user_created_idx').on(t.userId, t.createdAt)],
);

/** Metered usage per user and billing period (period = the subscription's current_period_start). */
export const usagePeriods = pgTable(
  'usage_periods',
  {
    userId: ownerId(),
    periodStart: instant('period_start').notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
    touchpoints: integer('touchpoints').notNull().default(0),
    updatedAt: updatedNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodStart] })],
);

/** Payment-provider webhook events already processed (de-duplication by event id). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
});

/**
 * Extension apiKeys (decision 060). Only an HMAC of the key is stored; a key is valid on 'extension'
 * routes only, until revoked (a new pairing or a disconnect revokes it).
 */
export const extensionKeys = pgTable(
  'extension_keys',
  {
    id: generatedId(),
    userId: ownerId(),
    keyHash: text('key_hash').notNull(),
    /** The browser's user agent at pairing (shown in the export; helps the user recognise a device). */
    label: text('label'),
    createdAt: createdNow(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('extension_keys_key_hash_key').on(t.keyHash), index('extension_keys_user_id_idx').on(t.userId)],
);

/** The user's ignored sites (spec §3 "current" list): bare lower-case domains. */
export const userUrls = pgTable(
  'user_urls',
  {
    id: generatedId(),
    userId: ownerId(),
    domain: text('domain').notNull(),
    createdAt: createdNow(),
  },
  (t) => [uniqueIndex('user_urls_user_domain_key').on(t.userId, t.domain)],
);

/**
 * A person's reading goals (issue 29, decision 152), the list in the order it was set (`position`). `kind` is a
 * contract GoalKind; `site` is set for a daily site goal only. PUT /api/goals replaces the list whole.
 */
export const readingGoals = pgTable(
  'reading_goals',
  {
    id: generatedId(),
    userId: ownerId(),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    target: integer('target').notNull(),
    site: text('site'),
    createdAt: createdNow(),
  },
  (t) => [uniqueIndex('reading_goals_user_position_key').on(t.userId, t.position)],
);

/**
 * Captured pages waiting for (or done with) analysis: the durable queue of the touch-point worker
 * (decision 061). status: queued → processing → done | failed. `text` is cleared once analysed.
 */
export const touchpoints = pgTable(
  'touchpoints',
  {
    id: generatedId(),
    userId: ownerId(),
    url: text('url').notNull(),
    host: text('host').notNull(),
    title: text('title').notNull().default(''),
    text: text('text'),
    /** Device-mode scores (the extension's own analyzer run), validated against AnalysisScoresSchema. */
    scores: jsonb('scores'),
    /** sha-256 of title + text (or scores): the idempotency key with user and URL. */
    contentHash: text('content_hash').notNull(),
    capturedAt: instant('captured_at').notNull(),
    ...queueColumns(),
    createdAt: createdNow(),
    updatedAt: updatedNow(),
  },
  (t) => [
    index('touchpoints_claim_idx').on(t.status, t.nextAttemptAt),
    // The queue in claim order: a claim reads its batch off this index, whatever the backlog (decision 093).
    index('touchpoints_queued_order_idx').on(t.createdAt).where(sql`${t.status} = 'queued'`),
    index('touchpoints_user_dedupe_idx').on(t.userId, t.contentHash, t.createdAt),
  ],
);

/** One analysed touch point (spec §3 Analysis). `id` equals the touch point's id (the id ingest answers). */
export const analyses = pgTable(
  'analyses',
  {
    id: uuid('id').primaryKey(),
    userId: ownerId(),
    touchpointId: uuid('touchpoint_id')
      .notNull()
      .references(() => touchpoints.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    host: text('host').notNull(),
    title: text('title').notNull().default(''),
    tokens: integer('tokens').notNull(),
    categoryScores: jsonb('category_scores').notNull(),
    classificationAnalysis: jsonb('classification_analysis').notNull(),
    valence: doublePrecision('valence'),
    overallScore: doublePrecision('overall_score'),
    modelVersion: text('model_version'),
    /** 'server' (scored here) or 'device' (the extension's own run). */
    mode: text('mode').notNull(),
    /**
     * What the page leaves a reader with (contract Verdict), the categories that drive it and the analyzer's
     * confidence in it (decision 125). Null for analyses of scorers that give none (older models, the LLM).
     */
    verdict: text('verdict'),
    drivers: jsonb('drivers').$type<string[]>(),
    confidence: doublePrecision('confidence'),
    createdAt: createdNow(),
    /**
     * The API's Analysis as JSON text (`toAnalysis` of this row), written with the row (decision 071): a page
     * of recent analyses is these texts joined, with no jsonb decoding or re-serialising per request.
     */
    viewJson: text('view_json').notNull(),
    /**
     * The history card of that view (contract RecentAnalysis, `toRecentAnalysis`) as JSON text, written with
     * the row (decision 097): a history page is these texts joined, with nothing parsed or cut per read.
     * Null on rows stored before the column existed; their card is cut from `view_json` when read.
     */
    cardJson: text('card_json'),
  },
  (t) => [
    uniqueIndex('analyses_touchpoint_id_key').on(t.touchpointId),
    // Newest first, id as tie-breaker, NULLS FIRST as a plain `ORDER BY … DESC` has it (otherwise the planner
    // cannot read the index in order): the recent pages and insight cards walk it (decision 071).
    index('analyses_user_created_id_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The Insights list filtered by verdict walks only that verdict's pages, in the list's order.
    index('analyses_user_verdict_created_id_idx').on(
      t.userId,
      t.verdict,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export type TouchpointRow = typeof touchpoints.$inferSelect;
export type AnalysisRow = typeof analyses.$inferSelect;

// ── Analysis rollups (decision 071) ────────────────────────────────────────────────────────────────
// Maintained in the transaction that stores an analysis (only when the insert happened and metering
// accepted it); rebuilt from `analyses` by the migration that created them (then in UTC, every account's zone).
// Days and months are the owner's, in `users.time_zone`; a change of zone rebuilds the owner's rows (decision 155).

/** Sum of one category's BaseScore over the rolled-up analyses (column `<category id>_sum`). */
const categorySum = (id: string) => doublePrecision(`${id}_sum`).notNull().default(0);

/**
 * Per user and day (theirs): how many analyses, their tokens, overall scores, per-category BaseScores and verdicts.
 */
export const analysisDailyRollups = pgTable(
  'analysis_daily_rollups',
  {
    userId: ownerId(),
    /** The calendar day of `analyses.created_at` in the owner's time zone (`users.time_zone`, decision 155). */
    day: date('day', { mode: 'string' }).notNull(),
    analyses: integer('analyses').notNull().default(0),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
    /** Sum and count of the non-null `analyses.overall_score`. */
    overallSum: doublePrecision('overall_sum').notNull().default(0),
    overallCount: integer('overall_count').notNull().default(0),
    joySum: categorySum('joy'),
    calmSum: categorySum('calm'),
    gratitudeSum: categorySum('gratitude'),
    hopeSum: categorySum('hope'),
    curiositySum: categorySum('curiosity'),
    compassionSum: categorySum('compassion'),
    aweSum: categorySum('awe'),
    angerSum: categorySum('anger'),
    outrageSum: categorySum('outrage'),
    fearSum: categorySum('fear'),
    anxietySum: categorySum('anxiety'),
    sadnessSum: categorySum('sadness'),
    disgustSum: categorySum('disgust'),
    envySum: categorySum('envy'),
    /**
     * How many of the day's analyses have each verdict (the verdict trend, issue 29); the analyses without one
     * are `analyses` minus the four.
     */
    upliftingPages: integer('uplifting_pages').notNull().default(0),
    neutralPages: integer('neutral_pages').notNull().default(0),
    mixedPages: integer('mixed_pages').notNull().default(0),
    drainingPages: integer('draining_pages').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Per user, month (theirs) and host: visits and overall scores (the Top Domains table). */
export const analysisDomainRollups = pgTable(
  'analysis_domain_rollups',
  {
    userId: ownerId(),
    /** The first day of the month of `analyses.created_at` in the owner's time zone (decision 155). */
    month: date('month', { mode: 'string' }).notNull(),
    host: text('host').notNull(),
    visits: integer('visits').notNull().default(0),
    overallSum: doublePrecision('overall_sum').notNull().default(0),
    overallCount: integer('overall_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.host] })],
);

// ── Questionnaire (decision 081) ───────────────────────────────────────────────────────────────────

/**
 * Questionnaire submissions: the answers as submitted, and the durable processing queue (ARCHITECTURE
 * "Durable work"). status: queued → processing → done | failed, or superseded when the user's state moved
 * on before the row was processed. Claimed with `FOR UPDATE SKIP LOCKED` like touch points.
 */
export const questionnaireSubmissions = pgTable(
  'questionnaire_submissions',
  {
    id: generatedId(),
    userId: ownerId(),
    /** Question id → answer (a string, or a list of options for MULTIPLE_CHOICE), validated at submit. */
    answers: jsonb('answers').$type<Record<string, string | string[]>>().notNull(),
    ...queueColumns(),
    processedAt: instant('processed_at'),
    createdAt: createdNow(),
    updatedAt: updatedNow(),
  },
  (t) => [
    index('questionnaire_submissions_claim_idx').on(t.status, t.nextAttemptAt),
    index('questionnaire_submissions_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The personality profile (spec §3 Personalization), one row per user: slider scores 1–5 by item key
 * (modules/questionnaire/personality.ts). Written when a submission is processed and by the sliders; the
 * touch-point scorer turns it into the analyzer's sensitivities.
 */
export const personalizations = pgTable('personalizations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  scores: jsonb('scores').$type<Record<string, number>>().notNull(),
  /** 'questionnaire' (computed from `submission_id`, maybe tuned since) | 'default' (an opted-out user tuned the general profile). */
  source: text('source').notNull(),
  submissionId: uuid('submission_id').references(() => questionnaireSubmissions.id, { onDelete: 'set null' }),
  createdAt: createdNow(),
  updatedAt: updatedNow(),
});

export type QuestionnaireSubmissionRow = typeof questionnaireSubmissions.$inferSelect;
export type PersonalizationRow = typeof personalizations.$inferSelect;

/**
 * Who has had a free trial, kept beyond the account (decision 103): keyed hashes (HMAC with the server secret) of
 * the e-mail address and of each card's fingerprint of a deleted account that had a trial, so the same e-mail
 * or card cannot start a second one. No reference to users: these rows outlive them; nothing else is kept.
 */
export const trialMarkers = pgTable(
  'trial_markers',
  {
    /** 'email' or 'card'. */
    kind: text('kind').notNull(),
    hash: text('hash').notNull(),
    createdAt: createdNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.hash] })],
);

/**
 * Mood check-ins (issue 29): at most one per person and day. `day` is the calendar day of the check-in as
 * `lib/days.ts` cuts it; a later check-in the same day replaces the row (decision 151).
 */
export const moodCheckins = pgTable(
  'mood_checkins',
  {
    id: generatedId(),
    userId: ownerId(),
    day: date('day', { mode: 'string' }).notNull(),
    score: integer('score').notNull(),
    note: text('note'),
    createdAt: createdNow(),
    updatedAt: updatedNow(),
  },
  (t) => [uniqueIndex('mood_checkins_user_day_key').on(t.userId, t.day)],
);

export type MoodCheckinRow = typeof moodCheckins.$inferSelect;

/**
 * The weekly letters (issue 29, decision 158): one row per person and ISO week the letter is about
 * (`2026-W47`, the week's Monday to Sunday in the person's zone), written before the letter goes so that
 * whichever instance inserts it first is the only one that sends it. `status`: 'sending' (claimed), 'sent',
 * 'failed' (the mail server refused; retried after `next_attempt_at`, a few times) or 'skipped' (nothing to
 * say: no page that week). `kind`: 'scheduled' (Monday 07:00) or 'requested' (sent now from Settings; such a
 * week gets no scheduled letter after it). What the letter said is never stored.
 */
export const weeklyLetters = pgTable(
  'weekly_letters',
  {
    id: generatedId(),
    userId: ownerId(),
    week: text('week').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(1),
    nextAttemptAt: instant('next_attempt_at'),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: createdNow(),
    updatedAt: updatedNow(),
  },
  (t) => [
    uniqueIndex('weekly_letters_user_week_key').on(t.userId, t.week),
    // The retries' scan: only the few failed rows.
    index('weekly_letters_retry_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'failed'`),
  ],
);

export type WeeklyLetterRow = typeof weeklyLetters.$inferSelect;

/**
 * Link labels shown and opened (issue 30, decision 160): per person, paired browser and day, that browser's
 * totals by verdict. Counts only, never a URL. A browser's PUT replaces its rows of the days it sends (a retry
 * never counts twice, two browsers add up). `browser_id` is the id of the extension key that sent the row and
 * has no reference: a revoked browser's counts stay with the account, and go with it (`user_id` cascades).
 * `day` is the browser's local day, taken as the account's. The first day with any label shown is when labels
 * began (Insights' "before labels").
 */
export const labelCounts = pgTable(
  'label_counts',
  {
    userId: ownerId(),
    browserId: uuid('browser_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shownUplifting: integer('shown_uplifting').notNull().default(0),
    shownNeutral: integer('shown_neutral').notNull().default(0),
    shownMixed: integer('shown_mixed').notNull().default(0),
    shownDraining: integer('shown_draining').notNull().default(0),
    openedUplifting: integer('opened_uplifting').notNull().default(0),
    openedNeutral: integer('opened_neutral').notNull().default(0),
    openedMixed: integer('opened_mixed').notNull().default(0),
    openedDraining: integer('opened_draining').notNull().default(0),
    updatedAt: updatedNow(),
  },
  // The person's days in order (Insights reads a range of them), then the browser: the upsert's target too.
  (t) => [primaryKey({ columns: [t.userId, t.day, t.browserId] })],
);

export type LabelCountRow = typeof labelCounts.$inferSelect;
