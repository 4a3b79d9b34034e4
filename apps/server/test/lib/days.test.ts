import { describe, expect, it } from 'vitest';
import { addDays, dayOf, minutesOfDay, readingPeriods, startOfDay, weekdayOf } from '../../src/lib/days.ts';
import { currentMonth, periodRange, trendBuckets } from '../../src/modules/analysis/periods.ts';

const HOUR = 3_600_000;
const hours = (range: { from: Date; to: Date }) => (range.to.getTime() - range.from.getTime()) / HOUR;

describe('days in a time zone', () => {
  it('cuts an instant into the day it falls on there', () => {
    const instant = new Date('2026-11-30T03:00:00.000Z');
    expect(dayOf(instant)).toBe('2026-11-30');
    expect(dayOf(instant, 'America/Los_Angeles')).toBe('2026-11-29');
    expect(dayOf(instant, 'Asia/Tokyo')).toBe('2026-11-30');
    expect(dayOf(new Date('2026-11-30T15:00:00.000Z'), 'Asia/Tokyo')).toBe('2026-12-01');
    expect(weekdayOf('2026-11-29')).toBe(6); // Sunday
    expect(weekdayOf('2026-11-30')).toBe(0); // Monday
  });

  it('reads the wall clock’s minutes since midnight there', () => {
    const instant = new Date('2026-11-30T03:05:00.000Z');
    expect(minutesOfDay(instant)).toBe(3 * 60 + 5);
    expect(minutesOfDay(instant, 'America/Los_Angeles')).toBe(19 * 60 + 5);
    expect(minutesOfDay(instant, 'Asia/Kolkata')).toBe(8 * 60 + 35);
  });

  it('starts a day at its first instant, also where the clocks skip or repeat midnight', () => {
    expect(startOfDay('2026-11-29', 'America/Los_Angeles')).toEqual(new Date('2026-11-29T08:00:00.000Z'));
    expect(startOfDay('2026-07-01', 'America/Los_Angeles')).toEqual(new Date('2026-07-01T07:00:00.000Z'));
    expect(startOfDay('2026-12-01', 'Asia/Kolkata')).toEqual(new Date('2026-11-30T18:30:00.000Z'));
    // Santiago springs forward at midnight: 6 September 2026 begins at 01:00 (-03), the instant of the jump.
    expect(startOfDay('2026-09-06', 'America/Santiago')).toEqual(new Date('2026-09-06T04:00:00.000Z'));
    // Havana falls back from 01:00 to midnight: 1 November 2026 begins at the first of its two midnights.
    expect(startOfDay('2026-11-01', 'America/Havana')).toEqual(new Date('2026-11-01T04:00:00.000Z'));
  });

  it('is the first instant of its day in every zone, every day of 2026', () => {
    const zones = [
      'UTC',
      'America/Los_Angeles',
      'America/Santiago',
      'America/Havana',
      'America/St_Johns',
      'Europe/Berlin',
      'Asia/Beirut',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
    ];
    for (const zone of zones) {
      for (let day = '2026-01-01'; day < '2027-01-01'; day = addDays(day, 1)) {
        const start = startOfDay(day, zone);
        expect([dayOf(start, zone), dayOf(new Date(start.getTime() - 1), zone)], `${zone} ${day}`).toEqual([
          day,
          addDays(day, -1),
        ]);
      }
    }
  });
});

