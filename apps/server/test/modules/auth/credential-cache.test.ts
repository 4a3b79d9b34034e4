import { messages } from '@mediadiet/contract/messages';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { extensionKeys } from '../../../src/db/schema.ts';
import { DAY, MINUTE } from '../../../src/lib/clock.ts';
import type { CredentialCacheOptions } from '../../../src/lib/credential-cache.ts';
import * as sessionsRepository from '../../../src/modules/auth/repository.ts';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_CACHE_TTL_MS } from '../../../src/modules/auth/policy.ts';
import { createSessionService } from '../../../src/modules/auth/sessions.ts';
import * as keysRepository from '../../../src/modules/extension/keys-repository.ts';
import { createExtensionKeyService, KEY_CACHE_TTL_MS } from '../../../src/modules/extension/keys.ts';
import { post } from '../../helpers/auth-flow.ts';
import { call, customer } from '../../helpers/billing.ts';
import { buildUser, fakeMonotonicNow, testClock } from '../../helpers/builders.ts';
import { pair } from '../../helpers/extension.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';

/**
 * The in-memory session and extension-key caches (decision 071): a revocation on this instance is
 * honoured at once, expiry always, a revocation elsewhere within the TTL; `last_seen_at` / `last_used_at`
 * writes stay once a minute.
 */

const clock = testClock();
const t = sharedTestApp({ clock });
afterEach(() => {
  vi.restoreAllMocks();
});

/** What a session or key service of this app is built from; `cache` (the TTL's fake clock, a bound) when given. */
const serviceDeps = (cache?: CredentialCacheOptions) => ({
  db: t.db,
  hasher: t.app.hasher,
  clock,
  ...(cache ? { cache } : {}),
});

/** A session route that reads nothing of the user but their analyses (so only authentication can refuse it). */
const recent = (token: string) => call(t, token, 'GET', '/api/analysis/recent');
const validity = (apiKey: string) => call(t, apiKey, 'GET', '/api/extension/token/validity');

/**
 * Holds the spied lookup's next call, after its real read (a second call of the spy) has returned, until
 * `release` is called: a lookup in flight. `read` settles once that real read has its row, so a test can
 * revoke the credential strictly after the read and before the lookup ends.
 */
function holdNextLookup<A extends unknown[], R>(
  find: Mock<(...args: A) => Promise<R>>,
): { read: Promise<void>; release: () => void } {
  let release!: () => void;
  let readDone!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const read = new Promise<void>((resolve) => (readDone = resolve));
  find.mockImplementationOnce(async (...args: A) => {
    const row = await find(...args);
    readDone();
    await gate;
    return row;
  });
  return { read, release };
}

/**
 * The single flight of a credential cache: 20 concurrent misses of the `live` credential share one lookup
 * (`find`, spied); then, while a lookup of `another` credential is held in flight, that one is revoked, and a
 * request after the revocation does not join the lookup.
 */
async function expectSharedLookupUnlessRevoked<A extends unknown[], R, Found>(
  resolve: (credential: string) => Promise<Found | null>,
  find: Mock<(...args: A) => Promise<R>>,
  live: { credential: string; found: Found },
  another: () => Promise<{ credential: string; revoke: () => Promise<unknown> }>,
): Promise<void> {
  const answers = await Promise.all(Array.from({ length: 20 }, () => resolve(live.credential)));
  expect(answers).toEqual(Array.from({ length: 20 }, () => live.found));
  expect(find).toHaveBeenCalledTimes(1);

  const other = await another();
  const { read, release } = holdNextLookup(find);
  const early = resolve(other.credential);
  await read; // the real read has its row; only then is the credential revoked
  expect(find).toHaveBeenCalledTimes(3); // the wrapper and the real read
  await other.revoke();
  const late = resolve(other.credential);
  release();
  expect(await early).not.toBeNull(); // began before the revocation finished
  expect(await late).toBeNull();
}

