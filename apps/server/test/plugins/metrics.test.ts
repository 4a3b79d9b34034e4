import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, signIn } from '../helpers/builders.ts';
import { pair, postTouchpoint, touchpoint } from '../helpers/extension.ts';
import { subscribed } from '../helpers/billing.ts';
import { createTestApp, withTestApp, type TestApp } from '../helpers/test-app.ts';

/** `/metrics`: the Prometheus text format, request counters by route template, queue depth, jobs done and failed. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // Every analysis fails: the worker's failures are counted.
    scorer: () => Promise.reject(new Error('analyzer down')),
    touchpointWorker: { backoffMs: 0, maxAttempts: 2 },
  });
});
afterAll(() => t.close());

async function scrape(app = t.app, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one sample line, e.g. `sample(text, 'http_requests_total', { route: '/readyz' })`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const matches = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (matches) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('/metrics', () => {
  it('answers the Prometheus text format with the process metrics', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toContain('# TYPE http_requests_total counter');
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(response.body).toContain('# TYPE job_queue_depth gauge');
    expect(response.body).toContain('# TYPE job_failures_total counter');
    expect(sample(response.body, 'socket_connections')).toBe(0);
    expect(sample(response.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(response.body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // No Redis configured: no redis_up (0 would read as an outage).
    expect(response.body).not.toContain('redis_up');
  });

  it('counts requests by method, route template and status, and times them', async () => {
    const before = await scrape();
    const routeOf = { route: '/api/analysis/get/:id', method: 'GET', status_code: '401' };
    const count = (text: string) => sample(text, 'http_requests_total', routeOf) ?? 0;
    for (const id of ['a', 'b', 'c']) await t.app.inject({ method: 'GET', url: `/api/analysis/get/${id}` });
    await t.app.inject({ method: 'GET', url: '/readyz' });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const after = await scrape();
    expect(count(after) - count(before)).toBe(3);
    expect(after).not.toContain('/api/analysis/get/a');
    expect(sample(after, 'http_request_duration_seconds_count', routeOf)).toBe(count(after));
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...routeOf, le: '+Inf' })).toBe(
      count(after),
    );
    expect(
      sample(after, 'http_requests_total', { route: '/readyz', status_code: '200' }),
    ).toBeGreaterThanOrEqual(1);
    // The liveness probe stays as cheap as app.ts makes it: no hook, not counted.
    expect(after).not.toContain('route="/healthz"');
  });

  it('shows the queue depth and counts job failures', async () => {
    const who = await subscribed(t, 'premium');
    const apiKey = await pair(t, who.token);
    for (let i = 0; i < 3; i++) expect((await postTouchpoint(t, apiKey, touchpoint())).statusCode).toBe(202);

    const queued = await scrape();
    expect(sample(queued, 'job_queue_depth', { queue: 'touchpoints', status: 'queued' })).toBe(3);
    expect(sample(queued, 'job_queue_depth', { queue: 'questionnaire', status: 'queued' })).toBe(0);

    // Attempt 1: retried (no backoff); attempt 2: failed for good.
    for (let pass = 0; pass < 2; pass++) await t.app.touchpoints.worker.drain();
    const drained = await scrape();
    expect(sample(drained, 'job_queue_depth', { queue: 'touchpoints', status: 'queued' })).toBe(0);
    expect(sample(drained, 'job_failures_total', { queue: 'touchpoints', outcome: 'retried' })).toBe(3);
    expect(sample(drained, 'job_failures_total', { queue: 'touchpoints', outcome: 'failed' })).toBe(3);
    // Nothing was analysed.
    expect(sample(drained, 'jobs_done_total', { queue: 'touchpoints' })).toBe(0);
  });

  it('counts the touch points this instance analysed', async () => {
    await withTestApp({}, async (working) => {
      const who = await subscribed(working, 'premium');
      const apiKey = await pair(working, who.token);
      expect(sample(await scrape(working.app), 'jobs_done_total', { queue: 'touchpoints' })).toBe(0);
      for (let i = 0; i < 2; i++)
        expect((await postTouchpoint(working, apiKey, touchpoint())).statusCode).toBe(202);
      await working.app.touchpoints.worker.drain();
      const after = await scrape(working.app);
      expect(sample(after, 'jobs_done_total', { queue: 'touchpoints' })).toBe(2);
      expect(sample(after, 'jobs_done_total', { queue: 'questionnaire' })).toBe(0);
      expect(sample(after, 'job_failures_total', { queue: 'touchpoints', outcome: 'failed' })).toBe(0);
    });
  });

  it('requires the bearer token when METRICS_TOKEN is set', async () => {
    const token = 'metrics-token-0123456789';
    await withTestApp({ env: { METRICS_TOKEN: token } }, async (guarded) => {
      const anonymous = await guarded.app.inject({ method: 'GET', url: '/metrics' });
      expect(anonymous.statusCode).toBe(401);
      const user = await buildUser(guarded);
      const session = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: bearer(await signIn(guarded, user.id)),
      });
      expect(session.statusCode).toBe(401);
      expect(await scrape(guarded.app, bearer(token))).toContain('http_requests_total');
    });
  });
});
