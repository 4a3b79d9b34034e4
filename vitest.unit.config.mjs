// @ts-check
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:unit`: the four unit-test workspaces in one Vitest run, each with its own config, sharing one
 * pool of one worker per core (decision 146). The contract, analyzer and extension tests share one module graph
 * per worker; the web app's component tests and the extension's DOM tests keep a fresh one per file.
 */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/analyzer', 'apps/web', 'apps/extension', 'apps/extension/vitest.dom.config.mjs'],
    maxWorkers: availableParallelism(),
  },
});
