import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDeps } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database, Db } from '../../src/db/database.ts';
import { closedAfter, sharedBetweenTests } from './lifetime.ts';
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

/**
 * The configuration of a test app whose files live under `tmp`: silent logs and no web app unless a test
 * provides one (the real apps/web/dist must not leak into tests), with `env` on top.
 */
export function testConfig(tmp: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(tmp, 'data'),
    WEB_DIST_DIR: path.join(tmp, 'no-web-app'),
    ...env,
  });
}

/** A fully built app on a fresh clone of the template database. Use `app.inject`. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { env, setup, ...deps } = options;
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-test-'));
  const config = testConfig(tmp, env);
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

/** An app of its own for one test: built from `options`, handed to `use`, and closed after it, even when it fails. */
export function withTestApp<T>(options: TestAppOptions, use: (t: TestApp) => Promise<T>): Promise<T> {
  return closedAfter(createTestApp(options), use);
}

/**
 * One app for the test file or `describe` block it is called in: built before its first test and closed after
 * its last (Vitest's `beforeAll` / `afterAll`); `options` may be a function, read when the app is built. The object it returns reads through to that app, so a file
 * declares `const t = sharedTestApp(options)` and uses `t.app`, `t.db`, … in its tests (reading it earlier throws).
 */
export function sharedTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  return sharedBetweenTests(
    'The test app',
    () => createTestApp(typeof options === 'function' ? options() : options),
    ['app', 'db', 'database', 'config', 'close'],
  );
}

/**
 * A shared app (sharedTestApp) serving a built web app made of `files` (a path in the dist folder → its
 * content), written to a temporary folder before the app starts and removed after it.
 */
export function sharedWebApp(files: Record<string, string | Uint8Array>): TestApp {
  let webDir = '';
  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediadiet-web-'));
    for (const [name, content] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(webDir, name)), { recursive: true });
      await fs.writeFile(path.join(webDir, name), content);
    }
  });
  afterAll(() => fs.rm(webDir, { recursive: true, force: true }));
  return sharedTestApp(() => ({ env: { WEB_DIST_DIR: webDir } }));
}
