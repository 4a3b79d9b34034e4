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
  const duration = Number(process.env.BENCH_DURATION ?? 3);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mediadiet-bench-'));
  const rawPort = await freePort();
  const raw = await spawnAndWait([path.join(here, 'lib/hello-server.mjs')], { PORT: String(rawPort) }, `http://127.0.0.1:${rawPort}/`);
  const appPort = await freePort();
  const app = await spawnAndWait(
    [serverEntry],
    {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      MAIL_LOG_ONLY: 'true',
      SESSION_SECRET: 'bench-only-secret-0123456789abcdefghijklmnop',
      DATABASE_URL: '',
    },
    `http://127.0.0.1:${appPort}/readyz`,
  ).catch(async (error: unknown) => {
    await stop(raw);
    throw error;
  });
  try {
    // Warm both up, then alternate short rounds so machine noise hits both alike; report the median ratio.
    await load(`http://127.0.0.1:${rawPort}/`, { duration: 1 });
    await load(`http://127.0.0.1:${appPort}/healthz`, { duration: 1 });
    const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
    const raws: number[] = [];
    const apps: number[] = [];
    for (let i = 0; i < rounds; i++) {
      raws.push((await load(`http://127.0.0.1:${rawPort}/`, { duration })).requestsPerSec);
      apps.push((await load(`http://127.0.0.1:${appPort}/healthz`, { duration })).requestsPerSec);
    }
    const ratios = apps.map((a, i) => a / raws[i]!);
    return [
      {
        name: `GET /healthz (Fastify server), median of ${rounds} alternating rounds`,
        value: Math.round(median(apps)),
        unit: 'req/s',
        baseline: { name: 'raw node:http hello-world', value: Math.round(median(raws)) },
        ratio: median(ratios),
        goal: '≥ 0.8',
      },
    ];
  } finally {
    await stop(app);
    await stop(raw);
    await rm(dataDir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
