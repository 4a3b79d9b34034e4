import { messages } from '@mediadiet/contract/messages';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { DAY, HOUR, MINUTE } from '../../../src/lib/clock.ts';
import { authMessages } from '../../../src/modules/auth/messages.ts';
import { PIN_TTL_MS } from '../../../src/modules/auth/policy.ts';
import type { OidcProvider } from '../../../src/modules/auth/oidc.ts';
import { createTestDatabase } from '../../helpers/test-database.ts';
import { DatabaseRateLimitStore } from '../../../src/plugins/rate-limit.ts';
import { latestPin, outbox, pinIn, post } from '../../helpers/auth-flow.ts';
import { testClock } from '../../helpers/builders.ts';
import { createTestApp, sharedTestApp, withTestApp, type TestApp } from '../../helpers/test-app.ts';

/**
 * Issue 26, findings 5–8: nobody else can lock you out of PIN sign-in, guesses are capped per account,
 * an unknown e-mail is answered exactly like a known one, and nothing a stranger typed reaches our mails
 * or toasts (decisions 104–107).
 */

const OWNER_IP = '198.51.100.10';
const STRANGER_IP = '203.0.113.66';
const PUBLIC_URL = 'http://localhost:3998';

/** A Google sign-in that always succeeds for the given e-mail (the pause must not touch it). */
function fakeGoogle(email: string): OidcProvider {
  return {
    start: () =>
      Promise.resolve({
        url: new URL('https://accounts.example/authorize'),
        transaction: { state: 's'.repeat(22), nonce: 'n'.repeat(22), codeVerifier: 'v'.repeat(43) },
      }),
    finish: () =>
      Promise.resolve({ issuer: 'https://accounts.example', subject: `sub-${email}`, email, emailVerified: true, name: null }),
  };
}

const clock = testClock();
let n = 0;
const email = () => `owner${++n}@example.com`;
const wrongPin = (pin: string) => (pin === '000000' ? '111111' : '000000');
const answer = (r: LightMyRequestResponse) => ({ status: r.statusCode, body: r.json<unknown>() });

const t = sharedTestApp({ clock, env: { AUTH_RATE_LIMIT_PER_IP: '100000' } });

async function registerFrom(ip: string, address = email()) {
  expect((await post(t, '/auth/register', { email: address, name: 'Owner' }, { ip })).statusCode).toBe(200);
  return { address, pin: await latestPin(t, address) };
}

describe('finding 5: a stranger cannot lock the owner out', () => {
  it('a PIN asked for from another address leaves the owner’s live PIN valid', async () => {
    const { address, pin } = await registerFrom(OWNER_IP);
    for (let i = 0; i < 5; i++) {
      expect((await post(t, '/auth/pin', { email: address }, { ip: STRANGER_IP })).statusCode).toBe(200);
    }
    const verified = await post(t, '/auth/verify', { email: address, pin }, { ip: OWNER_IP });
    expect(verified.statusCode).toBe(200);
  });

  it('a stranger using up their PIN e-mails leaves the owner’s quota alone', async () => {
    const { address } = await registerFrom(OWNER_IP);
    let refused: LightMyRequestResponse | undefined;
    for (let i = 0; i < 10 && !refused; i++) {
      const response = await post(t, '/auth/pin', { email: address }, { ip: STRANGER_IP });
      if (response.statusCode === 429) refused = response;
    }
    expect(refused?.json()).toEqual({ success: false, error: messages.server.rateLimited });
    const owner = await post(t, '/auth/pin', { email: address }, { ip: OWNER_IP });
    expect(owner.statusCode).toBe(200);
    const verified = await post(t, '/auth/verify', { email: address, pin: await latestPin(t, address) }, { ip: OWNER_IP });
    expect(verified.statusCode).toBe(200);
  });

  it('wrong guesses from another address burn only that address’s attempts, never the owner’s PIN', async () => {
    const { address, pin } = await registerFrom(OWNER_IP);
    await post(t, '/auth/pin', { email: address }, { ip: STRANGER_IP });
    for (let i = 0; i < 8; i++) await post(t, '/auth/verify', { email: address, pin: wrongPin(pin) }, { ip: STRANGER_IP });
    const stranger = await post(t, '/auth/verify', { email: address, pin }, { ip: STRANGER_IP });
    expect(stranger.json()).toEqual({ success: false, error: authMessages.pinAttemptsExceeded });
    expect((await post(t, '/auth/verify', { email: address, pin }, { ip: OWNER_IP })).statusCode).toBe(200);
  });

  it('a PIN works only from the address that asked for it (an IPv6 address: from its /64)', async () => {
    const address = email();
    await post(t, '/auth/register', { email: address, name: 'Owner' }, { ip: '2001:db8:5:6::1' });
    const pin = await latestPin(t, address);
    const elsewhere = await post(t, '/auth/verify', { email: address, pin }, { ip: STRANGER_IP });
    expect(elsewhere.json()).toEqual({ success: false, error: messages.server.invalidPin });
    const sameNetwork = await post(t, '/auth/verify', { email: address, pin }, { ip: '2001:db8:5:6:aaaa::2' });
    expect(sameNetwork.statusCode).toBe(200);
  });

  it('caps PIN e-mails per account at 50 per 15 minutes, from all addresses together', async () => {
    const address = email();
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 5; i++) {
        expect((await post(t, '/auth/pin', { email: address }, { ip: `192.0.2.${a + 1}` })).statusCode).toBe(200);
      }
    }
    const over = await post(t, '/auth/pin', { email: address }, { ip: '192.0.2.200' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ success: false, error: messages.server.rateLimited });
    clock.advance(15 * MINUTE);
    expect((await post(t, '/auth/pin', { email: address }, { ip: '192.0.2.200' })).statusCode).toBe(200);
  });
});

