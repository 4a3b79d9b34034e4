import { messages } from '@mediadiet/contract/messages';
import { UserSchema } from '@mediadiet/contract/user';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginPins, users } from '../../../src/db/schema.ts';
import { MINUTE } from '../../../src/lib/clock.ts';
import { authMessages } from '../../../src/modules/auth/messages.ts';
import type { Mailer } from '../../../src/plugins/mail.ts';
import { latestPin, outbox, pinIn, post } from '../../helpers/auth-flow.ts';
import { testClock } from '../../helpers/builders.ts';
import { sharedTestApp, withTestApp } from '../../helpers/test-app.ts';

const clock = testClock();
let n = 0;
const email = () => `pat${++n}@example.com`;

const t = sharedTestApp({ clock, env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });

/** A newly registered address, the PIN of its welcome mail, and a PIN that is not that one. */
async function registered(): Promise<{ address: string; pin: string; wrong: string }> {
  const address = email();
  await post(t, '/auth/register', { email: address, name: 'Pat' });
  const pin = await latestPin(t, address);
  return { address, pin, wrong: pin === '000000' ? '111111' : '000000' };
}

describe('POST /auth/register', () => {
  it('creates the user with every field of spec §3 and e-mails a PIN', async () => {
    const address = email();
    const response = await post(t, '/auth/register', { email: address, name: ' Pat Doe ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: messages.success.registration });

    const [mail] = await outbox(t, address);
    expect(mail).toMatchObject({ to: address, subject: 'Welcome to Media Diet: your sign-in PIN' });
    expect(mail!.text).toMatch(/^Hello,$/m);
    expect(mail!.text).not.toContain('Pat Doe');
    expect(mail!.text).toContain('valid for 10 minutes');
    expect(mail!.html).toContain(pinIn(mail!.text));
    expect(mail!.html).toContain('Media Diet');

    const verified = await post(t, '/auth/verify', { email: address, pin: pinIn(mail!.text) });
    const user = UserSchema.parse(verified.json<{ user: unknown }>().user);
    expect(user).toMatchObject({
      email: address,
      name: 'Pat Doe',
      state: { hasHadFreeTrial: false, shouldShowExtensionWizard: true },
      stripe: null,
      configs: { state: 'NOT_STARTED', lastSubmitted: null },
      extension: { status: null, isInstalled: false },
    });
  });

  it('refuses a duplicate e-mail (any case) with an error containing "duplicate"', async () => {
    const address = email();
    await post(t, '/auth/register', { email: address, name: 'Pat' });
    const again = await post(t, '/auth/register', { email: address.toUpperCase(), name: 'Other' });
    expect(again.statusCode).toBe(409);
    const body = again.json<{ success: boolean; error: string }>();
    expect(body).toEqual({ success: false, error: messages.server.duplicateEmail });
    expect(body.error).toContain('duplicate');
    expect(await outbox(t, address)).toHaveLength(1);
  });

  it('validates name and e-mail with the spec’s messages', async () => {
    const noName = await post(t, '/auth/register', { email: email(), name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json<{ error: string }>().error).toContain(messages.auth.nameRequired);
    const noEmail = await post(t, '/auth/register', { email: '', name: 'Pat' });
    expect(noEmail.json<{ error: string }>().error).toContain(messages.auth.emailRequired);
  });

  it('undoes the registration when the PIN e-mail cannot be sent', async () => {
    const failing: Mailer = { kind: 'smtp', send: () => Promise.reject(new Error('SMTP down')), close: async () => {} };
    await withTestApp({ mailer: failing }, async (broken) => {
      const address = email();
      const response = await post(broken, '/auth/register', { email: address, name: 'Pat' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ success: false, error: authMessages.mailFailed });
      const rows = await broken.db.select({ id: users.id }).from(users).where(eq(users.email, address));
      expect(rows).toEqual([]);
    });
  });
});

describe('POST /auth/pin', () => {
  it('e-mails a PIN to a registered address', async () => {
    const address = email();
    await post(t, '/auth/register', { email: address, name: 'Pat' });
    const response = await post(t, '/auth/pin', { email: address.toUpperCase() });
    expect(response.json()).toEqual({ success: true, message: messages.success.pinSent });
    const mails = await outbox(t, address);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Your Media Diet sign-in PIN');
  });

  it('answers an unknown address exactly the same, and sends no PIN', async () => {
    const address = email();
    const response = await post(t, '/auth/pin', { email: address });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: messages.success.pinSent });
    const [mail] = await outbox(t, address);
    expect(mail!.text).toContain('no account uses it');
    expect(mail!.text).not.toMatch(/\d{6}/);
  });

  it('requires an e-mail', async () => {
    const response = await post(t, '/auth/pin', { email: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(messages.auth.enterEmail);
  });
});

describe('POST /auth/verify', () => {
  it('signs in with the right PIN: a token and the user', async () => {
    const { address, pin } = await registered();
    const response = await post(t, '/auth/verify', { email: address, pin });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; token: string; user: { email: string } }>();
    expect(body.success).toBe(true);
    expect(body.token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    expect(body.user.email).toBe(address);
  });

  it('refuses a wrong PIN and an unknown address alike', async () => {
    const { address, pin, wrong } = await registered();
    const response = await post(t, '/auth/verify', { email: address, pin: wrong });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: messages.server.invalidPin });
    const unknown = await post(t, '/auth/verify', { email: email(), pin });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ success: false, error: messages.server.invalidPin });
  });

  it('refuses the 6th guess even with the right PIN', async () => {
    const { address, pin, wrong } = await registered();
    for (let i = 0; i < 5; i++) {
      expect((await post(t, '/auth/verify', { email: address, pin: wrong })).statusCode).toBe(400);
    }
    const sixth = await post(t, '/auth/verify', { email: address, pin });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({ success: false, error: authMessages.pinAttemptsExceeded });

    // A new PIN works again.
    await post(t, '/auth/pin', { email: address });
    const fresh = await post(t, '/auth/verify', { email: address, pin: await latestPin(t, address) });
    expect(fresh.statusCode).toBe(200);
  });

  it('accepts the right PIN on the 5th attempt', async () => {
    const { address, pin, wrong } = await registered();
    for (let i = 0; i < 4; i++) await post(t, '/auth/verify', { email: address, pin: wrong });
    expect((await post(t, '/auth/verify', { email: address, pin })).statusCode).toBe(200);
  });

  it('refuses a PIN after 10 minutes', async () => {
    const { address, pin } = await registered();
    clock.advance(10 * MINUTE);
    const response = await post(t, '/auth/verify', { email: address, pin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: messages.server.invalidPin });
  });

  it('accepts a PIN just before it expires', async () => {
    const { address, pin } = await registered();
    clock.advance(10 * MINUTE - 1000);
    expect((await post(t, '/auth/verify', { email: address, pin })).statusCode).toBe(200);
  });

  it('refuses a PIN used once already', async () => {
    const { address, pin } = await registered();
    expect((await post(t, '/auth/verify', { email: address, pin })).statusCode).toBe(200);
    const again = await post(t, '/auth/verify', { email: address, pin });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, error: messages.server.invalidPin });
  });

  it('only the newest PIN counts', async () => {
    const { address, pin: first } = await registered();
    await post(t, '/auth/pin', { email: address });
    const second = await latestPin(t, address);
    if (first !== second) {
      expect((await post(t, '/auth/verify', { email: address, pin: first })).statusCode).toBe(400);
    }
    expect((await post(t, '/auth/verify', { email: address, pin: second })).statusCode).toBe(200);
  });

  it('lets only one of two concurrent verifications of the same PIN through', async () => {
    const { address, pin } = await registered();
    const results = await Promise.all([
      post(t, '/auth/verify', { email: address, pin }),
      post(t, '/auth/verify', { email: address, pin }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('stores the PIN only as a keyed hash', async () => {
    const { address, pin } = await registered();
    const rows = await t.db
      .select({ pinHash: loginPins.pinHash, expiresAt: loginPins.expiresAt, createdAt: loginPins.createdAt })
      .from(loginPins)
      .where(eq(loginPins.emailLower, address));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.pinHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.pinHash).not.toContain(pin);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(10 * MINUTE);
  });

  it('validates the PIN format', async () => {
    const response = await post(t, '/auth/verify', { email: email(), pin: '12ab56' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(messages.auth.pinFormat);
  });
});

describe('rate limits', () => {
  it('allows 5 PIN e-mails per address per 15 minutes, then answers 429', async () => {
    const address = email();
    await post(t, '/auth/register', { email: address, name: 'Pat' }); // 1
    for (let i = 0; i < 4; i++) expect((await post(t, '/auth/pin', { email: address })).statusCode).toBe(200);
    const sixth = await post(t, '/auth/pin', { email: address.toUpperCase() });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ success: false, error: messages.server.rateLimited });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outbox(t, address)).toHaveLength(5);

    clock.advance(15 * MINUTE);
    expect((await post(t, '/auth/pin', { email: address })).statusCode).toBe(200);
  });

  it('limits unknown addresses the same way', async () => {
    const address = email();
    for (let i = 0; i < 5; i++) await post(t, '/auth/pin', { email: address });
    expect((await post(t, '/auth/pin', { email: address })).statusCode).toBe(429);
  });

  it('limits sign-in calls per IP address across register, pin and verify', async () => {
    await withTestApp({ clock, env: { AUTH_RATE_LIMIT_PER_IP: '20' } }, async (limited) => {
      const ip = '203.0.113.7';
      for (let i = 0; i < 20; i++) {
        const url = ['/auth/register', '/auth/pin', '/auth/verify'][i % 3]!;
        const response = await post(limited, url, { email: `ip${i}@example.com`, name: 'Pat', pin: '123456' }, { ip });
        expect(response.statusCode).not.toBe(429);
      }
      const over = await post(limited, '/auth/verify', { email: 'ip@example.com', pin: '123456' }, { ip });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ success: false, error: messages.server.rateLimited });
      // Another address is not affected.
      const other = await post(limited, '/auth/pin', { email: 'other@example.com' }, { ip: '198.51.100.1' });
      expect(other.statusCode).toBe(200);
    });
  });
});

describe('GET /dev/outbox', () => {
  it('keeps the last mails, newest first, filtered by ?to=', async () => {
    const address = email();
    await post(t, '/auth/register', { email: address, name: 'Pat' });
    await post(t, '/auth/pin', { email: address });
    const mails = await outbox(t, address.toUpperCase());
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Your Media Diet sign-in PIN');
    expect(mails[0]!.from).toContain('Media Diet');
    const all = await outbox(t);
    expect(all.length).toBeLessThanOrEqual(50);
  });

  it('does not exist in production', async () => {
    const env = { NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40), LOG_LEVEL: 'silent', MAIL_LOG_ONLY: 'true' };
    await withTestApp({ env }, async (production) => {
      const response = await production.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(response.statusCode).toBe(404);
    });
  });
});
