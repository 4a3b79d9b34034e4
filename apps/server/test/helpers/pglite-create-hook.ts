/**
 * Preloaded (`--import`) into a server process by test/server.test.ts to change how PGlite creates a
 * database: `PGLITE_CREATE_DELAY_MS` delays it (a first start on a busy machine), `PGLITE_CREATE_FAIL`
 * leaves a half-written directory and throws (a first start that breaks down).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const create = PGlite.create.bind(PGlite);
const delayMs = Number(process.env.PGLITE_CREATE_DELAY_MS ?? 0);
const fail = process.env.PGLITE_CREATE_FAIL === '1';

PGlite.create = async (...args: Parameters<typeof create>) => {
  const dataDir = args[0];
  if (fail && typeof dataDir === 'string') {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.writeFile(path.join(dataDir, 'postgresql.conf'), '# half-written\n');
    throw new Error('initdb was interrupted');
  }
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  return create(...args);
};