/** Makes `count` failed verifications for `address` from `ip`, asking for a new PIN after every 5. */
async function failFrom(app: TestApp, address: string, ip: string, count: number) {
  for (let i = 0; i < count; i++) {
    if (i % 5 === 0) expect((await post(app, '/auth/pin', { email: address }, { ip })).statusCode).toBe(200);
    const response = await post(app, '/auth/verify', { email: address, pin: '000000' }, { ip });
    expect(response.statusCode).toBe(400);
  }
}

// Each of these sends a hundred or more requests through the whole app: the budget is for a loaded machine.
describe('finding 6: at most 100 failed PINs per account in 24 hours', { timeout: 120_000 }, () => {
  it('one address alone fails at most 20 times a day per account', async () => {
    const address = email();
    await failFrom(t, address, STRANGER_IP, 20);
    const noPin = await post(t, '/auth/pin', { email: address }, { ip: STRANGER_IP });
    expect(noPin.statusCode).toBe(429);
    expect(noPin.json()).toEqual({ success: false, error: authMessages.pinSignInPaused });
    clock.advance(PIN_TTL_MS); // past the attempts of the last PIN
    const paused = await post(t, '/auth/verify', { email: address, pin: '000000' }, { ip: STRANGER_IP });
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toEqual({ success: false, error: authMessages.pinSignInPaused });
    // Another address is not affected.
    expect((await post(t, '/auth/pin', { email: address }, { ip: OWNER_IP })).statusCode).toBe(200);
  });

  it('after 100 failures PIN sign-in pauses (even the right PIN), the owner is told once, Google still works, and it resumes', async () => {
    const options = {
      clock,
      env: { AUTH_RATE_LIMIT_PER_IP: '100000', PUBLIC_URL, GOOGLE_CLIENT_ID: 'c', GOOGLE_CLIENT_SECRET: 's' },
      oidc: fakeGoogle('victim@example.com'),
    };
    await withTestApp(options, async (google) => {
      const address = 'victim@example.com';
      await post(google, '/auth/register', { email: address, name: 'Victim' }, { ip: OWNER_IP });
      for (let a = 1; a <= 5; a++) await failFrom(google, address, `192.0.2.${a}`, 20);

      // The owner's own PIN, from the owner's address: refused with a clear message.
      await post(google, '/auth/pin', { email: address }, { ip: OWNER_IP }).then((r) => expect(r.statusCode).toBe(429));
      const pin = pinIn((await outbox(google, address)).find((m) => m.subject.includes('Welcome'))!.text);
      const refused = await post(google, '/auth/verify', { email: address, pin }, { ip: OWNER_IP });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ success: false, error: authMessages.pinSignInPaused });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(25 * 3600);

      await vi.waitFor(async () => {
        const told = (await outbox(google, address)).filter((m) => m.subject.includes('paused'));
        expect(told).toHaveLength(1);
      });
      // More refused attempts do not mail the owner again.
      await post(google, '/auth/verify', { email: address, pin: '000000' }, { ip: '192.0.2.99' });
      expect((await outbox(google, address)).filter((m) => m.subject.includes('paused'))).toHaveLength(1);

      // Google sign-in is not affected.
      const start = await google.app.inject({ method: 'GET', url: `/auth/google?mode=redirect&binding=${'b'.repeat(43)}` });
      const cookies = Object.fromEntries(start.cookies.map((c) => [c.name, c.value]));
      const callback = await google.app.inject({
        method: 'GET',
        url: `/auth/google/callback?code=c&state=${'s'.repeat(22)}`,
        cookies,
      });
      expect(callback.statusCode).toBe(302);
      const location = new URL(callback.headers.location as string);
      expect(location.pathname).toBe('/auth/dashboard');
      expect(location.searchParams.get('success')).toBe('true');

      // A day later (the failures leave the 24-hour window hour by hour) PIN sign-in works again.
      clock.advance(DAY + HOUR);
      await post(google, '/auth/pin', { email: address }, { ip: OWNER_IP }).then((r) => expect(r.statusCode).toBe(200));
      const fresh = await latestPin(google, address);
      expect((await post(google, '/auth/verify', { email: address, pin: fresh }, { ip: OWNER_IP })).statusCode).toBe(200);
    });
  });

  it('counts failures in the shared store, so failures spread over two instances add up', async () => {
    // Two instances share the rate-limit counters (the database here; Redis when REDIS_URL is set) and the
    // server secret, as in a deployment; each has its own app state.
    const shared = await createTestDatabase();
    const store = new DatabaseRateLimitStore(shared.db);
    const env = { AUTH_RATE_LIMIT_PER_IP: '100000', SESSION_SECRET: 'x'.repeat(40) };
    const one = await createTestApp({ clock, env, rateLimitStore: store });
    const two = await createTestApp({ clock, env, rateLimitStore: store });
    try {
      const address = 'spread@example.com';
      for (let a = 1; a <= 5; a++) await failFrom(a % 2 ? one : two, address, `192.0.2.${a + 10}`, 20);
      for (const instance of [one, two]) {
        const refused = await post(instance, '/auth/verify', { email: address, pin: '000000' }, { ip: '192.0.2.77' });
        expect(refused.json()).toEqual({ success: false, error: authMessages.pinSignInPaused });
      }
    } finally {
      await one.close();
      await two.close();
      await shared.close();
    }
  });

  it('parallel guesses cannot overshoot the cap', async () => {
    const address = email();
    await failFrom(t, address, '192.0.2.31', 18);
    await post(t, '/auth/pin', { email: address }, { ip: '192.0.2.31' });
    // 2 more failures are allowed from this address; 5 guesses in flight at once get 2 wrong-PIN answers.
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(t, '/auth/verify', { email: address, pin: '000000' }, { ip: '192.0.2.31' })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([400, 400, 429, 429, 429]);
  });
});

