// @ts-check
import { defineConfig } from 'vitest/config';

/** Plain modules without per-file state: a worker imports them once for all of its files (decision 146). */
export default defineConfig({
  test: {
    isolate: false,
  },
});
