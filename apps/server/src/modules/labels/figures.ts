import {
  LABEL_BEFORE_MIN_PAGES,
  LABEL_OPENED_MIN_SHOWN,
  type DaySpan,
  type LabelBeforeFigure,
  type LabelOpenedFigure,
  type LabelWeek,
  type ReadingSpan,
  type VerdictTotals,
} from '@mediadiet/contract/labels';
import { messages } from '@mediadiet/contract/messages';
import { addDays, mondayOf } from '../../lib/days.ts';
import type { DayTotals } from './repository.ts';

/**
 * The figures of the "Labels on links" card (decision 160), pure: the weeks, figure (a) — how much less often
 * draining results were opened than the others — and figure (b) — the draining share of the reading before labels
 * and since. Days are calendar days (`YYYY-MM-DD`) of the account.
 */

const noTotals = (): VerdictTotals => ({ uplifting: 0, neutral: 0, mixed: 0, draining: 0 });

function add(into: VerdictTotals, counts: VerdictTotals): void {
  into.uplifting += counts.uplifting;
  into.neutral += counts.neutral;
  into.mixed += counts.mixed;
  into.draining += counts.draining;
}

/** The Monday of the week `day` falls in. */
/** The weeks (named by their Monday) from `firstMonday` to `lastMonday`, oldest first, with the days' totals in them. */
export function weeksOf(days: readonly DayTotals[], firstMonday: string, lastMonday: string): LabelWeek[] {
  const weeks: LabelWeek[] = [];
  const byMonday = new Map<string, LabelWeek>();
  for (let monday = firstMonday; monday <= lastMonday; monday = addDays(monday, 7)) {
    const week = { week: monday, shown: noTotals(), opened: noTotals() };
    weeks.push(week);
    byMonday.set(monday, week);
  }
  for (const day of days) {
    const week = byMonday.get(mondayOf(day.day));
    if (!week) continue;
    add(week.shown, day.shown);
    add(week.opened, day.opened);
  }
  return weeks;
}

const others = (counts: VerdictTotals) => counts.uplifting + counts.neutral + counts.mixed;

/**
 * Figure (a) over the days of `span`: value = 1 − (openedDraining ÷ shownDraining) ÷ (openedOther ÷ shownOther),
 * "other" being uplifting, neutral and mixed together. Said only when both shown counts reach
 * LABEL_OPENED_MIN_SHOWN and some other result was opened.
 */
export function openedFigure(days: readonly DayTotals[], span: DaySpan): LabelOpenedFigure {
  const shown = noTotals();
  const opened = noTotals();
  for (const day of days) {
    if (day.day < span.from || day.day > span.to) continue;
    add(shown, day.shown);
    add(opened, day.opened);
  }
  const counts = {
    span,
    shownDraining: shown.draining,
    openedDraining: opened.draining,
    shownOther: others(shown),
    openedOther: others(opened),
  };
  if (counts.shownDraining < LABEL_OPENED_MIN_SHOWN || counts.shownOther < LABEL_OPENED_MIN_SHOWN) {
    return {
      ...counts,
      value: null,
      reason: 'few_labels',
      sentence: messages.labels.openedFewLabels(
        LABEL_OPENED_MIN_SHOWN,
        counts.shownDraining,
        counts.shownOther,
      ),
    };
  }
  if (counts.openedOther === 0) {
    return { ...counts, value: null, reason: 'no_other_opened', sentence: messages.labels.openedNoOther };
  }
  const drainingRate = counts.openedDraining / counts.shownDraining;
  const otherRate = counts.openedOther / counts.shownOther;
  const value = 1 - drainingRate / otherRate;
  const percent = Math.round(Math.abs(value) * 100);
  const sentence =
    percent === 0
      ? messages.labels.openedAsOften
      : value > 0
        ? messages.labels.openedLess(percent)
        : messages.labels.openedMore(percent);
  return { ...counts, value, reason: null, sentence };
}

/** The spans figure (b) compares: the days before labels began, and the last days from that day on. */
export function beforeAfterSpans(
  since: string,
  today: string,
  days: number,
): { before: DaySpan; after: DaySpan } {
  const lastDays = addDays(today, -(days - 1));
  return {
    before: { from: addDays(since, -days), to: addDays(since, -1) },
    after: { from: since > lastDays ? since : lastDays, to: today },
  };
}

/**
 * Figure (b): the draining share of the pages with a verdict before labels and after; `change` = afterShare ÷
 * beforeShare − 1. Said only when both spans hold LABEL_BEFORE_MIN_PAGES pages; the sentence compares the
 * whole percents it shows.
 */
export function beforeFigure(before: ReadingSpan, after: ReadingSpan): LabelBeforeFigure {
  if (before.pages < LABEL_BEFORE_MIN_PAGES || after.pages < LABEL_BEFORE_MIN_PAGES) {
    return {
      before,
      after,
      beforeShare: null,
      afterShare: null,
      change: null,
      reason: 'few_pages',
      sentence: messages.labels.beforeFewPages(LABEL_BEFORE_MIN_PAGES),
    };
  }
  const beforeShare = before.draining / before.pages;
  const afterShare = after.draining / after.pages;
  const was = Math.round(beforeShare * 100);
  const is = Math.round(afterShare * 100);
  const sentence =
    is < was
      ? messages.labels.beforeLower(is, was)
      : is > was
        ? messages.labels.beforeHigher(is, was)
        : messages.labels.beforeSame(is);
  return {
    before,
    after,
    beforeShare,
    afterShare,
    change: beforeShare > 0 ? afterShare / beforeShare - 1 : null,
    reason: null,
    sentence,
  };
}