describe('finding 7: an unknown e-mail is answered exactly like a known one', () => {
  /** The answers to: ask for a PIN, 7 wrong guesses, ask again, 1 wrong guess — from one address. */
  async function sequence(address: string, ip: string) {
    const answers = [answer(await post(t, '/auth/pin', { email: address }, { ip }))];
    for (let i = 0; i < 7; i++) answers.push(answer(await post(t, '/auth/verify', { email: address, pin: '000000' }, { ip })));
    answers.push(answer(await post(t, '/auth/pin', { email: address }, { ip })));
    answers.push(answer(await post(t, '/auth/verify', { email: address, pin: '000000' }, { ip })));
    return answers;
  }

  it('gives the same statuses and bodies through a run of wrong guesses', async () => {
    const known = email();
    await post(t, '/auth/register', { email: known, name: 'Known' }, { ip: '192.0.2.41' });
    const forKnown = await sequence(known, '192.0.2.42');
    const forUnknown = await sequence(email(), '192.0.2.42');
    expect(forUnknown).toEqual(forKnown);
    // …and the run does show the attempts message, for both.
    expect(forKnown.map((a) => a.body)).toContainEqual({ success: false, error: authMessages.pinAttemptsExceeded });
  });

  it('does the same work for both: one PIN hash compared, the same database statements', async () => {
    const known = email();
    const unknown = email();
    const ip = '192.0.2.51';
    await post(t, '/auth/register', { email: known, name: 'Known' }, { ip });
    await post(t, '/auth/pin', { email: unknown }, { ip });

    const verify = vi.spyOn(t.app.hasher, 'verify');
    const hash = vi.spyOn(t.app.hasher, 'hash');
    const statements: string[] = [];
    // The driver under Drizzle (PGlite here, a pg pool on PostgreSQL): every statement passes its query().
    const query = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const original = query.query.bind(query);
    const spy = vi.spyOn(query, 'query').mockImplementation((...args: unknown[]) => {
      statements.push(String(args[0]).replace(/\$\d+/g, '?'));
      return original(...args);
    });
    try {
      const work = async (address: string) => {
        verify.mockClear();
        hash.mockClear();
        statements.length = 0;
        await post(t, '/auth/verify', { email: address, pin: '000000' }, { ip });
        return { verify: verify.mock.calls.length, hash: hash.mock.calls.map((c) => c[0]), statements: [...statements] };
      };
      const forKnown = await work(known);
      const forUnknown = await work(unknown);
      expect(forKnown.verify).toBe(1);
      expect(forKnown.statements.length).toBeGreaterThan(3);
      expect(forUnknown).toEqual(forKnown);
    } finally {
      spy.mockRestore();
      verify.mockRestore();
      hash.mockRestore();
    }
  });
});

describe('finding 8: no stranger’s text in our mails', () => {
  it('never puts the registration name in the PIN mail', async () => {
    const address = email();
    const name = 'Your account is locked, unlock at https://evil.example/unlock';
    expect((await post(t, '/auth/register', { email: address, name })).statusCode).toBe(200);
    const [mail] = await outbox(t, address);
    expect(mail!.text).not.toContain('evil.example');
    expect(mail!.html).not.toContain('evil.example');
    expect(mail!.subject).not.toContain('evil.example');
    await post(t, '/auth/pin', { email: address });
    const [again] = await outbox(t, address);
    expect(`${again!.subject}${again!.text}${again!.html}`).not.toContain('evil.example');
  });
});
