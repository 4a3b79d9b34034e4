import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The evaluation test needs ../shared/data (relative to the repository root). Where it is absent (a user's clone)
// the file is simply not collected; CI has the data and runs it.
const dataDir = path.resolve(import.meta.dirname, '../../../shared/data');
const hasData = existsSync(path.join(dataDir, 'goemotions/dev.tsv'));

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: hasData ? [] : ['test/eval.test.ts'],
  },
});
