/**
 * The labels' counts on this browser (decision 159): labels shown and labelled links opened, by verdict and by
 * the browser's local day, for Insights. Counts only: no address, no headline. The background keeps the days'
 * running totals and sends them with PUT /api/labels/counts, which replaces what this browser sent for each day
 * (so a retry never counts twice).
 */
import type { Verdict } from '@mediadiet/contract/analysis';
import { VERDICTS } from '@mediadiet/contract/analysis';
import { LABEL_COUNT_MAX, LABEL_COUNTS_MAX_DAYS, type LabelCountsRequest, type VerdictCounts } from '@mediadiet/contract/labels';
import type { LabelEvents } from './protocol';

/** One day's totals, and whether the server has them as they are now. */
export interface LabelDay {
  shown: VerdictCounts;
  opened: VerdictCounts;
  sent: boolean;
  /** The totals the server last took for this day from this browser's current key. */
  acked?: { shown: VerdictCounts; opened: VerdictCounts };
}

/** Day (`YYYY-MM-DD`, the browser's local day) → its totals. */
export type LabelDays = Record<string, LabelDay>;

/** The browser's local day of a time (ms), `YYYY-MM-DD`. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const zero = (): VerdictCounts => ({ uplifting: 0, neutral: 0, mixed: 0, draining: 0 });

const add = (to: VerdictCounts, more: Partial<Record<Verdict, number>>): VerdictCounts =>
  Object.fromEntries(VERDICTS.map((v) => [v, Math.min(LABEL_COUNT_MAX, to[v] + (more[v] ?? 0))])) as VerdictCounts;

const isEmpty = (events: LabelEvents) =>
  VERDICTS.every((v) => (events.shown[v] ?? 0) === 0 && (events.opened[v] ?? 0) === 0);

/**
 * The totals with one report added to `day` (which then waits to be sent again), keeping the newest
 * LABEL_COUNTS_MAX_DAYS days. A report of nothing changes nothing.
 */
export function addEvents(days: LabelDays, day: string, events: LabelEvents): LabelDays {
  if (isEmpty(events)) return days;
  const before: LabelDay = days[day] ?? { shown: zero(), opened: zero(), sent: false };
  const next: LabelDays = {
    ...days,
    [day]: {
      shown: add(before.shown, events.shown),
      opened: add(before.opened, events.opened),
      sent: false,
      ...(before.acked ? { acked: before.acked } : {}),
    },
  };
  const keep = Object.keys(next).sort().slice(-LABEL_COUNTS_MAX_DAYS);
  return Object.fromEntries(keep.map((d) => [d, next[d]!]));
}

/** The upload: every day not sent as it is now, oldest first; null when there is none. */
export function countsBody(days: LabelDays): LabelCountsRequest | null {
  const unsent = Object.keys(days)
    .sort()
    .filter((d) => !days[d]!.sent)
    .slice(-LABEL_COUNTS_MAX_DAYS);
  if (unsent.length === 0) return null;
  return { days: unsent.map((day) => ({ day, shown: { ...days[day]!.shown }, opened: { ...days[day]!.opened } })) };
}

/** The totals after `sent` went through: a day counts as sent only if it has not grown meanwhile. */
export function markSent(days: LabelDays, sent: LabelCountsRequest): LabelDays {
  const out: LabelDays = { ...days };
  for (const d of sent.days) {
    const now = out[d.day];
    if (!now) continue;
    const same = VERDICTS.every((v) => now.shown[v] === d.shown[v] && now.opened[v] === d.opened[v]);
    out[d.day] = { ...now, sent: same, acked: { shown: { ...d.shown }, opened: { ...d.opened } } };
  }
  return out;
}

/**
 * Paired again with a new key (the server counts per key): what the earlier key's rows already hold stays there,
 * so each day keeps only what that key did not take, to be sent under the new one; days with nothing left go.
 * Without it, a day that grew after its last send would count its earlier part twice.
 */
export function rebaseForNewKey(days: LabelDays): LabelDays {
  const out: LabelDays = {};
  for (const [day, d] of Object.entries(days)) {
    const minus = (a: VerdictCounts, b: VerdictCounts | undefined): VerdictCounts =>
      Object.fromEntries(VERDICTS.map((v) => [v, Math.max(0, a[v] - (b?.[v] ?? 0))])) as VerdictCounts;
    const shown = minus(d.shown, d.acked?.shown);
    const opened = minus(d.opened, d.acked?.opened);
    if (VERDICTS.every((v) => shown[v] === 0 && opened[v] === 0)) continue;
    out[day] = { shown, opened, sent: false };
  }
  return out;
}
