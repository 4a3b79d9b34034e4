import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database, Db } from '../../src/db/database.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  /** Drizzle on the test's own database. */
  db: Db;
  database: Database;
  config: Config;
  /** Closes the app, its database (dropping a PostgreSQL clone) and the temporary directory. */
  close(): Promise<void>;
}

export interface TestAppOptions extends Omit<AppDeps, 'database'> {
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>;
  /** Called with the app before it is ready, to add test-only routes or decorators. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
}

/** A fully built app on a fresh clone of the template database. Use `app.inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { env, setup, ...deps } = options;
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(tmp, 'data'),
    // No web app unless a test provides one: the real apps/web/dist must not leak into tests.
    WEB_DIST_DIR: path.join(tmp, 'no-web-app'),
    ...env,
  });
  const database = await createTestDatabase();
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { ...deps, database });
    await setup?.(app);
    await app.ready();
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}
