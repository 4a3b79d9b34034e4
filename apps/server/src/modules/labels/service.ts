import { VERDICTS, type Verdict } from '@mediadiet/contract/analysis';
import { CATEGORY_IDS, type CategoryId } from '@mediadiet/contract/categories';
import {
  LABEL_COMPARE_DAYS,
  LABEL_CONTEXT_DAYS,
  LABEL_CONTEXT_MAX_PAGES,
  LABEL_COUNTS_MAX_DAYS,
  LABEL_INSIGHT_WEEKS,
  type ExportedLabelDay,
  type LabelContextResponse,
  type LabelCountsResponse,
  type LabelDayCounts,
  type LabelInsightsResponse,
  type LabelVisitedPage,
} from '@mediadiet/contract/labels';
import { messages } from '@mediadiet/contract/messages';
import { domainMatcher, isHostProtected } from '@mediadiet/contract/urls';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { DAY, type Clock } from '../../lib/clock.ts';
import { addDays, dayOf, DEFAULT_TIME_ZONE, mondayOf } from '../../lib/days.ts';
import type { AnalysisService } from '../analysis/service.ts';
import type { ProfileFor } from '../questionnaire/profile-scorer.ts';
import type { UrlsService } from '../urls/service.ts';
import { beforeAfterSpans, beforeFigure, openedFigure, weeksOf } from './figures.ts';
import * as repo from './repository.ts';

/**
 * Link labels (issue 30, decision 160): what the extension needs to label links on the device, the per-browser
 * daily counts it sends back, and what Insights makes of them.
 */
export interface LabelsService {
  /**
   * The Premium personality profile's sensitivities (null without Premium or without a profile) and the
   * person's own verdicts of the pages read in the last LABEL_CONTEXT_DAYS days: newest first, one per URL (its
   * newest analysis with a verdict), none of an ignored site, at most LABEL_CONTEXT_MAX_PAGES.
   */
  context(userId: string): Promise<LabelContextResponse>;
  /** One browser's totals of the given days, each replacing what that browser sent for the day before. */
  saveCounts(
    userId: string,
    browserId: string,
    days: readonly LabelDayCounts[],
  ): Promise<LabelCountsResponse>;
  /** The weeks and the two figures of the "Labels on links" card. */
  insights(userId: string): Promise<LabelInsightsResponse>;
  /** Every stored day of every browser, oldest first (the account export). */
  listAll(userId: string): Promise<ExportedLabelDay[]>;
}

/** Where a page of the analyses' verdicts ends: the next page begins after it. */
type PageKey = NonNullable<Parameters<AnalysisService['verdictPage']>[1]['before']>;

/** Analyses read per round trip while the context is gathered. */
const CONTEXT_BATCH = LABEL_CONTEXT_MAX_PAGES;

const isVerdict = (value: string): value is Verdict => (VERDICTS as readonly string[]).includes(value);
const isCategory = (value: unknown): value is CategoryId =>
  typeof value === 'string' && (CATEGORY_IDS as readonly string[]).includes(value);

