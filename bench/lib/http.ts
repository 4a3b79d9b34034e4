import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      if (a === null || typeof a === 'string') return reject(new Error('no port'));
      srv.close(() => resolve(a.port));
    });
  });
}

export interface LoadResult {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against a URL (loopback only) for a bounded time. */
export async function load(
  url: string,
  opts: { connections?: number; duration?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: opts.duration ?? 5,
    headers: opts.headers,
  });
  return {
    requestsPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Spawns a node process and resolves once `readyUrl` answers 200, within `timeoutMs` (30 s by default). */
export async function spawnAndWait(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  { timeoutMs = 30_000 }: { timeoutMs?: number } = {},
): Promise<ChildProcess> {
  // A key given as '' is removed from the inherited environment (e.g. DATABASE_URL: '' forces PGlite).
  const merged: Record<string, string | undefined> = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === '') delete merged[k];
  const child = spawn(process.execPath, args, { env: merged, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited early: ${err}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`not ready in time: ${err}`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
