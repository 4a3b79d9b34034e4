import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conflict, notFound, paymentRequired, tooManyRequests } from '../../src/http/errors.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    callback();
  },
});

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'error' },
    logStream,
    setup: (app) => {
      app.get('/test/not-found', () => Promise.reject(notFound('No such analysis')));
      app.get('/test/conflict', () => Promise.reject(conflict('duplicate email')));
      app.get('/test/payment', () => Promise.reject(paymentRequired()));
      app.get('/test/limited', () => Promise.reject(tooManyRequests('Slow down')));
      app.get('/test/crash', () =>
        Promise.reject(new Error('connection string postgres://secret@db leaked')),
      );
      app.get('/test/zod', () => {
        z.object({ amount: z.number().min(0) }).parse({ amount: -1 });
        return {};
      });
      app.post('/test/echo', (request) => ({ body: request.body }));
    },
  });
  // Security headers and the request id are set by the HTTP server, which app.inject bypasses.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t.close();
});

describe('error handler', () => {
  it.each([
    ['/test/not-found', 404, 'No such analysis'],
    ['/test/conflict', 409, 'duplicate email'],
    ['/test/payment', 402, 'Payment required'],
    ['/test/limited', 429, 'Slow down'],
  ])('answers %s with %i and the message', async (url, status, message) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ success: false, error: message });
  });

  it('hides internals on 5xx and logs them with the request id', async () => {
    const response = await fetch(`${url}/test/crash`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ success: false, error: 'Internal server error' });
    expect(text).not.toContain('secret');

    const requestId = response.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; err?: { message: string } });
    const entry = logged.find((line) => line.reqId === requestId && line.err);
    expect(entry?.err?.message).toContain('leaked');
  });

  it('answers a zod error thrown by a handler with 400 naming the field', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/zod' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^amount: /);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('refuses bodies over 1 MB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('sets the security headers and a request id on every response but the liveness probe', async () => {
    const ids = new Set<string>();
    for (const path of ['/readyz', '/test/not-found', '/api/docs/json']) {
      const response = await fetch(`${url}${path}`);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
      const id = response.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
      ids.add(id!);
    }
    expect(ids.size).toBe(3);
    // /healthz is JSON for load balancers, answered with the least work: no id, no browser headers.
    const probe = await fetch(`${url}/healthz`);
    expect(probe.status).toBe(200);
    expect(probe.headers.get('x-request-id')).toBeNull();
  });
});
