import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { MutableToken } from 'oauth2-mock-server';
import { beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { redactingLoggerOptions, redactUrl } from '../../src/http/logging.ts';
import { subscribed } from '../helpers/billing.ts';
import { bearer } from '../helpers/builders.ts';
import { pair, postTouchpoint, touchpoint } from '../helpers/extension.ts';
import { sharedGoogleApp } from '../helpers/google.ts';

/** Secrets and page text never reach the request log (issue 26, finding 2; decision 100). */

const PUBLIC_URL = 'http://localhost:3999';
let lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    callback();
  },
});
const log = () => lines.join('\n');

const { t, idp } = sharedGoogleApp({ env: { LOG_LEVEL: 'info', PUBLIC_URL }, logStream });
beforeEach(() => {
  lines = [];
});

function cookieHeader(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
}

describe('request log', () => {
  it('never carries the code, state or session token of a Google sign-in', async () => {
    const binding = 'b'.repeat(43);
    const start = await t.app.inject({ method: 'GET', url: `/auth/google?mode=redirect&binding=${binding}` });
    expect(start.statusCode).toBe(302);
    const sign = (token: MutableToken) => {
      Object.assign(token.payload, { sub: 'google-log-1', email: 'logs@example.com', email_verified: true, name: 'Lo' });
    };
    idp.service.on('beforeTokenSigning', sign);
    let callback: URL;
    let answer: LightMyRequestResponse;
    try {
      const authorized = await fetch(new URL(start.headers.location as string), { redirect: 'manual' });
      callback = new URL(authorized.headers.get('location')!);
      answer = await t.app.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        cookies: cookieHeader(start),
      });
    } finally {
      idp.service.off('beforeTokenSigning', sign);
    }
    const code = callback.searchParams.get('code')!;
    const state = callback.searchParams.get('state')!;
    expect(code.length).toBeGreaterThan(8);
    expect(state.length).toBeGreaterThan(8);
    expect(answer.statusCode).toBe(302);
    const dashboard = new URL(answer.headers.location as string);
    const exchangeCode = dashboard.searchParams.get('token')!;
    expect(exchangeCode.length).toBeGreaterThan(16);

    // The browser then opens the dashboard link, the exchange code in its query (decision 108),
    await t.app.inject({
      method: 'GET',
      url: `${dashboard.pathname}${dashboard.search}`,
      headers: { accept: 'text/html' },
    });
    // redeems it for the session token in a body,
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/auth/google/exchange',
      payload: { token: exchangeCode, binding },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const { token } = redeemed.json<{ token: string }>();
    // and uses the token on the API, in the header.
    await t.app.inject({ method: 'GET', url: '/api/account/info', headers: bearer(token) });

    const text = log();
    expect(text).toContain('/auth/google/callback?');
    expect(text).toContain('/auth/dashboard?');
    expect(text).toContain('[redacted]');
    for (const secret of [code, state, exchangeCode, binding, token, encodeURIComponent(token)]) expect(text).not.toContain(secret);
  });

  it('redacts token, code, pin, key, apiKey and state in any query string', async () => {
    const secrets = ['tok-9f8e7d6c5b4a', 'cod-1a2b3c4d5e', 'pin-135790', 'key-abcdef0123', 'api-0011223344', 'sta-998877'];
    const url = `/api/account/info?token=${secrets[0]}&code=${secrets[1]}&PIN=${secrets[2]}&key=${secrets[3]}&apiKey=${secrets[4]}&state=${secrets[5]}&page=2`;
    await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer hdr-secret-5566778899', cookie: 'sid=ck-4433221100' } });
    const text = log();
    expect(text).toContain('page=2');
    for (const secret of [...secrets, 'hdr-secret-5566778899', 'ck-4433221100']) expect(text).not.toContain(secret);
  });

  it('logs a failed touch-point insert without the page text or any SQL parameter', async () => {
    const who = await subscribed(t, 'basic');
    const apiKey = await pair(t, who.token);
    // Every insert into touchpoints now fails inside the database.
    await t.db.execute(sql.raw(`create function refuse_touchpoint() returns trigger language plpgsql as $$
      begin raise exception 'touch points are refused'; end $$`));
    await t.db.execute(
      sql.raw('create trigger refuse_touchpoint before insert on touchpoints for each row execute function refuse_touchpoint()'),
    );
    try {
      lines = [];
      const pageText = 'A private letter about my diagnosis that must never be logged anywhere, unique-marker-7731.';
      const url = 'https://private.example.org/letter-unique-7731';
      const response = await postTouchpoint(t, apiKey, touchpoint({ text: pageText, url, title: 'Title-unique-7731' }));
      expect(response.statusCode).toBe(500);
      const text = log();
      expect(text).toContain('request failed');
      expect(text).toContain('touch points are refused');
      expect(text).not.toContain('unique-marker-7731');
      expect(text).not.toContain('unique-7731');
      expect(text).not.toContain(who.userId);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_touchpoint on touchpoints'));
      await t.db.execute(sql.raw('drop function refuse_touchpoint()'));
    }
  });
});

describe('redactUrl', () => {
  it('keeps the path and harmless parameters and hides credential values', () => {
    expect(redactUrl('/auth/dashboard?success=true&token=abc&user=%7B%7D')).toBe(
      '/auth/dashboard?success=true&token=[redacted]&user=%7B%7D',
    );
    expect(redactUrl('/a?Api%4Bey=x&%70in=1')).toBe('/a?Api%4Bey=[redacted]&%70in=[redacted]');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});

describe('logged objects', () => {
  it('censor credential headers and body fields wherever a log line carries them', () => {
    let out = '';
    const logger = pino(
      redactingLoggerOptions,
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          out += chunk.toString();
          callback();
        },
      }),
    );
    logger.info(
      {
        headers: { authorization: 'Bearer s-auth-1', cookie: 'sid=s-cookie-2', 'set-cookie': 's-set-3', accept: 'text/html' },
        body: { pin: 's-pin-4', apiKey: 's-key-5', email: 'kept@example.com' },
        req: { headers: { authorization: 's-auth-6' } },
      },
      'logged',
    );
    for (const secret of ['s-auth-1', 's-cookie-2', 's-set-3', 's-pin-4', 's-key-5', 's-auth-6']) expect(out).not.toContain(secret);
    expect(out).toContain('kept@example.com');
    expect(out).toContain('text/html');
  });
});
