import { defineConfig } from 'vitest/config';

/** The several-instances and fault proofs (test/scale) need a real PostgreSQL and Redis: CI's second pass. */
const scale = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(scale ? [] : ['test/scale/**'])],
    globalSetup: ['./test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
