import type { OutboxMessage } from '@mediadiet/contract/dev';
import type { TestApp } from './test-app.ts';

/** The development outbox (GET /dev/outbox), newest first. */
export async function outbox(t: TestApp, to?: string): Promise<OutboxMessage[]> {
  const response = await t.app.inject({ method: 'GET', url: '/dev/outbox', query: to ? { to } : {} });
  if (response.statusCode !== 200) throw new Error(`outbox: ${response.statusCode} ${response.body}`);
  return response.json<{ messages: OutboxMessage[] }>().messages;
}

/** The 6-digit PIN in a mail's text. */
export function pinIn(text: string): string {
  const match = /^\s{4}(\d{6})$/m.exec(text);
  if (!match?.[1]) throw new Error(`no PIN in mail:\n${text}`);
  return match[1];
}

/** The PIN of the newest mail to `email` in the development outbox. */
export async function latestPin(t: TestApp, email: string): Promise<string> {
  const [mail] = await outbox(t, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return pinIn(mail.text);
}

export function post(t: TestApp, url: string, payload: unknown, options: { ip?: string; token?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {}),
  });
}

/** Register (or ask for a PIN) and verify: the session token and user. */
export async function signInWithPin(t: TestApp, email: string, name = 'Pat'): Promise<{ token: string; userId: string }> {
  const registered = await post(t, '/auth/register', { email, name });
  if (registered.statusCode === 409) await post(t, '/auth/pin', { email });
  const pin = await latestPin(t, email);
  const verified = await post(t, '/auth/verify', { email, pin });
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.body}`);
  const body = verified.json<{ token: string; user: { id: string } }>();
  return { token: body.token, userId: body.user.id };
}
