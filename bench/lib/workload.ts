/**
 * The mixed workload of the load benches (decision 092): every connection cycles through an auth check
 * (POST /auth/loggedin), the history (GET /api/analysis/recent), the month's insights (GET
 * /api/analysis/insights) and a touch-point upload (POST /api/extension/touchpoints, a short page with a new
 * URL each time, so the worker analyses it and the reader's sockets hear `analysis_created_…`), each as a
 * random seeded reader. Socket clients stay connected throughout and count the events they receive.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { io, type Socket } from 'socket.io-client';
import type { Instance, Reader } from './instances.ts';

const PAGE =
  'The town council met on Tuesday to discuss the new library. Residents spoke warmly about the reading ' +
  'room and the children’s programme, though a few worried about parking and the cost of the renovation. ' +
  'The vote is expected next month, after a public consultation that many hope will bring neighbours together.';

export interface WorkloadResult {
  requests: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Responses outside 2xx. */
  non2xx: number;
}

/** The mix, in the order every connection cycles through it: the call and which credential of the reader it uses. */
const MIX = [
  { method: 'POST', path: '/auth/loggedin', credential: 'token', upload: false },
  { method: 'GET', path: '/api/analysis/recent', credential: 'token', upload: false },
  { method: 'GET', path: '/api/analysis/insights', credential: 'token', upload: false },
  { method: 'POST', path: '/api/extension/touchpoints', credential: 'apiKey', upload: true },
] as const;

/** An upload's JSON body: page `n` of the run `run`, a new URL each time. */
const uploadBody = (run: string, n: number | string) =>
  JSON.stringify({
    url: `https://news.example.org/load/${run}-${n}`,
    title: `Load page ${n}`,
    text: `${n}. ${PAGE}`,
    capturedAt: new Date().toISOString(),
  });

const headersOf = (call: (typeof MIX)[number], reader: Reader) => ({
  authorization: `Bearer ${reader[call.credential]}`,
  ...(call.upload ? { 'content-type': 'application/json' } : {}),
});

let sequence = 0;

/** One autocannon run of the mixed workload against one instance. */
export async function mixedLoad(
  base: string,
  readers: Reader[],
  opts: { connections: number; duration: number; overallRate?: number },
): Promise<WorkloadResult> {
  const pick = () => readers[Math.floor(Math.random() * readers.length)]!;
  const result = await autocannon({
    url: base,
    connections: opts.connections,
    duration: opts.duration,
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
    requests: MIX.map((call) => ({
      method: call.method,
      path: call.path,
      setupRequest: (req) => ({
        ...req,
        headers: { ...req.headers, ...headersOf(call, pick()) },
        ...(call.upload ? { body: uploadBody(String(process.pid), ++sequence) } : {}),
      }),
    })),
  });
  return {
    requests: result.requests.total,
    requestsPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export interface OpenLoopResult {
  /** Requests due in the run (rate × seconds) and sent. */
  sent: number;
  /** Requests unanswered (connection errors, timeouts) and answered outside 2xx. */
  errors: number;
  non2xx: number;
  /** Latency from each request's due time to its answer, ms; null: beyond the 30 s timeout. */
  p50Ms: number | null;
  p99Ms: number | null;
  /** Requests the generator itself sent more than 5 ms after they were due (it fell behind). */
  late: number;
}

const openLoopScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'open-loop.mjs');

/**
 * The same mixed workload as an open loop (lib/open-loop.mjs, its own process): `rate` requests a second, each
 * due at its own time whatever the answers before it, over at most `connections` connections; latency counts
 * from the due time. What a reader sees while the instance serves that rate, not at saturation.
 */
export async function openLoad(
  base: string,
  readers: Reader[],
  opts: { rate: number; seconds: number; connections: number },
): Promise<OpenLoopResult> {
  const run = `${process.pid}-${Date.now()}-open`;
  // One template per reader and call; `{n}` in an upload becomes the request's number (open-loop.mjs).
  const requests = readers.flatMap((reader) =>
    MIX.map((call) => ({
      method: call.method,
      path: call.path,
      headers: headersOf(call, reader),
      ...(call.upload ? { sequence: true, body: uploadBody(run, '{n}') } : {}),
    })),
  );
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [openLoopScript, JSON.stringify({ base, ...opts, requests })],
    { maxBuffer: 1 << 20 },
  );
  const r = JSON.parse(stdout) as {
    sent: number;
    errors: number;
    non2xx: number;
    p50: number | null;
    p99: number | null;
    late: number;
  };
  return { sent: r.sent, errors: r.errors, non2xx: r.non2xx, p50Ms: r.p50, p99Ms: r.p99, late: r.late };
}

