import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { isLoopbackAddress } from '../../src/modules/dev/routes.ts';
import { post } from '../helpers/auth-flow.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Development conveniences stay on the developer's machine (issue 26, finding 9; decision 102). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  await post(t, '/auth/register', { email: 'outbox-owner@example.com', name: 'Pat' });
});
afterAll(async () => {
  await t.close();
});

const outbox = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/dev/outbox', ...options });

describe('GET /dev/outbox', () => {
  it('answers this machine (IPv4 and IPv6 loopback)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await outbox({ remoteAddress });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ messages: { to: string }[] }>().messages[0]?.to).toBe('outbox-owner@example.com');
    }
  });

  it('refuses any other address with a clear message, and never shows a PIN', async () => {
    for (const remoteAddress of ['203.0.113.7', '10.0.0.2', '192.168.1.20', '::ffff:10.1.2.3', '2001:db8::1']) {
      const response = await outbox({ remoteAddress });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        error: 'The development outbox answers only requests from this machine (127.0.0.1 or ::1)',
      });
      expect(response.body).not.toMatch(/\d{6}/);
    }
  });

  it('refuses a request a proxy on this machine forwarded for someone else', async () => {
    const forwarded = await outbox({ headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(forwarded.statusCode).toBe(403);
    const rfc7239 = await outbox({ headers: { forwarded: 'for=203.0.113.7' } });
    expect(rfc7239.statusCode).toBe(403);
  });

  it('knows loopback addresses', () => {
    expect(isLoopbackAddress('127.10.0.1')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('128.0.0.1')).toBe(false);
    expect(isLoopbackAddress('127.0.0.1.evil')).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });
});

describe('start-up', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('refuses production without SMTP_URL, naming the variable and the opt-in', () => {
    const base = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) };
    let error: unknown;
    try {
      loadConfig(base);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables).toEqual(['SMTP_URL']);
    expect((error as ConfigError).message).toContain('SMTP_URL: is required in production');
    expect((error as ConfigError).message).toContain('MAIL_LOG_ONLY=true');

    expect(loadConfig({ ...base, SMTP_URL: 'smtp://mail.example.com:587' }).smtpUrl).toBe('smtp://mail.example.com:587');
    expect(loadConfig({ ...base, MAIL_LOG_ONLY: 'true' }).mailLogOnly).toBe(true);
    expect(() => loadConfig({ ...base, MAIL_LOG_ONLY: 'yes' })).toThrow(/MAIL_LOG_ONLY/);
    // Development and tests keep the outbox without any setting.
    expect(loadConfig({}).mailLogOnly).toBe(false);
  });
});
