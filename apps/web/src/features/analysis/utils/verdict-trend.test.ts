import { describe, expect, it } from 'vitest';
import { bucketLabel, trendWhen, wholePercents } from '@/features/analysis/utils/verdict-trend';

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

describe('trendWhen and bucketLabel', () => {
  it('says "this month" / "this year" for the current period, otherwise names it', () => {
    expect(trendWhen({ mm: 2, yy: 2025 }, { mm: 2, yy: 2025 })).toBe('this month');
    expect(trendWhen({ mm: null, yy: 2025 }, { mm: 2, yy: 2025 })).toBe('this year');
    expect(trendWhen({ mm: 1, yy: 2025 }, { mm: 2, yy: 2025 })).toBe("in Jan '25");
    expect(trendWhen({ mm: null, yy: 2024 }, { mm: 2, yy: 2025 })).toBe('in 2024');
  });

  it('names a week by its Monday and a month by its name, whatever the reader’s zone', () => {
    expect(bucketLabel({ start: '2025-01-27' }, 'week')).toBe('Jan 27');
    expect(bucketLabel({ start: '2025-12-01' }, 'month')).toBe('Dec');
  });
});
