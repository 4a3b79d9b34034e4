import { Writable } from 'node:stream';
import type { OutboxMessage } from '@mediadiet/contract/dev';
import { messages } from '@mediadiet/contract/messages';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer, type Mailer } from '../../../src/plugins/mail.ts';
import { DIGEST_UNSUBSCRIBE_RULE } from '../../../src/modules/digest/routes.ts';
import { listLetters } from '../../../src/modules/digest/repository.ts';
import { MAX_ATTEMPTS } from '../../../src/modules/digest/service.ts';
import { buildAnalyses, type AnalysisSpec } from '../../helpers/analysis.ts';
import { call, customer, subscribed } from '../../helpers/billing.ts';
import { testClock } from '../../helpers/builders.ts';
import { expectBadRequest } from '../../helpers/responses.ts';
import { sharedTestApp, type TestApp } from '../../helpers/test-app.ts';

/**
 * The weekly letter over the whole app (issue 29, decision 158): the Monday schedule in each person's zone (once
 * per ISO week, whatever runs at once), who gets it, send-now with its rate limit, the one-click unsubscribe and
 * what the log never carries. Letters land in the development outbox.
 */

// Friday 20 November 2026: the letter's week (W47) is Monday 16 to Sunday 22 November.
const FRIDAY = new Date('2026-11-20T12:00:00.000Z');
const clock = testClock(FRIDAY);
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});
const t = sharedTestApp(() => ({ clock, logStream, env: { LOG_LEVEL: 'info' } }));

const times = (at: string, n: number, spec: Omit<AnalysisSpec, 'createdAt'>): AnalysisSpec[] =>
  Array.from({ length: n }, () => ({ createdAt: at, ...spec }));

/** W46 and W47 of a reader: W47 leans draining, with three draining sites and an uplifting one. */
async function readingWeeks(app: TestApp, userId: string) {
  await buildAnalyses(app, userId, [
    ...times('2026-11-10T10:00:00Z', 4, { verdict: 'uplifting', host: 'garden.example' }),
    ...times('2026-11-11T10:00:00Z', 4, { verdict: 'neutral' }),
    ...times('2026-11-16T10:00:00Z', 5, {
      verdict: 'draining',
      host: 'news.example',
      title: 'Storm warning',
    }),
    ...times('2026-11-17T10:00:00Z', 3, { verdict: 'draining', host: 'social.example' }),
    ...times('2026-11-18T10:00:00Z', 2, { verdict: 'draining', host: 'video.example' }),
    ...times('2026-11-18T11:00:00Z', 1, { verdict: 'draining', host: 'blog.example' }),
    ...times('2026-11-19T10:00:00Z', 2, {
      verdict: 'uplifting',
      host: 'garden.example',
      title: 'Tomatoes on a balcony',
    }),
    ...times('2026-11-20T10:00:00Z', 3, { verdict: 'neutral', host: 'docs.example' }),
  ]);
}

const emailOf = async (userId: string) => (await t.app.users.findById(userId))!.email;
const lettersTo = (email: string): OutboxMessage[] =>
  t.app.mailer.outbox!.list({ to: email }).filter((m) => m.subject.startsWith('Your reading week'));
const setPreferences = (token: string, body: Record<string, unknown>) =>
  call(t, token, 'PATCH', '/api/account/preferences', body);

/** A paid reader (Premium, so the letter is on by default) with two weeks of reading, in `timeZone`. */
async function paidReader(timeZone = 'UTC') {
  const who = await subscribed(t, 'premium');
  if (timeZone !== 'UTC') await setPreferences(who.token, { timeZone });
  await readingWeeks(t, who.userId);
  return { ...who, email: await emailOf(who.userId) };
}

/** The token of the letter's List-Unsubscribe header. */
const tokenOf = (letter: OutboxMessage) =>
  /^<https?:\/\/[^>]+\/api\/digest\/unsubscribe\?token=([A-Za-z0-9_-]+)>$/.exec(
    letter.headers?.['List-Unsubscribe'] ?? '',
  )?.[1] ?? '';

