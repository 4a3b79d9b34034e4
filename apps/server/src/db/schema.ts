import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The database schema. Migrations in drizzle/ are generated from this file with
 * `npm run db:generate -w apps/server` and must stay within PostgreSQL 15.
 */

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Spec §3 User. Questionnaire state values: NOT_STARTED, SUBMITTED, PROCESSING, COMPLETED, OPT_OUT, FAILED.
 * E-mail is unique case-insensitively (`lower(email)`); it is stored as the user typed it.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * Sign-in sessions. Only an HMAC of the bearer token is stored. A session is live while it is not
 * revoked, `expires_at` (absolute life) is ahead and `last_seen_at` is within the inactivity timeout.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** How the session was obtained: 'pin' or 'oidc'. */
    method: text('method').notNull(),
    userAgent: text('user_agent'),
    createdAt: instant('created_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** E-mailed sign-in PINs. Only a keyed hash is stored; only the newest PIN of a user counts. */
export const loginPins = pgTable(
  'login_pins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailLower: text('email_lower').notNull(),
    pinHash: text('pin_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    /** Verification attempts made against this PIN (right or wrong). */
    attempts: integer('attempts').notNull().default(0),
    usedAt: instant('used_at'),
  },
  (t) => [index('login_pins_user_created_idx').on(t.userId, t.createdAt)],
);

/** Accounts at an OpenID Connect provider (Google) linked to a user, keyed by (issuer, subject). */
export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
  createdAt: instant('created_at').notNull().defaultNow(),
});
