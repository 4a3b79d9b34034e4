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
        unstubEnvs: true,
        unstubGlobals: true,
      },
    }),
  ),
);