describe('the Monday letter', () => {
  it('goes at 07:00 in the reader’s zone, once, however many runs there are', async () => {
    clock.set(FRIDAY);
    const reader = await paidReader('America/New_York');
    // Monday 23 November, 06:59 in New York (UTC−5).
    clock.set(new Date('2026-11-23T11:59:00.000Z'));
    await t.app.digest.runDue();
    expect(lettersTo(reader.email)).toHaveLength(0);

    clock.set(new Date('2026-11-23T12:00:00.000Z'));
    await Promise.all([t.app.digest.runDue(), t.app.digest.runDue(), t.app.digest.schedule.runOnce()]);
    await t.app.digest.runDue();
    const letters = lettersTo(reader.email);
    expect(letters).toHaveLength(1);
    const [letter] = letters;
    expect(letter!.subject).toBe('Your reading week, Nov 16–22: mostly draining');
    expect(letter!.text).toContain(
      'Your week was mostly draining: 69\u00a0% of the 16 pages with a verdict.',
    );
    expect(letter!.text).toMatch(
      /1\. news\.example: 5 draining pages\n2\. social\.example: 3 draining pages\n3\. video\.example: 2 draining pages\n/,
    );
    expect(letter!.text).not.toContain('blog.example');
    expect(letter!.text).toContain('garden.example gave you 6 uplifting pages in the last 8 weeks.');
    expect(letter!.text).toContain('One of them: “Tomatoes on a balcony”.');
    expect(letter!.text).toContain('Draining pages rose from 0 % to 69 % last week.');
    expect(Object.keys(letter!.headers ?? {})).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post']);
    expect(letter!.headers!['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:\d+\/api\/digest\/unsubscribe\?token=[A-Za-z0-9_-]{65}>$/,
    );
    expect(letter!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(letter!.html).toContain(`href="${letter!.headers!['List-Unsubscribe']!.slice(1, -1)}"`);
    expect(await listLetters(t.db, reader.userId)).toMatchObject([
      { week: '2026-W47', kind: 'scheduled', status: 'sent', attempts: 1 },
    ]);

    // The rest of the week: nothing more for W47.
    clock.set(new Date('2026-11-27T12:00:00.000Z'));
    await t.app.digest.runDue();
    expect(lettersTo(reader.email)).toHaveLength(1);
  });

  it('is not sent on a Free plan or when turned off; it is when turned on without a plan', async () => {
    clock.set(FRIDAY);
    const free = await subscribed(t, 'free');
    const off = await subscribed(t, 'basic');
    await setPreferences(off.token, { weeklyLetter: false });
    const chosen = await customer(t);
    await setPreferences(chosen.token, { weeklyLetter: true });
    for (const who of [free, off, chosen]) await readingWeeks(t, who.userId);

    clock.set(new Date('2026-11-23T09:00:00.000Z'));
    await t.app.digest.runDue();
    expect(lettersTo(await emailOf(free.userId))).toHaveLength(0);
    expect(lettersTo(await emailOf(off.userId))).toHaveLength(0);
    expect(lettersTo(await emailOf(chosen.userId))).toHaveLength(1);
    expect(await listLetters(t.db, free.userId)).toEqual([]);
    expect(await listLetters(t.db, off.userId)).toEqual([]);
  });

  it('goes later in the week when Monday was missed, and the next week is a letter of its own', async () => {
    clock.set(FRIDAY);
    const reader = await paidReader();
    await buildAnalyses(t, reader.userId, times('2026-11-24T10:00:00Z', 3, { verdict: 'uplifting' }));
    // The server was down from Sunday to Wednesday.
    clock.set(new Date('2026-11-25T15:00:00.000Z'));
    await t.app.digest.runDue();
    expect(lettersTo(reader.email).map((m) => m.subject)).toEqual([
      'Your reading week, Nov 16–22: mostly draining',
    ]);

    clock.set(new Date('2026-11-30T07:05:00.000Z'));
    await t.app.digest.runDue();
    await t.app.digest.runDue();
    expect(lettersTo(reader.email).map((m) => m.subject)).toEqual([
      'Your reading week, Nov 23–29: mostly uplifting',
      'Your reading week, Nov 16–22: mostly draining',
    ]);
  });

  it('is not sent for a week without pages (kept as skipped, so it is not looked at again)', async () => {
    clock.set(FRIDAY);
    const quiet = await subscribed(t, 'premium');
    clock.set(new Date('2026-11-23T10:00:00.000Z'));
    await t.app.digest.runDue();
    expect(lettersTo(await emailOf(quiet.userId))).toHaveLength(0);
    expect(await listLetters(t.db, quiet.userId)).toMatchObject([{ week: '2026-W47', status: 'skipped' }]);
  });

  it('cuts the week in the reader’s zone', async () => {
    clock.set(FRIDAY);
    const who = await subscribed(t, 'premium');
    await setPreferences(who.token, { timeZone: 'Pacific/Auckland' });
    await buildAnalyses(t, who.userId, [
      // Sunday 15 November 12:00 UTC is Monday 16 November 01:00 in Auckland (UTC+13): in the week.
      ...times('2026-11-15T12:00:00Z', 2, { verdict: 'uplifting' }),
      // Sunday 22 November 12:00 UTC is already Monday 23 there: the next week.
      ...times('2026-11-22T12:00:00Z', 5, { verdict: 'draining' }),
    ]);
    // Monday 23 November, 21:00 in Auckland.
    clock.set(new Date('2026-11-23T08:00:00.000Z'));
    const { mail, week } = await t.app.digest.preview(who.userId);
    expect(week).toEqual({ key: '2026-W47', from: '2026-11-16', to: '2026-11-23' });
    expect(mail.text).toContain('Your week was mostly uplifting: 100\u00a0% of the 2 pages with a verdict.');
  });
});

describe('POST /api/digest/send', () => {
  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/digest/send' })).statusCode).toBe(401);
  });

  it('sends this week’s letter now, whatever the setting, and the Monday run does not send it again', async () => {
    // Monday 23 November, 05:00 UTC: the week is over, the schedule not yet due.
    clock.set(new Date('2026-11-23T05:00:00.000Z'));
    const reader = await paidReader();
    await setPreferences(reader.token, { weeklyLetter: false });
    const response = await call(t, reader.token, 'POST', '/api/digest/send');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: messages.letter.sentNow });
    const [letter] = lettersTo(reader.email);
    expect(letter?.subject).toBe('Your reading week, Nov 16–22: mostly draining');
    expect(letter?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    await setPreferences(reader.token, { weeklyLetter: true });
    clock.set(new Date('2026-11-23T08:00:00.000Z'));
    await t.app.digest.runDue();
    expect(lettersTo(reader.email)).toHaveLength(1);
    expect(await listLetters(t.db, reader.userId)).toMatchObject([
      { week: '2026-W47', kind: 'requested', status: 'sent' },
    ]);
  });

  it('sends the short letter for a week without pages', async () => {
    clock.set(FRIDAY);
    const { userId, token } = await customer(t);
    expect((await call(t, token, 'POST', '/api/digest/send')).statusCode).toBe(200);
    const [letter] = lettersTo(await emailOf(userId));
    expect(letter?.subject).toBe('Your reading week, Nov 9–15: a quiet week');
    expect(letter?.text).toContain(messages.letter.quietText);
  });

  it('allows a few an hour', async () => {
    clock.set(FRIDAY);
    const { token } = await customer(t);
    for (let i = 0; i < 3; i++)
      expect((await call(t, token, 'POST', '/api/digest/send')).statusCode).toBe(200);
    const refused = await call(t, token, 'POST', '/api/digest/send');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, error: messages.server.rateLimited });
    clock.advance(61 * 60_000);
    expect((await call(t, token, 'POST', '/api/digest/send')).statusCode).toBe(200);
  });
});

