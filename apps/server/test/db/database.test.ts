import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import {
  createDatabase,
  isStartupError,
  openPgliteDataDir,
  openPostgres,
  type Database,
} from '../../src/db/database.ts';
import { users } from '../../src/db/schema.ts';
import { migrationsDir } from '../../src/paths.ts';
import { databaseUrlFor } from '../helpers/global-setup.ts';
import { sharedTestDatabase, withTestDatabase } from '../helpers/test-database.ts';

const database = sharedTestDatabase();

describe('users table (initial migration)', () => {
  it('creates a user with the spec’s defaults', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'Ada@Example.com', name: 'Ada' })
      .returning();
    expect(user).toMatchObject({
      email: 'Ada@Example.com',
      name: 'Ada',
      hasHadFreeTrial: false,
      shouldShowExtensionWizard: true,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      stripeDefaultPaymentMethodId: null,
      paymentProvider: null,
      configsState: 'NOT_STARTED',
      configsLastSubmitted: null,
      extensionStatus: null,
      extensionInstalled: false,
    });
    expect(user?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user?.createdAt).toBeInstanceOf(Date);
  });

  it('keeps e-mail addresses unique regardless of case', async () => {
    await expect(
      database.db.insert(users).values({ email: 'ADA@example.COM', name: 'Other' }),
    ).rejects.toThrow();
    const found = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, 'ada@example.com'));
    expect(found).toHaveLength(1);
  });

  it('answers ping', async () => {
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('starts each clone from the template (no rows from other files)', async () => {
    await withTestDatabase(async (other) => {
      const rows = await other.db.select({ id: users.id }).from(users);
      expect(rows).toEqual([]);
    });
  });
});

describe('PGlite data directory', () => {
  it('is locked while a server uses it, and released on close', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-lock-'));
    try {
      const first = await openPgliteDataDir(dir);
      await expect(openPgliteDataDir(dir)).rejects.toSatisfy(
        (error) =>
          isStartupError(error) &&
          error.message.includes(`Another Media Diet server is already using the data directory ${dir}`),
      );
      await first.db.insert(users).values({ email: 'kept@example.com' });
      await first.close();

      const second = await openPgliteDataDir(dir);
      const rows = await second.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: 'kept@example.com' }]);
      await second.close();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

/** A new empty database on the test PostgreSQL server for `work`, dropped afterwards. */
async function withEmptyDatabase(label: string, work: (url: string) => Promise<void>): Promise<void> {
  const info = inject('testDatabase');
  if (info.kind !== 'postgres') throw new Error('withEmptyDatabase needs PostgreSQL');
  const name = `mediadiet_test_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: info.adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await work(databaseUrlFor(info.adminUrl, name));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

// Registered only on PostgreSQL (CI's second pass sets DATABASE_URL); PGlite has no concurrent migrators.
if (inject('testDatabase').kind === 'postgres')
  describe('PostgreSQL migrations', () => {
    it('run once when several servers start together', async () => {
      await withEmptyDatabase('fresh', async (url) => {
        const instances = await Promise.all([openPostgres(url), openPostgres(url), openPostgres(url)]);
        await Promise.all(instances.map((instance) => instance.close()));
        const check = new pg.Client({ connectionString: url });
        await check.connect();
        const result = await check.query<{ count: number }>(
          'select count(*)::int as count from drizzle.__drizzle_migrations',
        );
        await check.end();
        // Each migration of drizzle/ recorded once, however many servers raced.
        const journal = JSON.parse(
          await fs.readFile(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'),
        ) as { entries: unknown[] };
        expect(result.rows[0]?.count).toBe(journal.entries.length);
      });
    });

    it('close stops waiting for a connection that is never given back, and says so', async () => {
      await withEmptyDatabase('close', async (url) => {
        const stuck: number[] = [];
        const database = await openPostgres(url, {
          closeTimeoutMs: 200,
          onCloseTimeout: (inUse) => stuck.push(inUse),
        });
        const pool = (database.db as unknown as { $client: pg.Pool }).$client;
        const held = await pool.connect(); // lost to a caller that never gives it back
        await database.close();
        expect(stuck).toEqual([1]);
        held.release(true);
      });
    });

    it('sizes its connection pool by DATABASE_POOL_SIZE (20 unless configured)', async () => {
      await withEmptyDatabase('pool', async (url) => {
        const poolOf = (database: Database) => (database.db as unknown as { $client: pg.Pool }).$client;
        const configured = await createDatabase(
          loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, DATABASE_POOL_SIZE: '3' }),
        );
        const byDefault = await createDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url }));
        try {
          expect(poolOf(configured).options.max).toBe(3);
          expect(poolOf(byDefault).options.max).toBe(20);
        } finally {
          await configured.close();
          await byDefault.close();
        }
      });
    });
  });
