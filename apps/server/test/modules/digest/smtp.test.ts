import { describe, expect, it } from 'vitest';
import { buildAnalyses } from '../../helpers/analysis.ts';
import { call, subscribed } from '../../helpers/billing.ts';
import { testClock } from '../../helpers/builders.ts';
import { sharedSmtpApp } from '../../helpers/smtp.ts';

/** The weekly letter delivered to a real SMTP server (smtp-server in process), read back with mailparser. */

// Friday 20 November 2026: the reader subscribes; the letter goes the Monday after.
const clock = testClock(new Date('2026-11-20T12:00:00.000Z'));
const { t, received } = sharedSmtpApp({
  clock,
  env: { MAIL_FROM: 'Media Diet <letters@mediadiet.test>', PUBLIC_URL: 'https://mediadiet.test' },
});

describe('the weekly letter over SMTP', () => {
  it('arrives once with both parts and the one-click unsubscribe headers (RFC 8058)', async () => {
    const reader = await subscribed(t, 'premium');
    const email = (await t.app.users.findById(reader.userId))!.email;
    await buildAnalyses(t, reader.userId, [
      {
        createdAt: '2026-11-16T09:00:00Z',
        verdict: 'draining',
        host: 'news.example',
        title: 'A <b>storm</b> & more',
      },
      {
        createdAt: '2026-11-17T09:00:00Z',
        verdict: 'uplifting',
        host: 'garden.example',
        title: 'Balcony tomatoes',
      },
      { createdAt: '2026-11-18T09:00:00Z', verdict: 'uplifting', host: 'garden.example' },
    ]);
    clock.set(new Date('2026-11-23T09:00:00.000Z'));
    expect(await t.app.digest.runDue()).toMatchObject({ sent: 1, failed: 0 });
    await t.app.digest.runDue();
    expect(received).toHaveLength(1);

    const { envelopeTo, raw, mail } = received[0]!;
    expect(envelopeTo).toEqual([email]);
    expect(mail.from?.text).toBe('"Media Diet" <letters@mediadiet.test>');
    expect(mail.subject).toBe('Your reading week, Nov 16–22: mostly uplifting');
    // The header block, long lines unfolded (RFC 5322 § 2.2.3).
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    const unsubscribe =
      /^List-Unsubscribe: <(https:\/\/mediadiet\.test\/api\/digest\/unsubscribe\?token=[A-Za-z0-9_-]{65})>\r?$/m.exec(
        head,
      );
    expect(unsubscribe).not.toBeNull();
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    // A multipart/alternative with both versions.
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(mail.text).toContain('Your week was mostly uplifting: 67\u00a0% of the 3 pages with a verdict.');
    expect(mail.text).toContain('1. news.example: 1 draining page');
    expect(mail.text).toContain(`Unsubscribe with one click: ${unsubscribe![1]}`);
    expect(mail.html).toContain('Your week was mostly uplifting');
    expect(mail.html).toContain(`href="${unsubscribe![1]}"`);
    expect(mail.html).toContain('One of them: “Balcony tomatoes”.');

    // The header's address works: a one-click POST turns the letter off.
    const off = await t.app.inject({
      method: 'POST',
      url: unsubscribe![1]!.replace('https://mediadiet.test', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode).toBe(200);
    const preferences = await call(t, reader.token, 'GET', '/api/account/preferences');
    expect(preferences.json()).toMatchObject({ preferences: { weeklyLetter: false } });
  });
});
