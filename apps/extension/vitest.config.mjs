// @ts-check
import { defineConfig } from 'vitest/config';

/** The test files that run in a DOM of their own (jsdom): vitest.dom.config.mjs. */
export const DOM_TESTS = [
  'test/consent.test.ts',
  'test/content.test.ts',
  'test/labels-core.test.ts',
  'test/labels-sites.test.ts',
  'test/labels-view.test.ts',
  'test/options.test.ts',
  'test/popup.test.ts',
  'test/readability-patch.test.ts',
];

/**
 * Plain modules without per-file state: a worker imports them once for all of its files (decision 146). The DOM
 * tests are not among them: a jsdom window torn down after one file stays behind in the next one's globals.
 */
export default defineConfig({
  test: {
    isolate: false,
    exclude: ['**/node_modules/**', 'test/smoke.e2e.ts', ...DOM_TESTS],
  },
});
