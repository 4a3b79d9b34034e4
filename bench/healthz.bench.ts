import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, load, spawnAndWait, stop } from './lib/http.ts';
import type { BenchRow } from './lib/types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../apps/server/dist/server.js');

/** GET /healthz on the real built server vs a raw node:http hello-world, same run, same load. */
export default async function run(): Promise<BenchRow[]> {
  const duration = Number(process.env.BENCH_DURATION ?? 5);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mediadiet-bench-'));
  const rawPort = await freePort();
  const raw = await spawnAndWait([path.join(here, 'lib/hello-server.mjs')], { PORT: String(rawPort) }, `http://127.0.0.1:${rawPort}/`);
  const appPort = await freePort();
  const app = await spawnAndWait(
    [serverEntry],
    { PORT: String(appPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', DATABASE_URL: '' },
    `http://127.0.0.1:${appPort}/readyz`,
  );
  try {
    // Warm both up, then measure alternately so machine noise hits both alike.
    await load(`http://127.0.0.1:${rawPort}/`, { duration: 1 });
    await load(`http://127.0.0.1:${appPort}/healthz`, { duration: 1 });
    const rawResult = await load(`http://127.0.0.1:${rawPort}/`, { duration });
    const appResult = await load(`http://127.0.0.1:${appPort}/healthz`, { duration });
    return [
      {
        name: 'GET /healthz (Fastify server)',
        value: Math.round(appResult.requestsPerSec),
        unit: 'req/s',
        baseline: { name: 'raw node:http hello-world', value: Math.round(rawResult.requestsPerSec) },
        ratio: appResult.requestsPerSec / rawResult.requestsPerSec,
        goal: '≥ 0.8',
      },
    ];
  } finally {
    await stop(app);
    await stop(raw);
    await rm(dataDir, { recursive: true, force: true });
  }
}
