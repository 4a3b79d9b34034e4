import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The database schema. Migrations in drizzle/ are generated from this file with
 * `npm run db:generate -w apps/server` and must stay within PostgreSQL 15.
 */

/** Spec §3 User. Questionnaire state values: NOT_STARTED, SUBMITTED, PROCESSING, COMPLETED, OPT_OUT, FAILED. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    hasHadFreeTrial: boolean('has_had_free_trial').notNull().default(false),
    shouldShowExtensionWizard: boolean('should_show_extension_wizard').notNull().default(true),
    stripeCustomerId: text('stripe_customer_id'),
    configsState: text('configs_state').notNull().default('NOT_STARTED'),
    configsLastSubmitted: timestamp('configs_last_submitted', { withTimezone: true }),
    extensionStatus: boolean('extension_status').notNull().default(false),
    extensionInstalled: boolean('extension_installed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