describe('one-click unsubscribe', () => {
  /** A reader with a letter in the outbox, and that letter's token. */
  async function withLetter() {
    clock.set(FRIDAY);
    const reader = await paidReader();
    await call(t, reader.token, 'POST', '/api/digest/send');
    const token = tokenOf(lettersTo(reader.email)[0]!);
    expect(token).not.toBe('');
    return { ...reader, unsubscribeToken: token };
  }
  const oneClick = (token: string, address = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: `/api/digest/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: address,
    });
  const letterSetting = async (token: string) =>
    (await call(t, token, 'GET', '/api/account/preferences')).json<{
      preferences: { weeklyLetter: boolean };
    }>().preferences.weeklyLetter;

  it('turns the letter off with the RFC 8058 POST, and again harmlessly when used twice', async () => {
    const reader = await withLetter();
    expect(await letterSetting(reader.token)).toBe(true);
    const first = await oneClick(reader.unsubscribeToken);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: messages.letter.unsubscribed });
    expect(await letterSetting(reader.token)).toBe(false);
    // A mail client may post twice; the web page's button posts without a body.
    expect((await oneClick(reader.unsubscribeToken)).statusCode).toBe(200);
    const fromPage = await t.app.inject({
      method: 'POST',
      url: `/api/digest/unsubscribe?token=${reader.unsubscribeToken}`,
    });
    expect(fromPage.statusCode).toBe(200);
    expect(await letterSetting(reader.token)).toBe(false);
    // Turned on again in Settings: the old letter's link still turns it off.
    await setPreferences(reader.token, { weeklyLetter: true });
    expect((await oneClick(reader.unsubscribeToken)).statusCode).toBe(200);
    expect(await letterSetting(reader.token)).toBe(false);
    // No letter next Monday.
    clock.set(new Date('2026-11-30T08:00:00.000Z'));
    await t.app.digest.runDue();
    expect(lettersTo(reader.email)).toHaveLength(1);
  });

  it('refuses a forged or altered token and leaves the letter on', async () => {
    const reader = await withLetter();
    const other = await withLetter();
    const forged = other.unsubscribeToken.slice(0, 22) + reader.unsubscribeToken.slice(22);
    for (const token of [forged, reader.unsubscribeToken.slice(0, -1) + 'x', 'A'.repeat(65)]) {
      const response = await oneClick(token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: messages.letter.invalidLink });
    }
    expectBadRequest(await oneClick('short'), 'token');
    expectBadRequest(await t.app.inject({ method: 'POST', url: '/api/digest/unsubscribe' }), 'token');
    expect(await letterSetting(reader.token)).toBe(true);
    expect(await letterSetting(other.token)).toBe(true);
  });

  it('answers a browser with the page that asks first, changing nothing', async () => {
    const reader = await withLetter();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/digest/unsubscribe?token=${reader.unsubscribeToken}`,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `${t.config.publicUrl}/letter/unsubscribe?token=${reader.unsubscribeToken}`,
    );
    expect(await letterSetting(reader.token)).toBe(true);
  });

  it('is rate-limited per address', async () => {
    clock.set(new Date('2026-11-20T13:00:00.000Z'));
    const address = '198.51.100.9';
    for (let i = 0; i < DIGEST_UNSUBSCRIBE_RULE.limit; i++) {
      expect((await oneClick('A'.repeat(65), address)).statusCode).toBe(404);
    }
    expect((await oneClick('A'.repeat(65), address)).statusCode).toBe(429);
    expect((await oneClick('A'.repeat(65), '198.51.100.10')).statusCode).toBe(404);
  });
});

