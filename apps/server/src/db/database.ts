import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { DEFAULT_DATABASE_POOL_SIZE, type Config } from '../config.ts';
import { migrationsDir } from '../paths.ts';
import * as schema from './schema.ts';
import { applySqlFunctions } from './sql-functions.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. Repositories take this (or a transaction). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers `SELECT 1`; rejects otherwise. */
  ping(): Promise<void>;
  /** Closes connections (and releases the data-directory lock). Safe to call twice. */
  close(): Promise<void>;
}

/** A failure the operator can fix; `server.ts` prints the message alone and exits 1. */
export class StartupError extends Error {
  override name = 'StartupError';
  readonly isStartupError = true;
}

export function isStartupError(error: unknown): error is StartupError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { isStartupError?: unknown }).isStartupError === true
  );
}

/** Key of the advisory lock taken while migrating PostgreSQL ("mediadiet" in ASCII, fits a bigint). */
const MIGRATION_LOCK_KEY = 0x6d65646961646574n;

export interface DatabaseOptions {
  /**
   * A pooled PostgreSQL connection failed outside a query (the server restarted, an administrator ended it:
   * 57P01). The pool drops it and opens a new one when needed; this is for the log.
   */
  onConnectionError?: (error: Error) => void;
  /** Closing gave up waiting for connections still checked out (`inUse` of them); see `openPostgres`. */
  onCloseTimeout?: (inUse: number) => void;
  /** How long closing waits for checked-out connections. Default CLOSE_TIMEOUT_MS (tests shorten it). */
  closeTimeoutMs?: number;
  /** Most connections of the PostgreSQL pool. Default DEFAULT_DATABASE_POOL_SIZE. */
  poolSize?: number;
  /** PGlite: called before the database files are created for the first time (that takes a while). */
  onFirstStart?: (pgdata: string) => void;
}

/** The database for a configuration: PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR. Migrated. */
export async function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>>,
  options: DatabaseOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize, ...options });
  }
  return openPgliteDataDir(config.dataDir, options.onFirstStart);
}

/** How long a request waits for a pooled connection (PostgreSQL down or every connection busy). */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long the readiness ping waits for its answer before its connection is given up. */
const PING_TIMEOUT_MS = 2_000;
/** How long closing waits for checked-out connections to come back before it stops waiting. */
const CLOSE_TIMEOUT_MS = 10_000;

/**
 * PostgreSQL through a node-postgres pool; migrations, then the modules' SQL functions (db/sql-functions.ts),
 * run under an advisory lock, so instances that start together migrate one after the other (the later ones
 * find no migration to run and replace the functions with the same bodies).
 *
 * A connection that fails outside a query must not end the process: node-postgres emits 'error' on the
 * client, and an 'error' without a listener throws. The pool listens on idle clients only; every client gets
 * our listener too, for while it is checked out (e.g. between two statements of a transaction). The query in flight, if any, fails
 * with the error; the broken client is discarded on release; the pool connects anew on the next query, so
 * the instance recovers when PostgreSQL is back, without a restart.
 */
export async function openPostgres(
  connectionString: string,
  options: DatabaseOptions = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  pool.on('error', (error) => options.onConnectionError?.(error));
  pool.on('connect', (client) => {
    // Idle: the pool reports it above. Checked out: the client's next query fails with it, and its caller
    // reports that. Either way the client is not used again.
    client.on('error', () => {});
  });
  try {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
      try {
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsDir });
        await applySqlFunctions((text) => client.query(text));
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }

  const db = drizzlePg({ client: pool, schema });
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    // With its own read timeout: a ping that never hears back (a connection half-open across a restart) fails
    // and its connection is destroyed, instead of staying checked out for ever.
    ping: async () => {
      await pool.query({ text: 'select 1', query_timeout: PING_TIMEOUT_MS } as pg.QueryConfig);
    },
    // pool.end() waits for every checked-out connection; one lost in a restart must not hold shutdown open.
    close: () => (closed ??= endPool(pool, options)),
  };
}

async function endPool(pool: pg.Pool, options: DatabaseOptions): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.closeTimeoutMs ?? CLOSE_TIMEOUT_MS);
    timer.unref();
  });
  const ended = pool.end().then(() => 'ended' as const);
  try {
    if ((await Promise.race([ended, gaveUp])) === 'timeout') {
      options.onCloseTimeout?.(pool.totalCount - pool.idleCount);
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * How old the data-directory lock's refresh may be before another server takes it over: the lock of a killed
 * server expires after this. It is refreshed every 5 s from the event loop, which the first creation of the
 * database blocks for long stretches on a busy machine (more than 10 s seen), so a short limit would let a
 * second server take the lock from one that is still starting.
 */
export const DATA_DIR_LOCK_STALE_MS = 60_000;

/**
 * PGlite with its files in `<dataDir>/pgdata`, guarded by a lock on `dataDir` so that a second
 * server on the same directory stops with a clear message instead of corrupting it.
 */
export async function openPgliteDataDir(
  dataDir: string,
  onFirstStart?: (pgdata: string) => void,
): Promise<Database> {
  await fs.mkdir(dataDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'server.lock'),
      stale: DATA_DIR_LOCK_STALE_MS,
      update: 5_000,
      retries: 0,
      realpath: false,
      onCompromised: (error) => {
        console.error(`The lock on the data directory ${dataDir} was lost: ${error.message}`);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new StartupError(
        `Another Media Diet server is already using the data directory ${dataDir}. ` +
          'Stop it first, or start this one with a different DATA_DIR (or a DATABASE_URL). ' +
          'A server that was killed leaves its lock behind for up to a minute.',
      );
    }
    throw error;
  }

  const pgdata = path.join(dataDir, 'pgdata');
  // A first start creates the database files; if that fails half-way, they are removed again so the next
  // start begins afresh instead of tripping over an unfinished directory.
  const firstStart = await isMissingOrEmpty(pgdata);
  if (firstStart) onFirstStart?.(pgdata);
  try {
    const client = await PGlite.create(pgdata);
    const database = await openPglite(client);
    let closed: Promise<void> | undefined;
    return {
      ...database,
      close: () => (closed ??= database.close().finally(() => release().catch(() => {}))),
    };
  } catch (error) {
    if (firstStart) await fs.rm(pgdata, { recursive: true, force: true }).catch(() => {});
    await release().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      firstStart
        ? `The embedded database could not be created in ${pgdata} (${reason}). ` +
            'Nothing was stored yet and the unfinished files were removed: check that the folder is writable ' +
            'and the disk has space (about 100 MB), then start again.'
        : `The embedded database in ${pgdata} could not be opened (${reason}). ` +
            'Your data is still in that folder: do not delete it. Check that the folder is readable and ' +
            'writable and that no other program holds it, then start again; if it keeps failing, restore the ' +
            `folder from a backup, or start with another DATA_DIR to begin empty.`,
    );
  }
}

async function isMissingOrEmpty(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/**
 * Wrap an open PGlite (on disk or in memory), migrate it and apply the modules' SQL functions. The Database owns
 * the client afterwards.
 */
export async function openPglite(client: PGlite): Promise<Database> {
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder: migrationsDir });
    await applySqlFunctions((text) => client.exec(text));
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => (closed ??= client.closed ? Promise.resolve() : client.close()),
  };
}