/** The stored drivers (jsonb text) as the contract's at most two category ids; anything else is dropped. */
function driversOf(text: string | null): CategoryId[] {
  if (text === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter(isCategory).slice(0, 2) : [];
}

/** Whether `day` is a real calendar day written `YYYY-MM-DD` (the contract checks only the shape). */
function isCalendarDay(day: string): boolean {
  const at = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
}

export function createLabelsService(deps: {
  db: Db;
  clock: Clock;
  analysis: Pick<AnalysisService, 'verdictPage' | 'verdictPagesIn'>;
  urls: Pick<UrlsService, 'list'>;
  /** The personality profile's analyzer sensitivities; undefined without a profile. */
  profiles: ProfileFor;
  /** The plan of the live subscription, or null. */
  livePlan: (userId: string) => Promise<string | null>;
  /** The zone the account's days are cut in (decision 155); UTC when not given. */
  timeZone?: (userId: string) => Promise<string>;
}): LabelsService {
  const { db, clock, analysis } = deps;
  const zoneOf = deps.timeZone ?? (() => Promise.resolve(DEFAULT_TIME_ZONE));

  const sensitivities = async (userId: string): Promise<LabelContextResponse['sensitivities']> => {
    const [plan, profile] = await Promise.all([deps.livePlan(userId), deps.profiles(userId)]);
    if (plan !== 'premium' || !profile?.sensitivities) return null;
    const out: Partial<Record<CategoryId, number>> = {};
    for (const id of CATEGORY_IDS) {
      const value = profile.sensitivities[id];
      if (typeof value === 'number' && Number.isFinite(value)) out[id] = Math.min(1, Math.max(0, value));
    }
    return out as Record<CategoryId, number>;
  };

  const visited = async (userId: string): Promise<LabelVisitedPage[]> => {
    const since = new Date(clock().getTime() - LABEL_CONTEXT_DAYS * DAY);
    const ignored = domainMatcher(await deps.urls.list(userId));
    const pages: LabelVisitedPage[] = [];
    // A URL's newest analysis with a verdict decides; older ones of the same URL are passed over.
    const seen = new Set<string>();
    let before: PageKey | undefined;
    for (;;) {
      const rows = await analysis.verdictPage(userId, { since, limit: CONTEXT_BATCH, before });
      for (const row of rows) {
        if (seen.has(row.url)) continue;
        seen.add(row.url);
        if (!isVerdict(row.verdict) || ignored(row.host) || isHostProtected(row.host)) continue;
        pages.push({ url: row.url, verdict: row.verdict, drivers: driversOf(row.drivers) });
        if (pages.length === LABEL_CONTEXT_MAX_PAGES) return pages;
      }
      if (rows.length < CONTEXT_BATCH) return pages;
      before = rows[rows.length - 1]!.key;
    }
  };

  return {
    async context(userId) {
      const [found, pages] = await Promise.all([sensitivities(userId), visited(userId)]);
      return { success: true, sensitivities: found, visited: pages };
    },

    async saveCounts(userId, browserId, days) {
      const today = dayOf(clock(), await zoneOf(userId));
      const latest = addDays(today, 1);
      const oldest = addDays(today, -LABEL_COUNTS_MAX_DAYS);
      const seen = new Set<string>();
      days.forEach(({ day }, i) => {
        const field = `body.days.${i}.day`;
        if (!isCalendarDay(day)) throw badRequest(`${field}: ${messages.labels.dayNotCalendar}`);
        if (day > latest) throw badRequest(`${field}: ${messages.labels.dayTooLate}`);
        if (day < oldest) throw badRequest(`${field}: ${messages.labels.dayTooOld(LABEL_COUNTS_MAX_DAYS)}`);
        if (seen.has(day)) throw badRequest(`${field}: ${messages.labels.dayRepeated}`);
        seen.add(day);
      });
      await repo.upsertDays(db, userId, browserId, days, clock());
      return { success: true, days: days.length };
    },

    async insights(userId) {
      const today = dayOf(clock(), await zoneOf(userId));
      const since = await repo.firstDay(db, userId, today);
      if (since === null)
        return { success: true, today, since: null, weeks: [], opened: null, beforeLabels: null };

      const lastMonday = mondayOf(today);
      const earliestMonday = addDays(lastMonday, -7 * (LABEL_INSIGHT_WEEKS - 1));
      const sinceMonday = mondayOf(since);
      const firstMonday = sinceMonday > earliestMonday ? sinceMonday : earliestMonday;
      const lastDays = { from: addDays(today, -(LABEL_COMPARE_DAYS - 1)), to: today };
      const spans = beforeAfterSpans(since, today, LABEL_COMPARE_DAYS);

      const [days, before, after] = await Promise.all([
        repo.dailyTotals(db, userId, firstMonday < lastDays.from ? firstMonday : lastDays.from, today),
        analysis.verdictPagesIn(userId, spans.before),
        analysis.verdictPagesIn(userId, spans.after),
      ]);
      return {
        success: true,
        today,
        since,
        weeks: weeksOf(days, firstMonday, lastMonday),
        opened: openedFigure(days, lastDays),
        beforeLabels: beforeFigure({ span: spans.before, ...before }, { span: spans.after, ...after }),
      };
    },

    async listAll(userId) {
      return (await repo.listAll(db, userId)).map((row) => ({
        day: row.day,
        browser: row.browserId,
        shown: {
          uplifting: row.shownUplifting,
          neutral: row.shownNeutral,
          mixed: row.shownMixed,
          draining: row.shownDraining,
        },
        opened: {
          uplifting: row.openedUplifting,
          neutral: row.openedNeutral,
          mixed: row.openedMixed,
          draining: row.openedDraining,
        },
        updatedAt: row.updatedAt.toISOString(),
      }));
    },
  };
}