describe('the log', () => {
  it('never carries what a letter says', async () => {
    const before = logLines.length;
    clock.set(FRIDAY);
    const reader = await paidReader();
    expect((await call(t, reader.token, 'POST', '/api/digest/send')).statusCode).toBe(200);
    clock.set(new Date('2026-11-23T08:00:00.000Z'));
    await t.app.digest.runDue();
    const logged = logLines.slice(before).join('');
    expect(logged).toContain('weekly letter sent on request');
    expect(logged).toContain(reader.userId);
    for (const secret of [
      'news.example',
      'Tomatoes on a balcony',
      'Storm warning',
      'mostly draining',
      'reading week',
    ]) {
      expect(logged).not.toContain(secret);
    }
  });
});

describe('a letter the mail server refuses', () => {
  const retryClock = testClock(FRIDAY);
  let refuse = 0;
  const attempts: string[] = [];
  const wrapped = (): Mailer => {
    const outbox = createOutboxMailer({
      from: 'Media Diet <letters@mediadiet.test>',
      log: { info: () => {}, warn: () => {} } as never,
      clock: retryClock,
    });
    return {
      kind: 'outbox',
      outbox: outbox.outbox!,
      close: () => outbox.close(),
      async send(mail) {
        attempts.push(mail.to);
        if (refuse > 0) {
          refuse -= 1;
          throw new Error('451 try again later');
        }
        await outbox.send(mail);
      },
    };
  };
  const r = sharedTestApp(() => ({ clock: retryClock, mailer: wrapped() }));

  it('is tried again later, a few times, and sent once', async () => {
    retryClock.set(FRIDAY);
    const reader = await subscribed(r, 'premium');
    await readingWeeks(r, reader.userId);
    const email = (await r.app.users.findById(reader.userId))!.email;
    refuse = 2;
    retryClock.set(new Date('2026-11-23T07:30:00.000Z'));
    expect(await r.app.digest.runDue()).toMatchObject({ sent: 0, failed: 1 });
    expect(await listLetters(r.db, reader.userId)).toMatchObject([
      { status: 'failed', attempts: 1, lastError: '451 try again later' },
    ]);
    // Not before its backoff (5 minutes), then again (10 more), then through.
    await r.app.digest.runDue();
    expect(attempts.filter((to) => to === email)).toHaveLength(1);
    retryClock.advance(5 * 60_000);
    expect(await r.app.digest.runDue()).toMatchObject({ failed: 1 });
    retryClock.advance(10 * 60_000);
    expect(await r.app.digest.runDue()).toMatchObject({ sent: 1 });
    retryClock.advance(60 * 60_000);
    await r.app.digest.runDue();
    expect(attempts.filter((to) => to === email)).toHaveLength(3);
    expect(r.app.mailer.outbox!.list({ to: email })).toHaveLength(1);
    expect(await listLetters(r.db, reader.userId)).toMatchObject([{ status: 'sent', attempts: 3 }]);
  });

  it('gives up after a few attempts', async () => {
    retryClock.set(FRIDAY);
    const reader = await subscribed(r, 'premium');
    await readingWeeks(r, reader.userId);
    refuse = 100;
    retryClock.set(new Date('2026-11-23T07:30:00.000Z'));
    for (let i = 0; i < 10; i++) {
      await r.app.digest.runDue();
      retryClock.advance(60 * 60_000);
    }
    refuse = 0;
    expect(await listLetters(r.db, reader.userId)).toMatchObject([
      { status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null },
    ]);
  });

  it('answers send-now with 503 and a message, and records nothing', async () => {
    retryClock.set(FRIDAY);
    const reader = await subscribed(r, 'basic');
    refuse = 1;
    const response = await call(r, reader.token, 'POST', '/api/digest/send');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ success: false, error: messages.letter.mailFailed });
    expect(await listLetters(r.db, reader.userId)).toEqual([]);
  });
});
