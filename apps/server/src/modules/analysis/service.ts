import {
  recentWindowStart,
  toRecentAnalysis,
  type Analysis,
  type RecentAnalysesResponse,
  type RecentAnalysis,
  type Verdict,
  VERDICTS,
} from '@mediadiet/contract/analysis';
import { CATEGORIES, CATEGORY_IDS, type CategoryId } from '@mediadiet/contract/categories';
import {
  INSIGHT_PAGES_PAGE_SIZE,
  INSIGHT_RESULTS_LIMIT,
  RECENT_PAGE_SIZE,
  RECENT_WINDOW_DAYS,
  TOP_DOMAINS_LIMIT,
} from '@mediadiet/contract/constants';
import {
  modelBaseVersions,
  type InsightPage,
  type InsightPagesFilters,
  type InsightPagesResponse,
  trendPeriodText,
  type InsightsPeriod,
  type InsightsResponse,
  type TrendCategory,
  type VerdictCounts,
  verdictTally,
  type VerdictTrendResponse,
} from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import { contract } from '@mediadiet/contract/routes';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { serializeResponse, type SerializedResponse } from '../../http/route.ts';
import type { Clock } from '../../lib/clock.ts';
import { addDays } from '../../lib/days.ts';
import type { PerUserCache } from '../../lib/per-user-cache.ts';
import type { UsageService } from '../billing/usage-service.ts';
import type { IngestService } from '../touchpoints/ingest.ts';
import type { RecentPageQuery, RecentPagesCache } from './recent-cache.ts';
import { currentMonth, periodDays, periodRange, previousPeriod, trendBuckets } from './periods.ts';
import * as repo from './repository.ts';
import { toAnalysis } from './view.ts';

/**
 * Analyses and insights (spec §2 History, Analysis detail, Insights; decision 071). Every read is the
 * caller's own: the repository scopes each query by user id, and somebody else's analysis is simply
 * not found (404, never 403, so ids of other users cannot be probed).
 */

/** Years the insights accept (the contract's InsightDirectory range). */
export const MIN_INSIGHTS_YEAR = 2000;
export const MAX_INSIGHTS_YEAR = 9999;

export const analysisErrors = {
  badCursor: 'querystring.cursor: not a cursor of this list (use the nextCursor of the previous page)',
  badYear: `params.year: must be between ${MIN_INSIGHTS_YEAR} and ${MAX_INSIGHTS_YEAR}`,
  badTrendYear: `querystring.period: the year must be between ${MIN_INSIGHTS_YEAR} and ${MAX_INSIGHTS_YEAR}`,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

/** The opaque `nextCursor`: base64url of `<created_at to the microsecond>_<id>`. */
export function encodeCursor(key: repo.AnalysisKey): string {
  return Buffer.from(`${key.at}_${key.id}`, 'utf8').toString('base64url');
}

/** A cursor back to its key; null when it is not one of ours. */
export function decodeCursor(cursor: string): repo.AnalysisKey | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [at, id, ...rest] = text.split('_');
  if (rest.length > 0 || !at || !id || !EXACT_TIME.test(at) || !UUID.test(id)) return null;
  if (Number.isNaN(Date.parse(`${at.slice(0, 23)}Z`))) return null;
  return { at, id: id.toLowerCase() };
}

/** Averages are shown with at most 3 decimals; rounding also keeps float sums inside 0–100. */
const score = (sum: number, count: number) =>
  count > 0 ? Math.min(100, Math.max(0, Math.round((sum / count) * 1000) / 1000)) : 0;

const TREND_CATEGORIES: TrendCategory[] = CATEGORY_IDS.map((id) => ({
  name: id,
  classification: CATEGORIES[id].classification,
}));

const noCounts = (): VerdictCounts => ({ uplifting: 0, neutral: 0, mixed: 0, draining: 0 });

/** The history's answer as bytes, serialised with its route's response schema (and kept, see recent-cache.ts). */
export type RecentResponseBytes = SerializedResponse<typeof contract.analysis.analysisRecent>;
/** An insights answer as bytes (both insights routes answer the same schema). */
export type InsightsResponseBytes = SerializedResponse<typeof contract.analysis.analysisInsightsPeriod>;
/** A verdict trend as bytes. */
export type TrendResponseBytes = SerializedResponse<typeof contract.analysis.analysisTrends>;

