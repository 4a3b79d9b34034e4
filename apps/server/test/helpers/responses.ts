import { expect } from 'vitest';

/** An injected response, as far as these checks read it. */
interface Answer {
  statusCode: number;
  json<T>(): T;
}

/** A 400 in the app's error shape whose message contains `message`. */
export function expectBadRequest(response: Answer, message: string): void {
  expect(response.statusCode).toBe(400);
  expect(response.json<{ success: boolean }>()).toMatchObject({ success: false });
  expect(response.json<{ error: string }>().error).toContain(message);
}
