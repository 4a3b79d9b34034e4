import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The evaluation test needs ../shared/data (relative to the repository root), or the folder MEDIADIET_DATA names.
// Where it is absent (a user's clone) the file is simply not collected; CI has the data and runs it.
const dataDir = process.env.MEDIADIET_DATA
  ? path.resolve(process.env.MEDIADIET_DATA)
  : path.resolve(import.meta.dirname, '../../../shared/data');
const hasData = existsSync(path.join(dataDir, 'goemotions/dev.tsv'));

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: hasData ? [] : ['test/eval.test.ts'],
    // Plain modules without per-file state: a worker imports the model once for all of its files (decision 146).
    isolate: false,
  },
});
