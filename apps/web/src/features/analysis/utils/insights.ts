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

/** The list's place in the address, so it survives opening a detail and Back: `?page=2&verdict=draining…`. */
export const PAGES_PARAMS = { page: 'page', verdict: 'verdict', category: 'category', site: 'site' } as const;

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

const monthYearFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The period written out, as the printed report names it: "November 2026" for a month, "2026" for a year. */
export function periodLongName(period: Period): string {
  if (period.mm === null) return String(period.yy);
  return monthYearFormat.format(new Date(Date.UTC(period.yy, period.mm - 1, 1)));
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
/**
 * The donut's colours: a blue ramp for the pro categories and an orange-to-red ramp for the mal ones, each
 * from dark to light in clearly different steps (ColorBrewer's Blues and Oranges). Blue against orange stays
 * apart with the common colour-vision deficiencies, the steps differ in lightness as well as hue, and the
 * legend names each group under its heading, so no slice is known by its colour alone. Within a group the
 * strongest category is the darkest.
 */
export const PRO_COLORS = ['#08306b', '#08519c', '#2171b5', '#4292c6', '#6baed6', '#9ecae1', '#c6dbef'];
export const MAL_COLORS = ['#7f2704', '#a63603', '#d94801', '#f16913', '#fd8d3c', '#fdae6b', '#fdd0a2'];

export interface TrendSlice {
  id: CategoryId;
  name: string;
  classification: 'pro' | 'mal';
  value: number;
  color: string;
}

/** The categories' own order (pro, then mal): ties in a group keep it. */
const CATEGORY_ORDER = [...PRO_CATEGORY_IDS, ...MAL_CATEGORY_IDS];

/**
 * The donut's slices: every category of the period that has an average, the pro ones first, then the mal ones,
 * each group from the highest average to the lowest (ties in the categories' order), coloured by that rank.
 */
export function trendSlices(trends: Trends): TrendSlice[] {
  const groups: Record<'pro' | 'mal', Omit<TrendSlice, 'color'>[]> = { pro: [], mal: [] };
  for (const category of trends.categories) {
    const value = trends.metadata.averageScores[category.name];
    if (value === undefined) continue;
    const classification = isPro(category.classification) ? 'pro' : 'mal';
    groups[classification].push({
      id: category.name,
      name: CATEGORIES[category.name].name,
      classification,
      value,
    });
  }
  const order = (id: CategoryId) => (CATEGORY_ORDER as readonly string[]).indexOf(id);
  return (['pro', 'mal'] as const).flatMap((classification) => {
    const palette = classification === 'pro' ? PRO_COLORS : MAL_COLORS;
    return [...groups[classification]]
      .sort((a, b) => b.value - a.value || order(a.id) - order(b.id))
      .map((slice, rank) => ({ ...slice, color: palette[Math.min(rank, palette.length - 1)]! }));
  });
}

/** The legend's two groups, pro then mal, each with its heading; a group without a category is left out. */
export function legendGroups(
  slices: TrendSlice[],
): { classification: 'pro' | 'mal'; title: string; slices: TrendSlice[] }[] {
  return (['pro', 'mal'] as const)
    .map((classification) => ({
      classification,
      title: classification === 'pro' ? messages.insights.legendPro : messages.insights.legendMal,
      slices: slices.filter((slice) => slice.classification === classification),
    }))
    .filter((group) => group.slices.length > 0);
}

/** The 'Total Score' in the donut's centre: the mean of the category averages (0–100), or null without any. */
export function totalScore(slices: TrendSlice[]): number | null {
  if (slices.length === 0) return null;
  return slices.reduce((sum, slice) => sum + slice.value, 0) / slices.length;
}