describe('readingPeriods', () => {
  it('cuts today and the week Monday to Sunday in UTC by default', () => {
    // Thursday 26 November 2026.
    const p = readingPeriods(new Date('2026-11-26T23:59:59.999Z'));
    expect(p.day).toEqual({ from: new Date('2026-11-26T00:00:00Z'), to: new Date('2026-11-27T00:00:00Z') });
    expect(p.week).toEqual({ from: new Date('2026-11-23T00:00:00Z'), to: new Date('2026-11-30T00:00:00Z') });
    expect([p.daysBeforeToday, p.today, p.monday]).toEqual([3, '2026-11-26', '2026-11-23']);
  });

  it('cuts them in the given zone: 03:00 UTC on Monday is still Sunday evening in Los Angeles', () => {
    const p = readingPeriods(new Date('2026-11-30T03:00:00Z'), 'America/Los_Angeles');
    expect([p.today, p.daysBeforeToday]).toEqual(['2026-11-29', 6]);
    expect(p.day).toEqual({ from: new Date('2026-11-29T08:00:00Z'), to: new Date('2026-11-30T08:00:00Z') });
    expect(p.week).toEqual({ from: new Date('2026-11-23T08:00:00Z'), to: new Date('2026-11-30T08:00:00Z') });
  });

  it('runs a week the clocks change in from Monday 00:00 to Monday 00:00 local: 167 or 169 hours', () => {
    // New York springs forward on Sunday 8 March 2026 and falls back on Sunday 1 November.
    const spring = readingPeriods(new Date('2026-03-08T12:00:00Z'), 'America/New_York');
    expect(spring.week).toEqual({
      from: new Date('2026-03-02T05:00:00Z'),
      to: new Date('2026-03-09T04:00:00Z'),
    });
    expect([hours(spring.week), hours(spring.day)]).toEqual([167, 23]);
    const autumn = readingPeriods(new Date('2026-11-01T12:00:00Z'), 'America/New_York');
    expect(autumn.week).toEqual({
      from: new Date('2026-10-26T04:00:00Z'),
      to: new Date('2026-11-02T05:00:00Z'),
    });
    expect([hours(autumn.week), hours(autumn.day)]).toEqual([169, 25]);
    // Berlin springs forward on Sunday 29 March 2026.
    const berlin = readingPeriods(new Date('2026-03-30T00:30:00+02:00'), 'Europe/Berlin');
    expect([berlin.today, berlin.daysBeforeToday]).toEqual(['2026-03-30', 0]);
    expect(berlin.week.from).toEqual(new Date('2026-03-29T22:00:00Z'));
  });
});

describe('insights periods in a zone', () => {
  it('names months and years on the person’s calendar, and cuts them at their midnights', () => {
    expect(currentMonth(new Date('2026-12-01T03:30:00Z'), 'America/Los_Angeles')).toEqual({
      scope: 'month',
      mm: 11,
      yy: 2026,
    });
    expect(currentMonth(new Date('2026-12-01T03:30:00Z'), 'UTC')).toEqual({
      scope: 'month',
      mm: 12,
      yy: 2026,
    });
    expect(periodRange({ scope: 'month', mm: 11, yy: 2026 }, 'America/Los_Angeles')).toEqual({
      from: new Date('2026-11-01T07:00:00Z'),
      to: new Date('2026-12-01T08:00:00Z'),
      fromDay: '2026-11-01',
      toDay: '2026-12-01',
    });
    expect(periodRange({ scope: 'year', mm: null, yy: 2026 }, 'Asia/Tokyo')).toEqual({
      from: new Date('2025-12-31T15:00:00Z'),
      to: new Date('2026-12-31T15:00:00Z'),
      fromDay: '2026-01-01',
      toDay: '2027-01-01',
    });
  });

  it('buckets a month by the weeks that overlap it, on calendar days', () => {
    const { unit, buckets } = trendBuckets({ scope: 'month', mm: 2, yy: 2025 });
    expect(unit).toBe('week');
    expect(buckets[0]).toEqual({ start: '2025-01-27', from: '2025-02-01', to: '2025-02-02' });
    expect(buckets.at(-1)).toEqual({ start: '2025-02-24', from: '2025-02-24', to: '2025-02-28' });
    const year = trendBuckets({ scope: 'year', mm: null, yy: 2024 });
    expect(year.buckets[1]).toEqual({ start: '2024-02-01', from: '2024-02-01', to: '2024-02-29' });
    expect(year.buckets[11]).toEqual({ start: '2024-12-01', from: '2024-12-01', to: '2024-12-31' });
  });
});
