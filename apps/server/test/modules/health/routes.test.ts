import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

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
    const other = await createTestApp();
    try {
      await other.database.close();
      const response = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable' });
      const alive = await other.app.inject({ method: 'GET', url: '/healthz' });
      expect(alive.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
