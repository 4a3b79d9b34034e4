import { messages } from '@mediadiet/contract/messages';
import { describe, expect, it } from 'vitest';
import {
  beforeAfterSpans,
  beforeFigure,
  openedFigure,
  weeksOf,
} from '../../../src/modules/labels/figures.ts';
import type { DayTotals } from '../../../src/modules/labels/repository.ts';
import { mondayOf } from '../../../src/lib/days.ts';

const totals = (u: number, n: number, m: number, d: number) => ({
  uplifting: u,
  neutral: n,
  mixed: m,
  draining: d,
});
const day = (d: string, shown: ReturnType<typeof totals>, opened: ReturnType<typeof totals>): DayTotals => ({
  day: d,
  shown,
  opened,
});
const span = { from: '2025-03-01', to: '2025-03-28' };

describe('figure (a): draining results opened against the others', () => {
  it('is negative, and says "more often", when draining results were opened more', () => {
    // Draining 10 of 20 (50 %), others 5 of 25 (20 %): 1 − 0.5 ÷ 0.2 = −1.5.
    const figure = openedFigure([day('2025-03-05', totals(25, 0, 0, 20), totals(5, 0, 0, 10))], span);
    expect(figure.value).toBeCloseTo(-1.5, 10);
    expect(figure.sentence).toBe(messages.labels.openedMore(150));
  });

  it('says "about as often" below half a percent either way', () => {
    // Draining 20 of 100, others 80 of 399: 1 − 0.2 ÷ 0.2005 = 0.0025 → 0 %.
    const figure = openedFigure([day('2025-03-05', totals(200, 199, 0, 100), totals(40, 40, 0, 20))], span);
    expect(figure.value).toBeCloseTo(0.0025, 4);
    expect(figure.sentence).toBe(messages.labels.openedAsOften);
  });

  it('counts only the days of its span, and needs some other result opened', () => {
    const figure = openedFigure(
      [
        day('2025-02-28', totals(100, 0, 0, 100), totals(50, 0, 0, 50)),
        day('2025-03-28', totals(10, 10, 10, 30), totals(0, 0, 0, 3)),
      ],
      span,
    );
    expect(figure).toMatchObject({
      shownDraining: 30,
      shownOther: 30,
      openedOther: 0,
      value: null,
      reason: 'no_other_opened',
    });
    expect(figure.sentence).toBe(messages.labels.openedNoOther);
  });

  it('is said from exactly 20 labels of each', () => {
    const figure = openedFigure([day('2025-03-02', totals(20, 0, 0, 20), totals(10, 0, 0, 5))], span);
    expect(figure.value).toBeCloseTo(0.5, 10);
    expect(figure.sentence).toBe(messages.labels.openedLess(50));
  });
});

describe('figure (b): the draining share before labels and since', () => {
  const reading = (pages: number, draining: number) => ({ span, pages, draining });

  it('compares the whole percents it shows', () => {
    expect(beforeFigure(reading(10, 2), reading(10, 3)).sentence).toBe(messages.labels.beforeHigher(30, 20));
    expect(beforeFigure(reading(100, 25), reading(40, 10)).sentence).toBe(messages.labels.beforeSame(25));
  });

  it('has no change when nothing before was draining', () => {
    const figure = beforeFigure(reading(10, 0), reading(10, 1));
    expect(figure).toMatchObject({ beforeShare: 0, afterShare: 0.1, change: null, reason: null });
  });

  it('begins the after span on the first day of labels when that is within the last 28 days', () => {
    expect(beforeAfterSpans('2025-03-15', '2025-03-20', 28)).toEqual({
      before: { from: '2025-02-15', to: '2025-03-14' },
      after: { from: '2025-03-15', to: '2025-03-20' },
    });
    expect(beforeAfterSpans('2025-01-01', '2025-03-20', 28).after).toEqual({
      from: '2025-02-21',
      to: '2025-03-20',
    });
  });
});

describe('the weeks', () => {
  it('run Monday to Sunday and leave out days outside them', () => {
    expect(mondayOf('2025-03-23')).toBe('2025-03-17');
    expect(mondayOf('2025-03-17')).toBe('2025-03-17');
    const weeks = weeksOf(
      [
        day('2025-03-09', totals(1, 0, 0, 0), totals(0, 0, 0, 0)),
        day('2025-03-10', totals(0, 1, 0, 0), totals(0, 0, 0, 0)),
        day('2025-03-16', totals(0, 0, 1, 0), totals(0, 0, 1, 0)),
        day('2025-03-17', totals(0, 0, 0, 1), totals(0, 0, 0, 1)),
      ],
      '2025-03-10',
      '2025-03-17',
    );
    expect(weeks).toEqual([
      { week: '2025-03-10', shown: totals(0, 1, 1, 0), opened: totals(0, 0, 1, 0) },
      { week: '2025-03-17', shown: totals(0, 0, 0, 1), opened: totals(0, 0, 0, 1) },
    ]);
  });
});
