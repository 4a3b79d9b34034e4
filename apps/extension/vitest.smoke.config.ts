import { defineConfig } from 'vitest/config';

/** `npm run test:smoke` (after `npm run build`): the Playwright smoke in test/smoke.e2e.ts only. */
export default defineConfig({ test: { include: ['test/smoke.e2e.ts'], testTimeout: 60_000 } });
