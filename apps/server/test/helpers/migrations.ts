import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import * as schema from '../../src/db/schema.ts';
import { migrationsDir } from '../../src/paths.ts';

/**
 * What a migration test needs to upgrade a database from an older migration: the cleanups (run after the
 * file's tests, last registered first), a copy of the migrations folder that stops early, and a PGlite
 * database migrated up to that point. Call it once at the top of a test file.
 */
export function migrationTestKit() {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A copy of the migrations folder whose journal stops after `lastIdx`. */
  async function migrationsUpTo(lastIdx: number): Promise<string> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-migrations-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    await fs.cp(migrationsDir, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta/_journal.json');
    const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
    await fs.writeFile(journalFile, JSON.stringify(journal));
    return dir;
  }

  /** A fresh PGlite database migrated up to and including migration `lastIdx`. */
  async function pgliteMigratedTo(lastIdx: number): Promise<Db> {
    const client = new PGlite();
    cleanups.push(() => client.close());
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: await migrationsUpTo(lastIdx) });
    return db;
  }

  /** Runs the remaining migrations on a PGlite database. */
  async function pgliteMigrateToEnd(db: Db): Promise<void> {
    await migratePglite(db as never, { migrationsFolder: migrationsDir });
  }

  return { cleanups, migrationsUpTo, pgliteMigratedTo, pgliteMigrateToEnd };
}