/**
 * A history card (contract RecentAnalysis) as stored: the card written with the analysis (`card_json`,
 * decision 097), or for rows stored before that column existed, cut from the stored API view (the card's
 * categories only, ~0.9 KB instead of ~2.2 KB).
 */
function recentCard(card: repo.StoredCard): RecentAnalysis {
  return card.cardJson !== undefined
    ? (JSON.parse(card.cardJson) as RecentAnalysis)
    : toRecentAnalysis(JSON.parse(card.viewJson) as Analysis);
}

export type RecentQuery = {
  days?: number | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
};

export interface AnalysisService {
  recent(userId: string, query: RecentQuery): Promise<RecentAnalysesResponse>;
  /**
   * `recent` as its route sends it (serialised with the route's response schema): from the response cache when
   * it holds the page (no database read, no serialising, no encoding), otherwise read, serialised and kept.
   */
  recentResponse(userId: string, query: RecentQuery): Promise<RecentResponseBytes>;
  get(userId: string, id: string): Promise<Analysis>;
  /**
   * Insights of a period; without one, of the current month (answered even when it has no data). Months and
   * years are the account's, cut in its time zone.
   */
  insights(userId: string, period?: InsightsPeriod): Promise<InsightsResponse>;
  /** `insights` as its routes send it: from the insights cache when it holds the period, otherwise read and kept. */
  insightsResponse(userId: string, period?: InsightsPeriod): Promise<InsightsResponseBytes>;
  /**
   * The verdict trend of a period (issue 29): pages per verdict per week of a month or month of a year, the
   * period's and the previous period's tallies, and how many pages had no verdict.
   */
  trends(userId: string, period: InsightsPeriod): Promise<VerdictTrendResponse>;
  /** `trends` as its route sends it, kept with the insights (dropped with them when the user's analyses change). */
  trendsResponse(userId: string, period: InsightsPeriod): Promise<TrendResponseBytes>;
  /**
   * One page (from 1, INSIGHT_PAGES_PAGE_SIZE rows) of the period's analysed pages, newest first, keeping only
   * those of one verdict, driven by one category or of one site when asked (issue 29: the whole period
   * reachable from the Insights view).
   */
  pages(
    userId: string,
    period: InsightsPeriod,
    filters: InsightPagesFilters,
    page?: number,
  ): Promise<InsightPagesResponse>;
  /**
   * "Forget this page" (decision 116), in one transaction: the analysis and its touch point go, its usage
   * leaves the period it was billed in (while that period is open) and its share leaves every rollup.
   * 404 when the user has no analysis with this id. The caller tells the user's tabs and drops the caches.
   */
  forget(userId: string, id: string): Promise<void>;
  /** Every analysis of the user, newest first (the account export). */
  listAll(userId: string): Promise<Analysis[]>;
  /**
   * Per day from `fromDay` on, cut in `timeZone`: how many analysed pages carry a verdict and how many of those
   * are draining (the mood insight). Days without one are absent.
   */
  dailyVerdicts(userId: string, fromDay: string, timeZone: string): Promise<repo.DayVerdicts[]>;
  /**
   * The link labels' context (decision 160): the user's analyses with a verdict since `since`, newest first, at
   * most `limit`, after the keyset position `before` when given (each row carries its own).
   */
  verdictPage(
    userId: string,
    options: { since: Date; limit: number; before?: repo.AnalysisKey | undefined },
  ): Promise<repo.VerdictPageRow[]>;
  /** Pages with a verdict on the days `from`…`to` (both included, the account's days), and the draining ones. */
  verdictPagesIn(
    userId: string,
    span: { from: string; to: string },
  ): Promise<{ pages: number; draining: number }>;
  /**
   * How many of the user's analyses stored in [from, to) carry each verdict, and how many come from each host
   * (the reading goals' progress). Analyses without a verdict count only towards their host.
   */
  tally(userId: string, range: { from: Date; to: Date }): Promise<ReadingTally>;
  /**
   * Re-cuts the user's rollups in the zone their row now holds, inside the transaction that changed it (which
   * locked the row first: users `lockPreferencesIn`). Call `changed` after the commit.
   */
  recutRollupsIn(tx: Db, userId: string): Promise<void>;
  /** The user's figures changed (a re-cut): drops their kept pages and insights here and on every instance. */
  changed(userId: string): void;
  /**
   * What the weekly letter says about a week (decision 158): the pages of the days [from, to) cut in `timeZone`
   * and of the seven days before, per verdict; the hosts with the most draining pages (`drainingHosts` of them);
   * the pages per day and host (the daily site goals); and the host that lifted the reader most from `upliftFrom`
   * to the week's end, with one of its uplifting titles.
   */
  weekReading(userId: string, week: repo.DayRange, options: WeekReadingOptions): Promise<WeekReading>;
}

