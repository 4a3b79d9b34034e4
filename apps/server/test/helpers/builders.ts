import { randomUUID } from 'node:crypto';
import type { User } from '@mediadiet/contract/user';
import type { Clock } from '../../src/lib/clock.ts';
import type { TestApp } from './test-app.ts';

/** A fake monotonic clock for the in-memory caches' TTLs (`MonotonicNow`): `now.advance(ms)` moves it. */
export function fakeMonotonicNow(start = 0): (() => number) & { advance(ms: number): void } {
  let now = start;
  const read = () => now;
  read.advance = (ms: number) => {
    now += ms;
  };
  return read;
}

/** A clock tests can move: `clock.advance(ms)`, `clock.set(date)`. */
export interface TestClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
}

export function testClock(start = new Date('2025-03-01T12:00:00.000Z')): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}

/** A user in the test's database (through the users service, as the product creates them). */
export async function buildUser(
  t: Pick<TestApp, 'app'>,
  overrides: { email?: string; name?: string } = {},
): Promise<User> {
  const user = await t.app.users.create({
    email: overrides.email ?? `user-${randomUUID().slice(0, 8)}@example.com`,
    name: overrides.name ?? 'Test User',
  });
  if (!user) throw new Error('buildUser: e-mail already registered');
  return user;
}

/** A live session token for the user. */
export async function signIn(t: Pick<TestApp, 'app'>, userId: string): Promise<string> {
  const { token } = await t.app.sessions.create(userId, 'pin');
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
