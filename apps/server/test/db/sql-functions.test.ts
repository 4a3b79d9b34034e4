import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/database.ts';
import { applySqlFunctions, readSqlFunctionFiles, type SqlFunctionFile } from '../../src/db/sql-functions.ts';
import { createTestDatabase, sharedTestDatabase, withTestDatabase } from '../helpers/test-database.ts';

/**
 * The modules' SQL functions (decision 144): applied after the migrations on every start, as CREATE OR
 * REPLACE, all or nothing, one instance after the other on PostgreSQL.
 */

let files: SqlFunctionFile[];
/** Each function the files define, with the body between its `$$` quotes. */
let functions: { name: string; body: string; file: string }[];

beforeAll(async () => {
  files = await readSqlFunctionFiles();
  functions = files.flatMap((file) =>
    [...file.text.matchAll(/CREATE OR REPLACE FUNCTION\s+"?(\w+)"?\s*\([\s\S]*?\$\$([\s\S]*?)\$\$/gi)].map(
      (match) => ({ name: match[1]!, body: match[2]!, file: file.name }),
    ),
  );
});

const rowsOf = async <T extends Record<string, unknown>>(database: Database, query: SQL): Promise<T[]> =>
  ((await database.db.execute<T>(query)) as { rows: T[] }).rows;

/** The body of each of our functions in the database (functions of extensions left out). */
async function liveBodies(database: Database): Promise<Map<string, string>> {
  const rows = await rowsOf<{ name: string; body: string }>(
    database,
    sql`select p.proname as name, p.prosrc as body
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public' and p.prokind = 'f'
           and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  );
  return new Map(rows.map((row) => [row.name, row.body]));
}

const OUTDATED = 'outdated body';

/** Replaces the touch-point ingest with an older body that answers nothing. */
const outdate = (database: Database) =>
  database.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION "enqueue_metered_touchpoints"(
      "items" "metered_touchpoint_in"[], "window_ms" double precision, "accepting" text[],
      "plans" "plan_terms"[], "overage_rate_tokens" bigint)
    RETURNS TABLE ("item_key" text, "outcome" text, "touchpoint_id" uuid, "status" text, "plan" text)
    LANGUAGE plpgsql VOLATILE AS $$ BEGIN /* ${OUTDATED} */ END $$`),
  );

/** The connection string of a PostgreSQL test database. */
const urlOf = (database: Database) =>
  (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;

/** Opens the same database again, as a server start does. PGlite: a copy of its files (one client per files). */
async function restart(database: Database): Promise<Database> {
  if (database.kind === 'postgres') return openPostgres(urlOf(database));
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return openPglite(new PGlite({ loadDataDir: await client.dumpDataDir('none') }));
}

/** Runs `work` on one connection of the database, as the migrator does. */
async function onOneConnection(database: Database, work: (exec: (text: string) => Promise<unknown>) => Promise<void>) {
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return work((text) => client.exec(text));
  }
  const client = await (database.db as unknown as { $client: pg.Pool }).$client.connect();
  try {
    await work((text) => client.query(text));
  } finally {
    client.release();
  }
}

describe('SQL functions of the modules', () => {
  const database = sharedTestDatabase();

  it('are read from each module’s sql folder, the touch-point ingest among them', () => {
    expect(files.map((file) => file.name)).toContain('touchpoints/sql/enqueue.sql');
    expect(functions.map((fn) => fn.name)).toContain('enqueue_metered_touchpoints');
    for (const file of files) expect(file.text).not.toMatch(/^\s*CREATE\s+(FUNCTION|TRIGGER|VIEW)/im);
  });

  it('are in a fresh database with the files’ bodies, and no other function is', async () => {
    const live = await liveBodies(database);
    expect([...live.keys()].sort()).toEqual(functions.map((fn) => fn.name).sort());
    for (const fn of functions) expect(live.get(fn.name), fn.file).toBe(fn.body);
  });

  it('replace an outdated body when the server starts on an existing database', async () => {
    const before = await createTestDatabase();
    let after: Database | undefined;
    try {
      await outdate(before);
      expect((await liveBodies(before)).get('enqueue_metered_touchpoints')).toContain(OUTDATED);
      after = await restart(before);
      const body = (await liveBodies(after)).get('enqueue_metered_touchpoints');
      expect(body).not.toContain(OUTDATED);
      expect(body).toBe(functions.find((fn) => fn.name === 'enqueue_metered_touchpoints')!.body);
    } finally {
      await after?.close();
      await before.close();
    }
  });

  it('are applied all or nothing, and a failing file is named', async () => {
    await withTestDatabase(async (target) => {
      await outdate(target);
      const broken = { name: 'broken/sql/broken.sql', text: 'CREATE OR REPLACE FUNCTION broken() RETURNS int AS' };
      await onOneConnection(target, async (exec) => {
        await expect(applySqlFunctions(exec, [...files, broken])).rejects.toThrow(
          /The SQL functions of broken\/sql\/broken\.sql could not be applied/,
        );
      });
      // The good files' replacements were rolled back with the broken one.
      expect((await liveBodies(target)).get('enqueue_metered_touchpoints')).toContain(OUTDATED);
      // And the connection is usable again.
      await onOneConnection(target, (exec) => applySqlFunctions(exec));
      expect((await liveBodies(target)).get('enqueue_metered_touchpoints')).not.toContain(OUTDATED);
    });
  });

});

// Registered only on PostgreSQL (DATABASE_URL set); PGlite has one connection and a locked data directory.
if (inject('testDatabase').kind === 'postgres')
  describe('SQL functions on PostgreSQL', () => {
    it('are applied by several instances starting together, none failing', async () => {
      await withTestDatabase(async (existing) => {
        await outdate(existing);
        const instances = await Promise.all(Array.from({ length: 4 }, () => restart(existing)));
        await Promise.all(instances.map((instance) => instance.close()));
        expect((await liveBodies(existing)).get('enqueue_metered_touchpoints')).toBe(
          functions.find((fn) => fn.name === 'enqueue_metered_touchpoints')!.body,
        );
      });
    });
  });