describe('session cache (this instance)', () => {
  it('a remembered session ends at once on logout', async () => {
    const { token } = await customer(t);
    expect((await recent(token)).statusCode).toBe(200);
    expect((await recent(token)).statusCode).toBe(200); // remembered
    expect((await post(t, '/auth/logout', {}, { token })).statusCode).toBe(200);
    const after = await recent(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, error: messages.server.unauthorized });
  });

  it('a remembered session ends at once when the account is deleted', async () => {
    const user = await buildUser(t);
    const { token } = await t.app.sessions.create(user.id, 'pin');
    expect((await recent(token)).statusCode).toBe(200);
    const deleted = await call(t, token, 'DELETE', '/api/account', { confirmEmail: user.email });
    expect(deleted.statusCode).toBe(200);
    expect((await recent(token)).statusCode).toBe(401);
  });

  it('revokeAll ends every remembered session of the user, and nobody else’s', async () => {
    const me = await customer(t);
    const { token: second } = await t.app.sessions.create(me.userId, 'pin');
    const other = await customer(t);
    for (const token of [me.token, second, other.token]) expect((await recent(token)).statusCode).toBe(200);
    await t.app.sessions.revokeAll(me.userId);
    expect((await recent(me.token)).statusCode).toBe(401);
    expect((await recent(second)).statusCode).toBe(401);
    expect((await recent(other.token)).statusCode).toBe(200);
  });

  it('a remembered session still ends at its absolute lifetime (the app clock)', async () => {
    const { token } = await customer(t);
    // Used every day, so it never idles out; the last use 30 s before the 30-day end is remembered.
    for (let day = 1; day < 30; day++) {
      clock.advance(DAY);
      expect((await recent(token)).statusCode).toBe(200);
    }
    clock.advance(SESSION_ABSOLUTE_LIFETIME_MS - 29 * DAY - 30_000);
    expect((await recent(token)).statusCode).toBe(200);
    clock.advance(31_000); // within the touch interval: the remembered entry is what answers
    expect((await recent(token)).statusCode).toBe(401);
  });

  it('a new sign-in works at once, and unknown tokens are not remembered', async () => {
    const user = await buildUser(t);
    const unknown = 'A'.repeat(43);
    expect((await recent(unknown)).statusCode).toBe(401);
    const { token } = await t.app.sessions.create(user.id, 'pin');
    expect((await recent(token)).statusCode).toBe(200);
  });
});

