import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { bearerToken } from '../http/auth-context.ts';

/**
 * `GET /metrics` in the Prometheus text format (decision 090): request counts and latencies by route template,
 * the job queues' depth, jobs done and failed, connected sockets, Redis (when configured) and the process's own
 * figures. Open unless METRICS_TOKEN is set (then `Authorization: Bearer <token>`); keep it off the public
 * internet either way.
 *
 * Cost per request: no global hook. Each route gets its own onResponse hook when it is registered (`onRoute`),
 * except the liveness probe, which stays as cheap as app.ts makes it. Figures that cost a query (queue depth)
 * are read when Prometheus scrapes, not when they change.
 */

export type JobQueue = 'touchpoints' | 'questionnaire';

export interface Metrics {
  registry: Registry;
  /** A job pass's failures: `retried` went back to the queue, `failed` failed for good. */
  jobFailures(queue: JobQueue, outcome: 'retried' | 'failed', count: number): void;
  /** A job pass's jobs settled for good by this instance (an analysis stored, a profile built). */
  jobsDone(queue: JobQueue, count: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const HEALTH_PATH = '/healthz';
export const METRICS_PATH = '/metrics';
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Touch points and questionnaire submissions not settled yet, by status (an index scan each). */
async function queueDepth(
  app: FastifyInstance,
): Promise<{ queue: JobQueue; status: string; count: number }[]> {
  const result: unknown = await app.db.execute(sql`
    select 'touchpoints' as queue, status, count(*)::int as count
      from touchpoints where status in ('queued', 'processing') group by status
    union all
    select 'questionnaire' as queue, status, count(*)::int as count
      from questionnaire_submissions where status in ('queued', 'processing') group by status`);
  const { rows } = result as { rows: { queue: JobQueue; status: string; count: number | string }[] };
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

function tokenMatches(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default fp(
  function metrics(app: FastifyInstance) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route template and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: BUCKETS,
      registers: [registry],
    });
    const failures = new Counter({
      name: 'job_failures_total',
      help: 'Failed job attempts: retried (back to the queue with backoff) or failed (for good)',
      labelNames: ['queue', 'outcome'] as const,
      registers: [registry],
    });
    for (const queue of ['touchpoints', 'questionnaire'] as const)
      for (const outcome of ['retried', 'failed'] as const) failures.labels(queue, outcome).inc(0);
    const done = new Counter({
      name: 'jobs_done_total',
      help: 'Jobs this instance settled for good: touch points analysed, questionnaires turned into profiles',
      labelNames: ['queue'] as const,
      registers: [registry],
    });
    for (const queue of ['touchpoints', 'questionnaire'] as const) done.labels(queue).inc(0);

    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting or being processed (all instances: read from the database at scrape time)',
      labelNames: ['queue', 'status'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const queue of ['touchpoints', 'questionnaire'] as const)
          for (const status of ['queued', 'processing']) this.labels(queue, status).set(0);
        try {
          for (const row of await queueDepth(app)) this.labels(row.queue, row.status).set(row.count);
        } catch (error) {
          // The database is down (readyz says so too): no figure rather than a wrong one.
          this.reset();
          app.log.debug({ err: error }, 'queue depth unavailable');
        }
      },
    });
    new Gauge({
      name: 'socket_connections',
      help: 'socket.io connections to this instance',
      registers: [registry],
      collect() {
        this.set(app.io.of('/').sockets.size);
      },
    });
    if (app.redis) {
      const redis = app.redis;
      new Gauge({
        name: 'redis_up',
        help: '1 while both Redis connections of this instance are ready, else 0',
        registers: [registry],
        collect() {
          this.set(redis.isUp() ? 1 : 0);
        },
      });
    }

    app.addHook('onRoute', (route) => {
      if (route.url === HEALTH_PATH) return;
      const template = route.url;
      // The children of (method, status) seen on this route, so a request does no label hashing.
      const children = new Map<string, { count: () => void; observe: (seconds: number) => void }>();
      const record: onResponseHookHandler = (request, reply, done) => {
        const key = `${request.method} ${reply.statusCode}`;
        let child = children.get(key);
        if (!child) {
          const labels = [request.method, template, String(reply.statusCode)] as const;
          const counter = requests.labels(...labels);
          const histogram = durations.labels(...labels);
          child = { count: () => counter.inc(), observe: (seconds) => histogram.observe(seconds) };
          children.set(key, child);
        }
        child.count();
        child.observe(reply.elapsedTime / 1000);
        done();
      };
      const existing = route.onResponse;
      route.onResponse =
        existing === undefined ? [record] : [...(Array.isArray(existing) ? existing : [existing]), record];
    });

    // Off in production unless METRICS=on or METRICS_TOKEN is set (decision 101); the figures are still kept.
    if (app.config.metricsEnabled) {
      app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
        const token = app.config.metricsToken;
        if (token && !tokenMatches(bearerToken(request), token)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .send({ success: false, error: 'Unauthorized' });
        }
        const body = await registry.metrics();
        return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
      });
    }

    app.decorate('metrics', {
      registry,
      jobFailures: (queue: JobQueue, outcome: 'retried' | 'failed', count: number) => {
        if (count > 0) failures.labels(queue, outcome).inc(count);
      },
      jobsDone: (queue: JobQueue, count: number) => {
        if (count > 0) done.labels(queue).inc(count);
      },
    });
  },
  { name: 'metrics', dependencies: ['db', 'socket', 'redis'] },
);
