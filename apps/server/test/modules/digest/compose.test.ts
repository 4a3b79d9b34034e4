import type { Goal } from '@mediadiet/contract/goals';
import { messages } from '@mediadiet/contract/messages';
import { describe, expect, it } from 'vitest';
import { createKeyedHasher } from '../../../src/lib/crypto.ts';
import type { WeekReading } from '../../../src/modules/analysis/service.ts';
import {
  composeLetter,
  goalWeekSentence,
  TITLE_MAX,
  type LetterFacts,
} from '../../../src/modules/digest/compose.ts';
import { unsubscribeToken, verifyUnsubscribeToken } from '../../../src/modules/digest/token.ts';
import {
  isoWeekKey,
  letterWeek,
  scheduledLetterDue,
  weekLabel,
  weekOfKey,
} from '../../../src/modules/digest/weeks.ts';

/** The weekly letter's pure parts: its weeks, its words (text and HTML) and its unsubscribe token. */

const WEEK = { key: '2026-W47', from: '2026-11-16', to: '2026-11-23' };

const reading = (over: Partial<WeekReading> = {}): WeekReading => ({
  verdicts: { uplifting: 12, neutral: 10, mixed: 4, draining: 14 },
  previousVerdicts: { uplifting: 8, neutral: 10, mixed: 2, draining: 20 },
  pages: 43,
  drainingHosts: [
    { host: 'news.example', pages: 7 },
    { host: 'social.example', pages: 4 },
    { host: 'video.example', pages: 3 },
  ],
  dayHosts: [
    { day: '2026-11-16', host: 'www.reddit.com', pages: 4 },
    { day: '2026-11-16', host: 'old.reddit.com', pages: 3 },
    { day: '2026-11-18', host: 'reddit.com', pages: 9 },
    { day: '2026-11-19', host: 'reddit.com', pages: 2 },
    { day: '2026-11-19', host: 'notreddit.com', pages: 20 },
  ],
  uplift: { host: 'garden.example', pages: 9, title: 'How to grow tomatoes on a balcony' },
  ...over,
});

const facts = (over: Partial<LetterFacts> = {}): LetterFacts => ({
  serviceName: 'Media Diet',
  week: WEEK,
  reading: reading(),
  goals: [
    { kind: 'draining_share', target: 40 },
    { kind: 'site_daily', target: 5, site: 'reddit.com' },
    { kind: 'uplifting_weekly', target: 10 },
  ],
  upliftWeeks: 8,
  dashboardUrl: 'https://mediadiet.test/auth/dashboard',
  settingsUrl: 'https://mediadiet.test/auth/dashboard?view=settings',
  unsubscribeUrl: 'https://mediadiet.test/api/digest/unsubscribe?token=abc_DEF-123',
  ...over,
});

/** The HTML's visible text: tags out, entities back, spaces folded. */
const visible = (html: string) =>
  html
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<div style="display:none[^>]*>[\s\S]*?<\/div>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('the letter weeks', () => {
  it('is about the last full week, Monday to Sunday, in the reader’s zone', () => {
    // Monday 23 November 2026, 08:00 UTC.
    const monday = new Date('2026-11-23T08:00:00.000Z');
    expect(letterWeek(monday, 'UTC')).toEqual(WEEK);
    // Monday 07:00 UTC is still Sunday night in Los Angeles: the week before.
    expect(letterWeek(new Date('2026-11-23T07:00:00.000Z'), 'America/Los_Angeles')).toEqual({
      key: '2026-W46',
      from: '2026-11-09',
      to: '2026-11-16',
    });
    // Sunday 22 November 20:00 UTC is already Monday in Auckland.
    expect(letterWeek(new Date('2026-11-22T20:00:00.000Z'), 'Pacific/Auckland')).toEqual(WEEK);
  });

  it('is due from Monday 07:00 local time to the end of the week', () => {
    expect(scheduledLetterDue(new Date('2026-11-23T06:59:00.000Z'), 'UTC')).toBe(false);
    expect(scheduledLetterDue(new Date('2026-11-23T07:00:00.000Z'), 'UTC')).toBe(true);
    expect(scheduledLetterDue(new Date('2026-11-29T23:59:00.000Z'), 'UTC')).toBe(true);
    expect(scheduledLetterDue(new Date('2026-11-30T00:00:00.000Z'), 'UTC')).toBe(false);
    // New York (UTC−5 in November): 07:00 there is 12:00 UTC.
    expect(scheduledLetterDue(new Date('2026-11-23T11:59:00.000Z'), 'America/New_York')).toBe(false);
    expect(scheduledLetterDue(new Date('2026-11-23T12:00:00.000Z'), 'America/New_York')).toBe(true);
    // Berlin the Monday after clocks went forward (UTC+2): 07:00 there is 05:00 UTC.
    expect(scheduledLetterDue(new Date('2026-03-30T04:59:00.000Z'), 'Europe/Berlin')).toBe(false);
    expect(scheduledLetterDue(new Date('2026-03-30T05:00:00.000Z'), 'Europe/Berlin')).toBe(true);
    expect(letterWeek(new Date('2026-03-30T05:00:00.000Z'), 'Europe/Berlin').from).toBe('2026-03-23');
  });

  it('names weeks by ISO week, across years, and back', () => {
    expect(isoWeekKey('2026-11-16')).toBe('2026-W47');
    expect(isoWeekKey('2026-12-28')).toBe('2026-W53');
    expect(isoWeekKey('2027-01-04')).toBe('2027-W01');
    expect(isoWeekKey('2024-12-30')).toBe('2025-W01');
    for (const monday of ['2026-11-16', '2026-12-28', '2027-01-04', '2024-12-30', '2020-12-28']) {
      expect(weekOfKey(isoWeekKey(monday))?.from).toBe(monday);
    }
    expect(weekOfKey('2027-W53')).toBeNull();
    expect(weekOfKey('nonsense')).toBeNull();
    expect(weekLabel(WEEK)).toBe('Nov 16–22');
    expect(weekLabel({ from: '2026-11-30' })).toBe('Nov 30 – Dec 6');
  });
});

