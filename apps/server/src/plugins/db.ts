import type { FastifyInstance } from 'fastify';
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
  config: Pick<Config, 'databaseUrl' | 'dataDir'>;
  /** An already open (and migrated) database, e.g. a test clone. The app closes it on close. */
  database?: Database;
}

/** Opens (and migrates) the database at start and closes it after the HTTP server has closed. */
export default fp<DbOptions>(
  async function db(app: FastifyInstance, options) {
    const database =
      options.database ??
      (await createDatabase(options.config, {
        onConnectionError: (error) =>
          app.log.warn(
            { err: error, event: 'database_connection_lost' },
            'a database connection was lost; the pool reconnects when the database answers',
          ),
        onCloseTimeout: (inUse) =>
          app.log.warn(
            { inUse, event: 'database_close_timeout' },
            'closing the database: stopped waiting for connections still in use',
          ),
      }));
    app.log.info({ kind: database.kind }, 'database ready');
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'db' },
);
