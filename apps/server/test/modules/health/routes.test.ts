import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sharedTestApp, withTestApp } from '../../helpers/test-app.ts';

const t = sharedTestApp();

describe('health', () => {
  it('/healthz answers ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers ready while the database is reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 when the database is not reachable', async () => {
    await withTestApp({}, async (other) => {
      await other.database.close();
      const response = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable' });
      const alive = await other.app.inject({ method: 'GET', url: '/healthz' });
      expect(alive.statusCode).toBe(200);
    });
  });

  it('probes are never logged, while other requests are logged with a request id', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    await withTestApp({ env: { LOG_LEVEL: 'info' }, logStream }, async (logged) => {
      await logged.app.inject({ method: 'GET', url: '/healthz' });
      expect(lines.filter((l) => l.includes('/healthz'))).toEqual([]);
      await logged.app.inject({ method: 'GET', url: '/readyz' });
      const ready = lines.filter((l) => l.includes('/readyz')).map((l) => JSON.parse(l) as { reqId?: string });
      expect(ready.length).toBeGreaterThan(0);
      expect(ready[0]!.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    });
  });
});