describe('the letter', () => {
  it('says the verdict, the trend, the goals, the three most draining sites and one uplifting suggestion', () => {
    const letter = composeLetter(facts());
    expect(letter.quiet).toBe(false);
    // 14 of 40 pages with a verdict are draining (35 %), the most of any verdict.
    expect(letter.subject).toBe('Your reading week, Nov 16–22: mostly draining');
    const lines = [
      'Your reading week, Nov 16–22',
      'Your week was mostly draining: 35\u00a0% of the 40 pages with a verdict.',
      'Uplifting 30\u00a0% · Neutral 25\u00a0% · Mixed 10\u00a0% · Draining 35\u00a0%',
      'Draining pages fell from 50 % to 35 % last week.',
      'Uplifting pages rose from 20 % to 30 % last week.',
      '- Draining pages: 35\u00a0% of last week, under your goal of 40\u00a0%. Kept.',
      '- Pages from reddit.com: more than 5 on 2 days of last week (at most 9 in a day).',
      '- Uplifting pages: 12 last week, your goal of at least 10 met.',
      '1. news.example: 7 draining pages',
      '2. social.example: 4 draining pages',
      '3. video.example: 3 draining pages',
      'garden.example gave you 9 uplifting pages in the last 8 weeks. Worth a visit this week.',
      'One of them: “How to grow tomatoes on a balcony”.',
      'Unsubscribe with one click: https://mediadiet.test/api/digest/unsubscribe?token=abc_DEF-123',
    ];
    const textLines = letter.text.split('\n');
    let at = -1;
    for (const line of lines) {
      const found = textLines.indexOf(line, at + 1);
      expect(found, line).toBeGreaterThan(at);
      at = found;
    }
    // The HTML says the same sentences (list numbers are the list's own).
    const shown = visible(letter.html);
    for (const line of lines.slice(0, -1)) {
      expect(shown, line).toContain(line.replace(/^(\d\.|-) /, '').replace(/\u00a0/g, ' '));
    }
    expect(letter.html).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/);
    expect(letter.html).toContain(`<title>${letter.subject}</title>`);
    expect(letter.html.match(/<h2 /g)).toHaveLength(5);
    expect(letter.html).toContain('<ol ');
    expect(letter.html).toContain(
      '<a href="https://mediadiet.test/api/digest/unsubscribe?token=abc_DEF-123" style="color:#4e5a57;text-decoration:underline">Unsubscribe</a>',
    );
    expect(letter.html).toContain('href="https://mediadiet.test/auth/dashboard?view=settings"');
    expect(letter.html).not.toMatch(/<script|<img|<link|<style/i);
  });

  it('escapes hosts and titles, and cuts a long title', () => {
    const title = `<img src=x onerror=alert(1)> ${'very '.repeat(40)}long`;
    const letter = composeLetter(
      facts({
        reading: reading({
          drainingHosts: [{ host: '<b>evil.example</b>', pages: 2 }],
          uplift: { host: 'a&b.example', pages: 1, title },
        }),
      }),
    );
    expect(letter.html).not.toContain('<img');
    expect(letter.html).not.toContain('<b>evil');
    expect(letter.html).toContain('&lt;b&gt;evil.example&lt;/b&gt;: 2 draining pages');
    expect(letter.html).toContain('a&amp;b.example gave you 1 uplifting page in the last 8 weeks');
    const line = letter.text.split('\n').find((l) => l.startsWith('One of them: '))!;
    expect(line.length).toBeLessThanOrEqual('One of them: “”.'.length + TITLE_MAX);
    expect(line).toMatch(/…”\.$/);
  });

  it('says so kindly when a week has no draining page, no uplifting one, no goal and nothing to compare', () => {
    const letter = composeLetter(
      facts({
        goals: [],
        reading: reading({
          verdicts: { uplifting: 0, neutral: 3, mixed: 0, draining: 0 },
          previousVerdicts: { uplifting: 0, neutral: 0, mixed: 0, draining: 0 },
          pages: 5,
          drainingHosts: [],
          uplift: null,
        }),
      }),
    );
    expect(letter.subject).toBe('Your reading week, Nov 16–22: mostly neutral');
    for (const line of [
      messages.letter.noPrevious,
      messages.letter.noGoals,
      messages.letter.noDraining,
      messages.letter.noUplift(8),
    ]) {
      expect(letter.text).toContain(line);
      expect(visible(letter.html)).toContain(line.replace(/'/g, "'"));
    }
  });

  it('is short and kind for a week without pages', () => {
    const letter = composeLetter(
      facts({
        reading: reading({
          verdicts: { uplifting: 0, neutral: 0, mixed: 0, draining: 0 },
          pages: 0,
          drainingHosts: [],
          dayHosts: [],
          uplift: null,
        }),
      }),
    );
    expect(letter.quiet).toBe(true);
    expect(letter.subject).toBe('Your reading week, Nov 16–22: a quiet week');
    expect(letter.text).toContain(messages.letter.quietText);
    expect(letter.html.match(/<h2 /g)).toBeNull();
    expect(letter.text).toContain(messages.letter.textUnsubscribe(facts().unsubscribeUrl));
  });

  it('judges each goal over the whole week', () => {
    const r = reading();
    const few = reading({ verdicts: { uplifting: 1, neutral: 1, mixed: 0, draining: 2 } });
    const goal = (g: Goal, w = r) => goalWeekSentence(g, w);
    expect(goal({ kind: 'draining_share', target: 35 })).toBe(messages.letter.goalDrainingBroken(35, 35));
    expect(goal({ kind: 'draining_share', target: 25 }, few)).toBe(messages.letter.goalDrainingTooFew(4, 25));
    expect(goal({ kind: 'site_daily', target: 9, site: 'reddit.com' })).toBe(
      messages.letter.goalSiteKept('reddit.com', 9),
    );
    expect(goal({ kind: 'site_daily', target: 6, site: 'reddit.com' })).toBe(
      messages.letter.goalSiteBroken('reddit.com', 6, 2, 9),
    );
    expect(goal({ kind: 'uplifting_weekly', target: 15 })).toBe(
      'Uplifting pages: 12 last week, 3 short of your goal of 15.',
    );
  });
});

describe('the unsubscribe token', () => {
  const hasher = createKeyedHasher('x'.repeat(48));
  const userId = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it('names the account it was made for', () => {
    const token = unsubscribeToken(hasher, userId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{65}$/);
    expect(verifyUnsubscribeToken(hasher, token)).toBe(userId);
    // Made again, the same: an old letter's link keeps working.
    expect(unsubscribeToken(hasher, userId)).toBe(token);
  });

  it('refuses a forged, altered or foreign token', () => {
    const token = unsubscribeToken(hasher, userId);
    const other = unsubscribeToken(hasher, '7c9e6679-7425-40de-944b-e07fc1f90ae7');
    // Another account's id with this account's MAC, and the reverse.
    expect(verifyUnsubscribeToken(hasher, other.slice(0, 22) + token.slice(22))).toBeNull();
    expect(verifyUnsubscribeToken(hasher, token.slice(0, 22) + other.slice(22))).toBeNull();
    // Every single character changed.
    for (let i = 0; i < token.length; i++) {
      const swapped = token[i] === 'A' ? 'B' : 'A';
      expect(verifyUnsubscribeToken(hasher, token.slice(0, i) + swapped + token.slice(i + 1))).toBeNull();
    }
    expect(verifyUnsubscribeToken(hasher, token.slice(0, -1))).toBeNull();
    expect(verifyUnsubscribeToken(createKeyedHasher('y'.repeat(48)), token)).toBeNull();
    expect(verifyUnsubscribeToken(hasher, 'A'.repeat(65))).toBeNull();
  });
});
