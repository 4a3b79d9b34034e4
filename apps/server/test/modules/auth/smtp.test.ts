import { describe, expect, it } from 'vitest';
import { messages } from '@mediadiet/contract/messages';
import { pinIn, post } from '../../helpers/auth-flow.ts';
import { sharedSmtpApp } from '../../helpers/smtp.ts';

/** PIN e-mails delivered to a real SMTP server (smtp-server in process) and read back with mailparser. */

const { t, received } = sharedSmtpApp({ env: { MAIL_FROM: 'Media Diet <pins@mediadiet.test>' } });

describe('PIN e-mails over SMTP', () => {
  it('delivers a plain, well-formed PIN mail (text + HTML) that signs the user in', async () => {
    const response = await post(t, '/auth/register', { email: 'Mail.User@example.com', name: 'Mail User' });
    expect(response.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    const { envelopeTo, mail } = received[0]!;
    expect(envelopeTo).toEqual(['Mail.User@example.com']);
    expect(mail.from?.text).toBe('"Media Diet" <pins@mediadiet.test>');
    expect(mail.subject).toBe('Welcome to Media Diet: your sign-in PIN');
    expect(mail.text).toMatch(/^Hello,$/m);
    expect(mail.text).not.toContain('Mail User'); // the name is nobody's verified text (decision 107)
    expect(mail.text).toContain('Media Diet');
    const pin = pinIn(mail.text ?? '');
    expect(mail.html).toContain(pin);
    expect(mail.html).toContain('<!doctype html>');

    const verified = await post(t, '/auth/verify', { email: 'mail.user@example.com', pin });
    expect(verified.statusCode).toBe(200);
  });

  it('puts no part of the registration name in either version', async () => {
    await post(t, '/auth/register', { email: 'xss@example.com', name: '<script>alert(1)</script>' });
    const { mail } = received.at(-1)!;
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('alert(1)');
    expect(mail.text).not.toContain('alert(1)');
  });

  it('keeps no development outbox when SMTP is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: messages.server.outboxDisabled });
  });
});
