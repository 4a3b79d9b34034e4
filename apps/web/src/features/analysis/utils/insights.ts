import { formatMonthLabel } from '@mediadiet/contract/constants';
import {
  CATEGORIES,
  MAL_CATEGORY_IDS,
  PRO_CATEGORY_IDS,
  type CategoryId,
} from '@mediadiet/contract/categories';
import { isPro } from '@mediadiet/contract/analysis';
import type { InsightDirectory, InsightsResponse, Trends } from '@mediadiet/contract/insights';
import type { QuestionnaireState } from '@mediadiet/contract/questionnaire';
import type { Period } from '@/features/analysis/api/get-insights';
import { messages } from '@mediadiet/contract/messages';

/** What the Insights section shows instead of the insights for a premium user (spec §2 "Gating"). */
export type InsightsGate = 'open' | 'unlock' | 'processing';

/**
 * Premium with the questionnaire NOT_STARTED → unlock; SUBMITTED (shown as processing) or PROCESSING →
 * processing; anything else, and every other plan, sees the insights.
 */
export function insightsGate(isPremium: boolean, state: QuestionnaireState | undefined): InsightsGate {
  if (!isPremium || !state) return 'open';
  if (state === 'NOT_STARTED') return 'unlock';
  if (state === 'SUBMITTED' || state === 'PROCESSING') return 'processing';
  return 'open';
}

// ── The period in the address: `?period=2025-01` (a month) or `?period=2025` (the whole year) ──────────
export const PERIOD_PARAM = 'period';

export function parsePeriodParam(value: string | null): Period | null {
  const match = /^(\d{4})(?:-(\d{1,2}))?$/.exec(value ?? '');
  if (!match) return null;
  const yy = Number(match[1]);
  if (match[2] === undefined) return { mm: null, yy };
  const mm = Number(match[2]);
  return mm >= 1 && mm <= 12 ? { mm, yy } : null;
}

export function periodParam(period: Period): string {
  return period.mm === null ? String(period.yy) : `${period.yy}-${String(period.mm).padStart(2, '0')}`;
}

export function samePeriod(a: Period | null, b: Period | null): boolean {
  return a !== null && b !== null && a.mm === b.mm && a.yy === b.yy;
}

/** The period an insights response covers. */
export function responsePeriod(response: Pick<InsightsResponse, 'scope' | 'currMM' | 'currYY'>): Period {
  return { mm: response.scope === 'year' ? null : response.currMM, yy: response.currYY };
}

/** "Jan '25" for a month, "All of 2025" for a year. */
export function periodLabel(period: Period): string {
  return period.mm === null ? messages.insights.wholeYear(period.yy) : formatMonthLabel(period.mm, period.yy);
}

/** The period buttons, grouped by year (newest first as the server lists them): the whole year, then its months. */
export function periodGroups(directories: InsightDirectory[]): { yy: number; periods: Period[] }[] {
  const groups: { yy: number; periods: Period[] }[] = [];
  for (const { mm, yy } of directories) {
    let group = groups.find((g) => g.yy === yy);
    if (!group) {
      group = { yy, periods: [{ mm: null, yy }] };
      groups.push(group);
    }
    if (!group.periods.some((p) => p.mm === mm)) group.periods.push({ mm, yy });
  }
  return groups;
}

// ── Trends ─────────────────────────────────────────────────────────────────────────────────────────
const PRO_COLORS = ['#0f6b63', '#2a9d8f', '#5fb8a6', '#3b7ea1', '#6aa6c8', '#8fc7b8', '#1f5f7a'];
const MAL_COLORS = ['#b42318', '#d9623b', '#e8954f', '#c2477a', '#9c6644', '#d4a373', '#8a3b2e'];

export interface TrendSlice {
  id: CategoryId;
  name: string;
  classification: 'pro' | 'mal';
  value: number;
  color: string;
}

/** The donut's slices: every category of the period that has an average, in the server's order. */
export function trendSlices(trends: Trends): TrendSlice[] {
  const slices: TrendSlice[] = [];
  for (const category of trends.categories) {
    const value = trends.metadata.averageScores[category.name];
    if (value === undefined) continue;
    const pro = isPro(category.classification);
    const palette = pro ? PRO_COLORS : MAL_COLORS;
    const index = ((pro ? PRO_CATEGORY_IDS : MAL_CATEGORY_IDS) as readonly string[]).indexOf(category.name);
    slices.push({
      id: category.name,
      name: CATEGORIES[category.name].name,
      classification: pro ? 'pro' : 'mal',
      value,
      color: palette[Math.max(0, index) % palette.length] ?? '#4e5a57',
    });
  }
  return slices;
}

/** The 'Total Score' in the donut's centre: the mean of the category averages (0–100), or null without any. */
export function totalScore(slices: TrendSlice[]): number | null {
  if (slices.length === 0) return null;
  return slices.reduce((sum, slice) => sum + slice.value, 0) / slices.length;
}