/** The same workload against several instances at once (one share of the connections each, as a balancer would). */
export async function mixedLoadAcross(
  instances: Instance[],
  readers: Reader[],
  opts: { connections: number; duration: number },
): Promise<WorkloadResult> {
  const share = Math.ceil(opts.connections / instances.length);
  const parts = await Promise.all(
    instances.map((i) => mixedLoad(i.base, readers, { connections: share, duration: opts.duration })),
  );
  const requests = parts.reduce((s, p) => s + p.requests, 0);
  // Percentiles of the parts weighted by their request counts: close enough for equal shares.
  const weighted = (key: 'p50Ms' | 'p99Ms') =>
    parts.reduce((s, p) => s + p[key] * p.requests, 0) / Math.max(1, requests);
  return {
    requests,
    requestsPerSec: parts.reduce((s, p) => s + p.requestsPerSec, 0),
    p50Ms: weighted('p50Ms'),
    p99Ms: Math.max(...parts.map((p) => p.p99Ms)),
    errors: parts.reduce((s, p) => s + p.errors, 0),
    non2xx: parts.reduce((s, p) => s + p.non2xx, 0),
  };
}

export interface SocketCrowd {
  sockets: Socket[];
  /** Events received by all sockets so far. */
  received(): number;
  close(): void;
}

/** `count` authenticated socket.io clients (WebSocket transport), spread over the instances and readers. */
export async function connectSockets(
  instances: Instance[],
  readers: Reader[],
  count: number,
  opts: { batch?: number } = {},
): Promise<SocketCrowd> {
  let received = 0;
  const sockets: Socket[] = [];
  const batch = opts.batch ?? 100;
  for (let from = 0; from < count; from += batch) {
    const group = Array.from({ length: Math.min(batch, count - from) }, (_, k) => {
      const i = from + k;
      const reader = readers[i % readers.length]!;
      const socket = io(instances[i % instances.length]!.base, {
        transports: ['websocket'],
        auth: { token: reader.token },
        forceNew: true,
        reconnection: false,
        timeout: 20_000,
      });
      socket.onAny(() => received++);
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error) => reject(error));
      });
    });
    await Promise.all(group);
  }
  return {
    sockets,
    received: () => received,
    close: () => {
      for (const s of sockets) s.disconnect();
    },
  };
}

/** One recorded answer of the mixed workload (lib/replay-server.mjs): status, headers and body (base64). */
export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers node:http writes itself on every answer (the replay server's own are the same size). */
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * What the instance at `base` answers each call of the mix, as `reader` (an upload with a new URL): the bytes
 * lib/replay-server.mjs answers for the bare-server ceiling. Throws when a call is not answered with 2xx.
 */
export async function recordAnswers(base: string, reader: Reader): Promise<Record<string, RecordedAnswer>> {
  const out: Record<string, RecordedAnswer> = {};
  for (const call of MIX) {
    const response = await fetch(base + call.path, {
      method: call.method,
      headers: headersOf(call, reader),
      ...(call.upload ? { body: uploadBody(`${process.pid}-record`, Date.now()) } : {}),
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok)
      throw new Error(`${call.method} ${call.path} answered ${response.status}: ${body.toString()}`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!TRANSPORT_HEADERS.has(name)) headers[name] = value;
    });
    out[`${call.method} ${call.path}`] = { status: response.status, headers, body: body.toString('base64') };
  }
  return out;
}
