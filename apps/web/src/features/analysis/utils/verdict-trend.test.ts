import { describe, expect, it } from 'vitest';
import { verdictTally } from '@mediadiet/contract/insights';
import {
  bucketCountedDays,
  bucketLabel,
  bucketShortLabel,
  periodLeaning,
  trendWhen,
  wholePercents,
} from '@/features/analysis/utils/verdict-trend';

describe('wholePercents', () => {
  it('rounds to whole percents that add up to 100, giving the missing points to the largest remainders', () => {
    expect(wholePercents({ uplifting: 1 / 3, neutral: 1 / 3, mixed: 0, draining: 1 / 3 })).toEqual({
      uplifting: 34,
      neutral: 33,
      mixed: 0,
      draining: 33,
    });
    expect(wholePercents({ uplifting: 0.416, neutral: 0.004, mixed: 0.3, draining: 0.28 })).toEqual({
      uplifting: 42,
      neutral: 0,
      mixed: 30,
      draining: 28,
    });
    expect(wholePercents(null)).toBeNull();
  });
});

describe('periodLeaning', () => {
  it('names the verdict most pages carry with the whole percent the trend states for it', () => {
    // 5 of 8 neutral is 62.5 %: the trend's whole percents give the missing point to uplifting (12.5 %).
    const tally = verdictTally({ uplifting: 1, neutral: 5, mixed: 0, draining: 2 });
    expect(wholePercents(tally.shares)).toEqual({ uplifting: 13, neutral: 62, mixed: 0, draining: 25 });
    expect(periodLeaning(tally)).toEqual({ verdict: 'neutral', percent: 62 });
  });

  it('lets the heavier verdict lead a tie, and gives none without a page with a verdict', () => {
    expect(periodLeaning(verdictTally({ uplifting: 3, neutral: 3, mixed: 0, draining: 3 }))).toEqual({
      verdict: 'draining',
      percent: 33,
    });
    expect(periodLeaning(verdictTally({ uplifting: 2, neutral: 0, mixed: 0, draining: 0 }))).toEqual({
      verdict: 'uplifting',
      percent: 100,
    });
    expect(periodLeaning(verdictTally({ uplifting: 0, neutral: 0, mixed: 0, draining: 0 }))).toBeNull();
  });
});

describe('trendWhen and bucketLabel', () => {
  it('says "this month" / "this year" for the current period, otherwise names it', () => {
    expect(trendWhen({ mm: 2, yy: 2025 }, { mm: 2, yy: 2025 })).toBe('this month');
    expect(trendWhen({ mm: null, yy: 2025 }, { mm: 2, yy: 2025 })).toBe('this year');
    expect(trendWhen({ mm: 1, yy: 2025 }, { mm: 2, yy: 2025 })).toBe("in Jan '25");
    expect(trendWhen({ mm: null, yy: 2024 }, { mm: 2, yy: 2025 })).toBe('in 2024');
    const written = (period: { mm: number | null; yy: number }) => `month ${period.mm} of ${period.yy}`;
    expect(trendWhen({ mm: 1, yy: 2025 }, { mm: 2, yy: 2025 }, written)).toBe('in month 1 of 2025');
    expect(trendWhen({ mm: 2, yy: 2025 }, { mm: 2, yy: 2025 }, written)).toBe('this month');
  });

  it('names a week by its Monday and a month by its name, whatever the reader’s zone', () => {
    expect(bucketLabel({ start: '2025-01-27' }, 'week')).toBe('Jan 27');
    expect(bucketLabel({ start: '2025-12-01' }, 'month')).toBe('Dec');
    expect(bucketShortLabel({ start: '2025-01-27' }, 'week')).toEqual({ day: '27', month: 'Jan' });
    expect(bucketShortLabel({ start: '2025-12-01' }, 'month')).toEqual({ day: null, month: 'Dec' });
  });

  it('says which days a week counts when the month cuts it', () => {
    expect(bucketCountedDays({ start: '2025-01-27', from: '2025-02-01', to: '2025-02-02' })).toBe('Feb 1–2');
    expect(bucketCountedDays({ start: '2026-10-26', from: '2026-11-01', to: '2026-11-01' })).toBe(
      'Nov 1 only',
    );
    expect(bucketCountedDays({ start: '2025-01-27', from: '2025-01-27', to: '2025-01-31' })).toBe(
      'Jan 27–31',
    );
    expect(bucketCountedDays({ start: '2025-02-03', from: '2025-02-03', to: '2025-02-09' })).toBeNull();
  });
});
