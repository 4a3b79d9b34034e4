import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/database.ts';
import { databaseUrlFor } from './global-setup.ts';

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