export interface WeekReadingOptions {
  /** The first day of the look-back for the uplifting site (the letter looks eight weeks back). */
  upliftFrom: string;
  drainingHosts: number;
}

/** A week of reading as the weekly letter tells it. */
export interface WeekReading {
  /** The week's pages with a verdict, per verdict, and the week before's. */
  verdicts: Record<Verdict, number>;
  previousVerdicts: Record<Verdict, number>;
  /** The week's analysed pages, with a verdict or without. */
  pages: number;
  drainingHosts: { host: string; pages: number }[];
  dayHosts: { day: string; host: string; pages: number }[];
  uplift: { host: string; pages: number; title: string | null } | null;
}

/** The pages of a period by verdict and by host. */
export interface ReadingTally {
  verdicts: Record<Verdict, number>;
  hosts: { host: string; pages: number }[];
}

/** A listed page as the contract has it: the spec's summary fields, the host, and title and verdict when known. */
function toInsightPage(row: repo.PeriodPageRow): InsightPage {
  const verdict = (VERDICTS as readonly string[]).includes(row.verdict ?? '')
    ? (row.verdict as Verdict)
    : undefined;
  const drivers = (row.drivers ?? []).filter((id): id is CategoryId => id in CATEGORIES);
  return {
    id: row.id,
    url: row.url,
    host: row.host,
    createdAt: row.createdAt.toISOString(),
    // An analysis without an overall score (a device upload that sent none) shows 0, as in the insights.
    overall_score: row.overallScore ?? 0,
    ...(row.title.trim() === '' ? {} : { title: row.title }),
    ...(verdict === undefined ? {} : { verdict, drivers: drivers.slice(0, 2) }),
  };
}

const pageQuery = (query: RecentQuery): RecentPageQuery => ({
  days: query.days ?? RECENT_WINDOW_DAYS,
  limit: query.limit ?? RECENT_PAGE_SIZE,
  cursor: query.cursor,
});

