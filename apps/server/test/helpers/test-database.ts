import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/database.ts';
import { databaseUrlFor } from './global-setup.ts';
import { closedAfter, sharedBetweenTests } from './lifetime.ts';

let templateDump: Promise<Buffer> | undefined;

/**
 * A fresh database cloned from the run's migrated template: an in-memory PGlite loaded from the
 * template dump, or (DATABASE_URL set) a new PostgreSQL database copied from the template and
 * dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const info = inject('testDatabase');

  if (info.kind === 'pglite') {
    templateDump ??= fs.readFile(info.templateFile);
    const client = new PGlite({ loadDataDir: new Blob([await templateDump]) });
    return openPglite(client);
  }

  const name = `mediadiet_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${info.templateName}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(databaseUrlFor(info.adminUrl, name));
  let closed: Promise<void> | undefined;
  return {
    ...database,
    close: () =>
      (closed ??= (async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: info.adminUrl });
        await dropper.connect();
        try {
          await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await dropper.end();
        }
      })()),
  };
}

/**
 * One database (createTestDatabase) for the test file or `describe` block it is called in: created before its
 * first test and closed after its last. The object it returns reads through to it (reading it earlier throws).
 */
export function sharedTestDatabase(): Database {
  return sharedBetweenTests('The test database', createTestDatabase, ['db', 'kind', 'ping', 'close']);
}

/** A database of its own for one test: created, handed to `use`, and closed after it, even when it fails. */
export function withTestDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
  return closedAfter(createTestDatabase(), use);
}
