import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig((configEnv) =>
  mergeConfig(
    viteConfig(configEnv),
    defineConfig({
      test: {
        environment: 'jsdom',
        setupFiles: ['./src/testing/setup-tests.ts'],
        include: ['src/**/*.test.{ts,tsx}'],
        restoreMocks: true,
        // A test's budget, not its expectation: on a busy 2-core machine a whole-app render can take seconds.
        testTimeout: 20_000,
        unstubEnvs: true,
        unstubGlobals: true,
      },
    }),
  ),
);