describe('session cache (the service)', () => {
  it('reads the database once per TTL, writes last_seen_at at most once a minute', async () => {
    const now = fakeMonotonicNow(1_000);
    const sessions = createSessionService(serviceDeps({ now }));
    const user = await buildUser(t);
    const { token, sessionId } = await sessions.create(user.id, 'pin');
    const find = vi.spyOn(sessionsRepository, 'findSessionByTokenHash');
    const touch = vi.spyOn(sessionsRepository, 'touchSession');
    expect(await sessions.resolve(token)).toEqual({ sessionId, userId: user.id });
    for (let i = 0; i < 5; i++)
      expect(await sessions.resolve(token)).toEqual({ sessionId, userId: user.id });
    expect(find).toHaveBeenCalledTimes(1);
    now.advance(SESSION_CACHE_TTL_MS);
    await sessions.resolve(token);
    expect(find).toHaveBeenCalledTimes(2);
    // last_seen_at is due a write after a minute: the database is asked (and written) even within the TTL.
    expect(touch).not.toHaveBeenCalled();
    clock.advance(MINUTE);
    await sessions.resolve(token);
    expect(find).toHaveBeenCalledTimes(3);
    expect(touch).toHaveBeenCalledTimes(1);
  });

  it('a revocation by another instance is honoured here within the TTL', async () => {
    const now = fakeMonotonicNow(1_000);
    const here = createSessionService(serviceDeps({ now }));
    const elsewhere = createSessionService(serviceDeps());
    const user = await buildUser(t);
    const { token, sessionId } = await here.create(user.id, 'pin');
    expect(await here.resolve(token)).not.toBeNull();
    await elsewhere.revoke({ sessionId, userId: user.id });
    // Still remembered here (the documented window)…
    now.advance(SESSION_CACHE_TTL_MS - 1);
    expect(await here.resolve(token)).not.toBeNull();
    // …and no longer once the TTL is over.
    now.advance(1);
    expect(await here.resolve(token)).toBeNull();
  });

  it('a lookup that raced a revocation is not remembered', async () => {
    const sessions = createSessionService(serviceDeps());
    const user = await buildUser(t);
    const { token, sessionId } = await sessions.create(user.id, 'pin');
    const find = vi.spyOn(sessionsRepository, 'findSessionByTokenHash');
    // The row is read (live), then the session is revoked before the lookup finishes.
    let revoked: Promise<boolean> | undefined;
    find.mockImplementationOnce(async (db, hash) => {
      const row = await sessionsRepository.findSessionByTokenHash(db, hash);
      revoked = sessions.revoke({ sessionId, userId: user.id });
      await revoked;
      return row;
    });
    expect(await sessions.resolve(token)).not.toBeNull(); // in flight before the logout finished
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('concurrent misses of one token share one lookup, unless a revocation came in between', async () => {
    const sessions = createSessionService(serviceDeps());
    const user = await buildUser(t);
    const { token, sessionId } = await sessions.create(user.id, 'pin');
    await expectSharedLookupUnlessRevoked(
      (credential) => sessions.resolve(credential),
      vi.spyOn(sessionsRepository, 'findSessionByTokenHash'),
      { credential: token, found: { sessionId, userId: user.id } },
      async () => {
        const other = await sessions.create(user.id, 'pin');
        return {
          credential: other.token,
          revoke: () => sessions.revoke({ sessionId: other.sessionId, userId: user.id }),
        };
      },
    );
  });

  it('never holds more than its bound', async () => {
    const now = fakeMonotonicNow(1_000);
    const sessions = createSessionService(serviceDeps({ now, maxEntries: 2 }));
    const user = await buildUser(t);
    const tokens = [];
    for (let i = 0; i < 3; i++) tokens.push((await sessions.create(user.id, 'pin')).token);
    const find = vi.spyOn(sessionsRepository, 'findSessionByTokenHash');
    for (const token of tokens) await sessions.resolve(token);
    expect(find).toHaveBeenCalledTimes(3);
    await sessions.resolve(tokens[2]!);
    await sessions.resolve(tokens[1]!);
    expect(find).toHaveBeenCalledTimes(3);
    await sessions.resolve(tokens[0]!); // the least recently used went
    expect(find).toHaveBeenCalledTimes(4);
  });
});

describe('extension key cache', () => {
  it('a remembered key fails at once when the extension is disconnected (keys revoked)', async () => {
    const { token } = await customer(t);
    const apiKey = await pair(t, token);
    expect((await validity(apiKey)).statusCode).toBe(200);
    expect((await validity(apiKey)).statusCode).toBe(200);
    expect((await call(t, token, 'DELETE', '/api/extension')).statusCode).toBe(200);
    const after = await validity(apiKey);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, error: messages.extension.invalidApiKey });
  });

  it('a remembered key fails at once when a new key for the same browser replaces it', async () => {
    const { token } = await customer(t);
    const old = await pair(t, token);
    expect((await validity(old)).statusCode).toBe(200);
    const fresh = await pair(t, token);
    expect((await validity(old)).statusCode).toBe(401);
    expect((await validity(fresh)).statusCode).toBe(200);
  });

  it('a remembered key fails at once when the account is deleted', async () => {
    const user = await buildUser(t);
    const { token } = await t.app.sessions.create(user.id, 'pin');
    const apiKey = await pair(t, token);
    expect((await validity(apiKey)).statusCode).toBe(200);
    expect((await call(t, token, 'DELETE', '/api/account', { confirmEmail: user.email })).statusCode).toBe(
      200,
    );
    expect((await call(t, apiKey, 'GET', '/api/extension/disabled')).statusCode).toBe(401);
  });

  it('concurrent misses of one key share one lookup, unless a revocation came in between', async () => {
    const keys = createExtensionKeyService(serviceDeps());
    const user = await buildUser(t);
    const { apiKey, keyId } = await keys.issue(user.id);
    await expectSharedLookupUnlessRevoked(
      (credential) => keys.verify(credential),
      vi.spyOn(keysRepository, 'findLiveKeyByHash'),
      { credential: apiKey, found: { userId: user.id, keyId } },
      async () => {
        const second = await keys.issue(user.id, 'another browser');
        return { credential: second.apiKey, revoke: () => keys.revokeAll(user.id) };
      },
    );
  });

  it('reads the database once per TTL, writes last_used_at at most once a minute; another instance’s revocation counts within the TTL', async () => {
    const now = fakeMonotonicNow(1_000);
    const here = createExtensionKeyService(serviceDeps({ now }));
    const elsewhere = createExtensionKeyService(serviceDeps());
    const user = await buildUser(t);
    const { apiKey, keyId } = await here.issue(user.id);
    const find = vi.spyOn(keysRepository, 'findLiveKeyByHash');
    const touch = vi.spyOn(keysRepository, 'touchKey');
    for (let i = 0; i < 5; i++) expect(await here.verify(apiKey)).toEqual({ userId: user.id, keyId });
    expect(find).toHaveBeenCalledTimes(1);
    expect(touch).toHaveBeenCalledTimes(1);
    clock.advance(MINUTE + 1_000);
    await here.verify(apiKey);
    expect(find).toHaveBeenCalledTimes(2);
    expect(touch).toHaveBeenCalledTimes(2);
    const [row] = await t.db.select().from(extensionKeys).where(eq(extensionKeys.id, keyId));
    expect(row!.lastUsedAt).toEqual(clock());

    await elsewhere.revokeAll(user.id);
    now.advance(KEY_CACHE_TTL_MS - 1);
    expect(await here.verify(apiKey)).not.toBeNull();
    now.advance(1);
    expect(await here.verify(apiKey)).toBeNull();
  });
});
