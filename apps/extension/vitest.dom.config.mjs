// @ts-check
import { defineConfig } from 'vitest/config';
import { DOM_TESTS } from './vitest.config.mjs';

/** The extension's DOM tests (jsdom), each file in a fresh module graph and window. */
export default defineConfig({
  test: {
    name: '@mediadiet/extension-dom',
    include: DOM_TESTS,
    isolate: true,
  },
});
