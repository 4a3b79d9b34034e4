// An open-loop load generator (decision 092): request i of the run is due at start + i / rate, whether or not
// earlier requests have been answered, and its latency counts from that due time, so a slow answer cannot
// hold back the requests behind it (no coordinated omission) and none are sent in bursts. Runs as its own
// process, so the bench's own event loop (socket listeners, bookkeeping) never delays a send.
//
// Input: one JSON object on argv[2]: { base, rate, seconds, connections, requests: [{ method, path,
// headers, body?, sequence? }] } — the requests are sent in turn; `sequence: true` replaces every `{n}` of
// the body and path with the request's number (a new page for each upload).
// Output: one JSON line on stdout: { sent, completed, errors, non2xx, p50, p90, p99, max (ms; null: beyond
// the 30 s timeout), late, seconds }.
import net from 'node:net';

const config = JSON.parse(process.argv[2] ?? '{}');
const { base, rate, seconds, connections, requests } = config;
const url = new URL(base);
const total = Math.round(rate * seconds);
// Unanswered requests keep an infinite latency, so they count against the percentiles.
const latencies = new Float64Array(total).fill(Infinity);
let completed = 0;
let errors = 0;
let non2xx = 0;
let sent = 0;
// Sends later than 5 ms after their due time (the generator itself fell behind): reported, not hidden.
let late = 0;

const now = () => performance.now();

/** The bytes of request i (HTTP/1.1, keep-alive). */
function bytesOf(i) {
  const template = requests[i % requests.length];
  const fill = (text) => (template.sequence ? text.replaceAll('{n}', String(i)) : text);
  const body = template.body === undefined ? null : Buffer.from(fill(template.body));
  const lines = [
    `${template.method} ${fill(template.path)} HTTP/1.1`,
    `host: ${url.host}`,
    'connection: keep-alive',
  ];
  for (const [name, value] of Object.entries(template.headers ?? {})) lines.push(`${name}: ${value}`);
  if (body) lines.push(`content-length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  return body ? Buffer.concat([head, body]) : head;
}

/**
 * One keep-alive connection, one request at a time. A plain socket and a minimal response reader (status line,
 * content-length; the server never answers chunked here): node:http's client costs more per request than
 * the rates asked of it allow, and its lag would count as the server's.
 */
class Connection {
  constructor() {
    this.busy = null; // { i, due, timer }
    this.buffer = Buffer.alloc(0);
    this.socket = null;
  }
  open() {
    this.buffer = Buffer.alloc(0);
    this.socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
    this.socket.on('data', (chunk) => this.read(chunk));
    this.socket.on('error', () => {});
    this.socket.on('close', () => {
      this.socket = null;
      if (this.busy) this.finish(true, 0);
    });
  }
  send(i, due) {
    if (!this.socket) this.open();
    const timer = setTimeout(() => this.socket?.destroy(), 30_000);
    this.busy = { i, due, timer };
    this.socket.write(bytesOf(i));
  }
  read(chunk) {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = this.buffer.subarray(0, end).toString('latin1');
      const status = Number(head.slice(9, 12));
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (this.buffer.length < end + 4 + length) return;
      this.buffer = this.buffer.subarray(end + 4 + length);
      if (this.busy) this.finish(false, status);
    }
  }
  finish(failed, status) {
    const { i, due, timer } = this.busy;
    clearTimeout(timer);
    this.busy = null;
    latencies[i] = now() - due;
    completed++;
    if (failed) errors++;
    else if (status < 200 || status >= 300) non2xx++;
    release(this);
  }
}

const idle = Array.from({ length: connections }, () => new Connection());
// Requests due while every connection is busy wait here, in order; their wait counts in their latency.
const waiting = [];
function release(connection) {
  const next = waiting.shift();
  if (next) connection.send(next.i, next.due);
  else idle.push(connection);
}
function send(i, due) {
  // In turn (first in, first out), so that no connection sits idle long enough for the server to close it.
  const connection = idle.shift();
  if (connection) connection.send(i, due);
  else waiting.push({ i, due });
}

const start = now();
await new Promise((resolve) => {
  const tick = () => {
    const t = now();
    const due = Math.min(total, Math.floor(((t - start) / 1000) * rate) + 1);
    for (; sent < due; sent++) {
      const dueAt = start + (sent / rate) * 1000;
      if (t - dueAt > 5) late++;
      send(sent, dueAt);
    }
    if (sent < total) setTimeout(tick, 1);
    else resolve();
  };
  tick();
});
// Answers still in flight get up to 30 s (the request timeout) to arrive.
const deadline = now() + 31_000;
while (completed < sent && now() < deadline) await new Promise((r) => setTimeout(r, 20));
const elapsed = (now() - start) / 1000;
for (const c of idle) c.socket?.destroy();

const answered = Array.from(latencies.subarray(0, sent)).sort((a, b) => a - b);
// A percentile that falls on an unanswered request is null (over the 30 s timeout).
const finite = (x) => (Number.isFinite(x) ? Math.round(x * 10) / 10 : null);
const at = (q) =>
  answered.length === 0
    ? null
    : finite(answered[Math.min(answered.length - 1, Math.floor(q * answered.length))]);
process.stdout.write(
  `${JSON.stringify({
    sent,
    completed,
    errors: errors + (sent - completed),
    non2xx,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: answered.length === 0 ? null : finite(answered.at(-1)),
    late,
    seconds: elapsed,
  })}\n`,
);
process.exit(0);