export function createAnalysisService(deps: {
  db: Db;
  clock: Clock;
  /** Keeps recent pages a moment (the app's `recentAnalysesCache`); none: every call reads. */
  recentCache?: RecentPagesCache;
  /** Keeps insights a moment per user and period (the app's `insightsCache`); none: every call reads. */
  insightsCache?: PerUserCache<Buffer>;
  /** Releases a forgotten page's usage; none: usage is left as it is. */
  usage?: Pick<UsageService, 'releaseIn'>;
  /** A forgotten page's touch point: when it was billed, and its removal. */
  touchpoints: Pick<IngestService, 'billedAtIn' | 'removeIn'>;
  /** The zone the user's days and months are cut in (users `timeZone`, decision 155). */
  timeZone: (userId: string) => Promise<string>;
  /** Tells the other instances to drop the user's kept pages and insights; none: one instance. */
  tellOthers?: (userId: string) => void;
}): AnalysisService {
  const { db, clock, recentCache, insightsCache, usage, touchpoints, timeZone } = deps;

  const dropKept = (userId: string) => {
    recentCache?.invalidate(userId);
    insightsCache?.invalidate(userId);
  };

  const recent = async (userId: string, query: RecentQuery): Promise<RecentAnalysesResponse> => {
    const { days, limit, cursor } = pageQuery(query);
    const since = recentWindowStart(clock(), days);
    const before = cursor === undefined ? undefined : decodeCursor(cursor);
    if (before === null) throw badRequest(analysisErrors.badCursor);
    const { rows, totals } = await repo.recentPage(db, userId, {
      since,
      limit: limit + 1,
      before,
      timeZone: await timeZone(userId),
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      success: true,
      results: page.map(({ card }) => recentCard(card)),
      totals,
      nextCursor: rows.length > limit && last ? encodeCursor(last.key) : null,
    };
  };

  const service: AnalysisService = {
    recent,

    async recentResponse(userId, query) {
      const read = async () =>
        serializeResponse(contract.analysis.analysisRecent, await recent(userId, query));
      // The cache holds only what `read` made.
      return recentCache
        ? (recentCache.through(userId, pageQuery(query), read) as Promise<RecentResponseBytes>)
        : read();
    },

    async get(userId, id) {
      // Not a uuid: no analysis can have it (and the query would be a type error in PostgreSQL).
      const view = UUID.test(id) ? await repo.findAnalysisView(db, userId, id.toLowerCase()) : null;
      if (!view) throw notFound(messages.server.analysisNotFound);
      return JSON.parse(view) as Analysis;
    },

    async insights(userId, requested) {
      const zone = await timeZone(userId);
      const period = requested ?? currentMonth(clock(), zone);
      if (period.yy < MIN_INSIGHTS_YEAR || period.yy > MAX_INSIGHTS_YEAR)
        throw badRequest(analysisErrors.badYear);
      const figures = await repo.periodInsights(db, userId, periodRange(period, zone), zone, {
        cards: INSIGHT_RESULTS_LIMIT,
        domains: TOP_DOMAINS_LIMIT,
      });
      const averageScores: Partial<Record<CategoryId, number>> = {};
      if (figures.analyses > 0) {
        for (const id of CATEGORY_IDS) averageScores[id] = score(figures.categorySums[id], figures.analyses);
      }
      return {
        success: true,
        scope: period.scope,
        results: figures.cards.map((s) => ({
          id: s.id,
          url: s.url,
          createdAt: s.createdAt,
          // An analysis without an overall score (a device upload that sent none) shows 0.
          overall_score: s.overallScore ?? 0,
        })),
        totalResults: figures.analyses,
        trends: { categories: TREND_CATEGORIES, metadata: { averageScores } },
        topDomains: figures.domains.map((d) => ({
          domain: d.host,
          averageScore: score(d.overallSum, d.overallCount),
          visitCount: d.visits,
        })),
        directories: figures.months,
        currMM: period.mm,
        currYY: period.yy,
        modelVersions: modelBaseVersions(figures.modelVersions),
      };
    },

    async insightsResponse(userId, requested) {
      // The period resolved first: "the current month" is another answer once the month has turned (in the
      // account's zone; a change of zone drops the kept answers).
      const period = requested ?? currentMonth(clock(), await timeZone(userId));
      const read = async () =>
        serializeResponse(contract.analysis.analysisInsightsPeriod, await service.insights(userId, period));
      if (!insightsCache) return read();
      // The cache holds only what `read` made.
      return insightsCache.through(
        userId,
        `${period.scope}/${period.mm}/${period.yy}`,
        read,
      ) as Promise<InsightsResponseBytes>;
    },

    async trends(userId, period) {
      if (period.yy < MIN_INSIGHTS_YEAR || period.yy > MAX_INSIGHTS_YEAR)
        throw badRequest(analysisErrors.badTrendYear);
      // Days only: the daily rollups are cut in the account's zone already.
      const previous = previousPeriod(period);
      const { from, to } = periodDays(period);
      const { unit, buckets } = trendBuckets(period);
      const rows = await repo.verdictTrend(db, userId, {
        previousFrom: periodDays(previous).from,
        from,
        to,
        unit,
      });
      const byBucket = new Map(buckets.map((b) => [b.start, { counts: noCounts(), unknown: 0 }]));
      let previousCounts = noCounts();
      for (const row of rows) {
        const classified = VERDICTS.reduce((n, verdict) => n + row.counts[verdict], 0);
        if (row.bucket === null) previousCounts = row.counts;
        const target = byBucket.get(row.bucket ?? '');
        if (!target) continue; // the previous period, or (cannot happen) a day outside the buckets
        target.counts = row.counts;
        target.unknown = row.analyses - classified;
      }
      const totalCounts = noCounts();
      let excluded = 0;
      const shaped = buckets.map((days) => {
        const { counts, unknown } = byBucket.get(days.start)!;
        for (const verdict of VERDICTS) totalCounts[verdict] += counts[verdict];
        excluded += unknown;
        return { ...days, ...verdictTally(counts), unknown };
      });
      return {
        success: true,
        period: trendPeriodText(period),
        scope: period.scope,
        bucket: unit,
        buckets: shaped,
        total: verdictTally(totalCounts),
        excluded,
        previous: { period: trendPeriodText(previous), ...verdictTally(previousCounts) },
      };
    },

    async trendsResponse(userId, period) {
      const read = async () =>
        serializeResponse(contract.analysis.analysisTrends, await service.trends(userId, period));
      if (!insightsCache) return read();
      // The cache holds only what `read` made.
      return insightsCache.through(
        userId,
        `trends/${trendPeriodText(period)}`,
        read,
      ) as Promise<TrendResponseBytes>;
    },

    async pages(userId, period, filters, page = 1) {
      if (period.yy < MIN_INSIGHTS_YEAR || period.yy > MAX_INSIGHTS_YEAR)
        throw badRequest(analysisErrors.badTrendYear);
      const pageSize = INSIGHT_PAGES_PAGE_SIZE;
      // Filtered by verdict alone, or not at all, the daily rollups count the pages; a count of the period's
      // rows is needed only for a category or a site.
      const counted =
        filters.category === undefined && filters.site === undefined
          ? await repo.rollupPageCount(db, userId, periodDays(period), filters.verdict)
          : undefined;
      const { rows, total } = await repo.periodPages(
        db,
        userId,
        periodRange(period, await timeZone(userId)),
        { verdict: filters.verdict, category: filters.category, site: filters.site?.toLowerCase() },
        { limit: pageSize, offset: (page - 1) * pageSize },
        counted,
      );
      return {
        success: true,
        period: trendPeriodText(period),
        results: rows.map(toInsightPage),
        total,
        page,
        pageSize,
        pageCount: Math.ceil(total / pageSize),
      };
    },

    async forget(userId, id) {
      if (!UUID.test(id)) throw notFound(messages.server.analysisNotFound);
      const analysisId = id.toLowerCase();
      const found = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const row = await repo.lockAnalysisForRemoval(tx, userId, analysisId);
        if (!row) return false;
        // The lock order of storing: usage, then daily rollups, then domain rollups.
        const billedAt = await touchpoints.billedAtIn(tx, userId, row.touchpointId);
        await usage?.releaseIn(tx, userId, row.tokens, billedAt ?? row.createdAt);
        await repo.subtractManyFromRollups(tx, [row.id]);
        await repo.deleteAnalyses(tx, [row.id]);
        await touchpoints.removeIn(tx, userId, row.touchpointId);
        return true;
      });
      if (!found) throw notFound(messages.server.analysisNotFound);
      dropKept(userId);
    },

    async listAll(userId) {
      return (await repo.listAnalyses(db, userId)).map(toAnalysis);
    },

    async tally(userId, range) {
      const [byVerdict, hosts] = await Promise.all([
        repo.verdictCounts(db, userId, range),
        repo.hostCounts(db, userId, range),
      ]);
      const verdicts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
      for (const row of byVerdict) {
        if ((VERDICTS as readonly string[]).includes(row.verdict))
          verdicts[row.verdict as Verdict] += row.pages;
      }
      return { verdicts, hosts };
    },
    dailyVerdicts: (userId, fromDay, zone) => repo.dailyVerdicts(db, userId, fromDay, zone),

    verdictPage: (userId, options) => repo.verdictPage(db, userId, options),

    verdictPagesIn: (userId, span) => repo.verdictPagesIn(db, userId, span),

    recutRollupsIn: (tx, userId) => repo.recutRollups(tx, userId),

    changed(userId) {
      dropKept(userId);
      deps.tellOthers?.(userId);
    },

    async weekReading(userId, week, options) {
      const around = { ...week, from: addDays(week.from, -7) };
      const [byVerdict, drainingHosts, dayHosts, uplift] = await Promise.all([
        repo.verdictsAround(db, userId, around, week.from),
        repo.topHostsBy(db, userId, week, 'draining', options.drainingHosts),
        repo.dayHostCounts(db, userId, week),
        repo.mostUpliftingHost(db, userId, { ...week, from: options.upliftFrom }),
      ]);
      const verdicts = noCounts();
      const previousVerdicts = noCounts();
      let pages = 0;
      for (const row of byVerdict) {
        if (row.current) pages += row.pages;
        if (!(VERDICTS as readonly (string | null)[]).includes(row.verdict)) continue;
        (row.current ? verdicts : previousVerdicts)[row.verdict as Verdict] += row.pages;
      }
      return { verdicts, previousVerdicts, pages, drainingHosts, dayHosts, uplift };
    },
  };
  return service;
}
