import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The several-instances and fault proofs (test/scale) need a real PostgreSQL and Redis: CI's second pass. */
const scale = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(scale ? [] : ['test/scale/**'])],
    globalSetup: ['./test/helpers/global-setup.ts'],
    // One worker per core, and each worker imports the server once for all of its files (decision 146): every
    // test builds its own app and database, and no test measures time, so files cannot see each other's work.
    maxWorkers: availableParallelism(),
    isolate: false,
    // Budgets, not expectations: `npm test` runs the end-to-end journeys beside this suite (decision 150), and
    // on a busy 2-core machine creating an embedded database from scratch has taken more than 30 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
