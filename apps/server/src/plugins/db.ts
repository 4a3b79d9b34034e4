import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createDatabase, type Database, type Db } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The connection (kind, ping, close). */
    database: Database;
    /** Drizzle, typed with the schema. Only repositories use it. */
    db: Db;
  }
}

export interface DbOptions {
  /** The open (and migrated) database; the app closes it on close. */
  database: Database;
}

/**
 * Opens (and migrates) the configured database, logging through `log()` (the app's logger once it
 * exists). `buildApp` calls it before it registers the plugins, so a first start of the embedded database — which
 * can take a minute on a busy machine — never runs into their start-up time-out.
 */
export function openAppDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: () => FastifyBaseLogger | undefined,
): Promise<Database> {
  return createDatabase(config, {
    onConnectionError: (error) =>
      log()?.warn(
        { err: error, event: 'database_connection_lost' },
        'a database connection was lost; the pool reconnects when the database answers',
      ),
    onCloseTimeout: (inUse) =>
      log()?.warn(
        { inUse, event: 'database_close_timeout' },
        'closing the database: stopped waiting for connections still in use',
      ),
    onFirstStart: (pgdata) =>
      console.info(`Creating the embedded database in ${pgdata} (first start; this can take a minute)…`),
  });
}

/** Decorates the app with the open database and closes it after the HTTP server has closed. */
export default fp<DbOptions>(
  function db(app: FastifyInstance, { database }, done) {
    app.log.info({ kind: database.kind }, 'database ready');
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.addHook('onClose', async () => {
      await database.close();
    });
    done();
  },
  { name: 'db' },
);
