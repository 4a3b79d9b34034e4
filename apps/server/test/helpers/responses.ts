import { expect, it } from 'vitest';
import { call } from './billing.ts';
import type { TestApp } from './test-app.ts';

/** An injected response, as far as these checks read it. */
interface Answer {
  statusCode: number;
  body: string;
  json<T>(): T;
}

/** A refusal with `status` in the app's error shape, whose message contains `message`. */
export function expectRefused(response: Answer, status: number, message: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<{ success: boolean }>()).toMatchObject({ success: false });
  expect(response.json<{ error: string }>().error).toContain(message);
}

/** A 400 in the app's error shape whose message contains `message`. */
export function expectBadRequest(response: Answer, message: string): void {
  expectRefused(response, 400, message);
}

/**
 * The tests of a GET route's query checks: each `[query, message]` of `refused` is answered 400 with that
 * message, and the route (with the accepted `validQuery`) needs a session. `caller` is read inside the tests
 * (the app and a signed-in user's token, built in `beforeAll`).
 */
export function itRefusesQueries(
  caller: () => { t: TestApp; token: string },
  path: string,
  validQuery: string,
  refused: [query: string, message: string][],
): void {
  it.each(refused)('refuses "%s" with 400: %s', async (query, message) => {
    const { t, token } = caller();
    expectBadRequest(await call(t, token, 'GET', `${path}?${query}`), message);
  });

  it('needs a session', async () => {
    const response = await caller().t.app.inject({ method: 'GET', url: `${path}?${validQuery}` });
    expect(response.statusCode).toBe(401);
  });
}
