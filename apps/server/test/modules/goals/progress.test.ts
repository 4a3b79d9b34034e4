import type { Goal } from '@mediadiet/contract/goals';
import { describe, expect, it } from 'vitest';
import { readingPeriods } from '../../../src/lib/days.ts';
import { goalProgress, type PeriodPages } from '../../../src/modules/goals/progress.ts';

const week = (v: Partial<PeriodPages['weekVerdicts']>): PeriodPages['weekVerdicts'] => ({
  uplifting: 0,
  neutral: 0,
  mixed: 0,
  draining: 0,
  ...v,
});
const pages = (over: Partial<PeriodPages> = {}): PeriodPages => ({
  weekVerdicts: week({}),
  todayHosts: [],
  daysBeforeToday: 0,
  ...over,
});

describe('goalProgress: draining share of the week', () => {
  const goal: Goal = { kind: 'draining_share', target: 25 };

  it('is on track well under the cap: 2 of 20 pages = 10 %', () => {
    const p = goalProgress(goal, pages({ weekVerdicts: week({ draining: 2, neutral: 18 }) }));
    expect(p).toEqual({
      period: 'week',
      current: 10,
      target: 25,
      pages: 20,
      status: 'on_track',
      sentence: 'Draining pages: 10\u00a0% of this week (goal: under 25\u00a0%)',
    });
  });

  it('is at risk within 5 points of the cap: 2 of 10 = 20 %, 23 of 100 = 23 %', () => {
    expect(goalProgress(goal, pages({ weekVerdicts: week({ draining: 2, uplifting: 8 }) })).status).toBe(
      'at_risk',
    );
    const p = goalProgress(goal, pages({ weekVerdicts: week({ draining: 23, mixed: 77 }) }));
    expect([p.current, p.status]).toEqual([23, 'at_risk']);
    // 19 of 100 is 6 points under: on track.
    expect(goalProgress(goal, pages({ weekVerdicts: week({ draining: 19, mixed: 81 }) })).status).toBe(
      'on_track',
    );
  });

  it('is broken at the cap or over it, and floors the share it shows: 1 of 4 … 3 of 12 = 25 %, 7 of 29 = 24.1 %', () => {
    expect(goalProgress(goal, pages({ weekVerdicts: week({ draining: 3, neutral: 9 }) })).status).toBe(
      'broken',
    );
    const under = goalProgress(goal, pages({ weekVerdicts: week({ draining: 7, neutral: 22 }) }));
    expect([under.current, under.status]).toEqual([24, 'at_risk']);
    const over = goalProgress(goal, pages({ weekVerdicts: week({ draining: 5, neutral: 5 }) }));
    expect([over.current, over.status]).toEqual([50, 'broken']);
  });

  it('does not judge fewer than 5 scored pages, and shows 0 % for an empty week', () => {
    const few = goalProgress(goal, pages({ weekVerdicts: week({ draining: 4 }) }));
    expect([few.current, few.pages, few.status]).toEqual([100, 4, 'on_track']);
    const none = goalProgress(goal, pages());
    expect([none.current, none.pages, none.status]).toEqual([0, 0, 'on_track']);
  });
});

describe('goalProgress: pages a day from a site', () => {
  const goal: Goal = { kind: 'site_daily', target: 5, site: 'reddit.com' };
  const hosts = [
    { host: 'www.reddit.com', pages: 2 },
    { host: 'reddit.com', pages: 1 },
    { host: 'notreddit.com', pages: 9 },
    { host: 'reddit.com.evil.org', pages: 9 },
  ];

  it('counts the site and its subdomains only: 3 of 5 = 60 % is on track', () => {
    expect(goalProgress(goal, pages({ todayHosts: hosts }))).toEqual({
      period: 'day',
      current: 3,
      target: 5,
      pages: 3,
      status: 'on_track',
      sentence: 'Pages from reddit.com: 3 today (goal: at most 5)',
    });
  });

  it('is at risk from 80 % of the cap up to the cap, broken over it', () => {
    const at = (n: number) =>
      goalProgress(goal, pages({ todayHosts: [{ host: 'old.reddit.com', pages: n }] })).status;
    expect([at(3), at(4), at(5), at(6)]).toEqual(['on_track', 'at_risk', 'at_risk', 'broken']);
  });
});

describe('goalProgress: uplifting pages a week', () => {
  const goal: Goal = { kind: 'uplifting_weekly', target: 10 };
  const at = (uplifting: number, daysBeforeToday: number) =>
    goalProgress(goal, pages({ weekVerdicts: week({ uplifting, draining: 50 }), daysBeforeToday }));

  it('is met once the floor is reached', () => {
    expect(at(10, 1)).toMatchObject({
      current: 10,
      status: 'met',
      sentence: 'Uplifting pages: 10 this week (goal: at least 10)',
    });
  });

  it('is on track until Thursday, then at risk when behind the pro-rata pace', () => {
    // Wednesday (2 days gone), nothing yet: not judged.
    expect(at(0, 2).status).toBe('on_track');
    // Thursday (3 days gone): pace 10 × 3 / 7 = 4.29; 4 is behind, 5 is not.
    expect(at(4, 3).status).toBe('at_risk');
    expect(at(5, 3).status).toBe('on_track');
    // Sunday (6 days gone): pace 8.57; 8 behind, 9 not.
    expect(at(8, 6).status).toBe('at_risk');
    expect(at(9, 6).status).toBe('on_track');
  });
});

describe('readingPeriods (UTC)', () => {
  it('cuts today and the week Monday to Sunday', () => {
    // Thursday 26 November 2026.
    const p = readingPeriods(new Date('2026-11-26T23:59:59.999Z'));
    expect(p.day).toEqual({ from: new Date('2026-11-26T00:00:00Z'), to: new Date('2026-11-27T00:00:00Z') });
    expect(p.week).toEqual({ from: new Date('2026-11-23T00:00:00Z'), to: new Date('2026-11-30T00:00:00Z') });
    expect(p.daysBeforeToday).toBe(3);
  });

  it('keeps Sunday in the week that began on Monday, and starts a new week on Monday', () => {
    const sunday = readingPeriods(new Date('2026-11-29T10:00:00Z'));
    expect([sunday.week.from, sunday.daysBeforeToday]).toEqual([new Date('2026-11-23T00:00:00Z'), 6]);
    const monday = readingPeriods(new Date('2026-11-30T00:00:00Z'));
    expect([monday.week.from, monday.daysBeforeToday]).toEqual([new Date('2026-11-30T00:00:00Z'), 0]);
  });
});
