import { CATEGORY_IDS, type CategoryId } from '@mediadiet/contract/categories';
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { analyses, analysisDailyRollups, analysisDomainRollups, type AnalysisRow } from '../../db/schema.ts';
import { analysisViewJson } from './view.ts';

/**
 * Analyses and their rollups (decision 071): the only module code that touches `analyses`,
 * `analysis_daily_rollups` and `analysis_domain_rollups`. Every read is scoped by the user's id.
 * Days and months are UTC calendar days and months of `analyses.created_at`.
 */

// ── Storing ──────────────────────────────────────────────────────────────────────────────────────

/** An analysis to store; its API view (`view_json`) is derived from it. */
export type NewAnalysis = Omit<typeof analyses.$inferInsert, 'viewJson'>;

/** The row as it will be stored: creation time fixed here, so the API view can be written with it. */
export function withView(values: NewAnalysis): typeof analyses.$inferInsert & { createdAt: Date } {
  const createdAt = values.createdAt ?? new Date();
  const viewJson = analysisViewJson({
    id: values.id,
    url: values.url,
    title: values.title ?? '',
    createdAt,
    tokens: values.tokens,
    categoryScores: values.categoryScores,
    classificationAnalysis: values.classificationAnalysis,
    valence: values.valence ?? null,
    overallScore: values.overallScore ?? null,
    modelVersion: values.modelVersion ?? null,
    mode: values.mode,
  });
  return { ...values, createdAt, viewJson };
}

/**
 * Inserts the analyses of several touch points in one statement; answers the rows inserted (those whose
 * touch point had none yet: a retry after a crash inserts nothing), in the given order. Only the ids come
 * back from the database: the rows are the values as written (no JSON decoded again).
 */
export async function insertAnalyses(tx: Db, values: readonly NewAnalysis[]): Promise<AnalysisRow[]> {
  if (values.length === 0) return [];
  const rows = values.map(withView);
  const inserted = await tx
    .insert(analyses)
    .values(rows)
    .onConflictDoNothing({ target: analyses.touchpointId })
    .returning({ id: analyses.id });
  const ids = new Set(inserted.map((row) => row.id));
  return rows.filter((row) => ids.has(row.id)).map(asStored);
}

/** A row as `withView` wrote it, with the columns' defaults filled in. */
function asStored(row: typeof analyses.$inferInsert & { createdAt: Date }): AnalysisRow {
  return {
    ...row,
    title: row.title ?? '',
    valence: row.valence ?? null,
    overallScore: row.overallScore ?? null,
    modelVersion: row.modelVersion ?? null,
  };
}

/** Removes analyses again (metering refused them inside the storing transaction, before any rollup). */
export async function deleteAnalyses(tx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(analyses).where(inArray(analyses.id, [...ids]));
}

// The rollup figures of analyses, as SQL over a row source aliased `a` (one definition for the storing
// upsert and the rebuild, so the two can never disagree).
const DAY = sql.raw(`(a.created_at at time zone 'UTC')::date`);
const MONTH = sql.raw(`date_trunc('month', a.created_at at time zone 'UTC')::date`);
const categoryColumn = (id: CategoryId) => `${id}_sum`;
const baseScore = (id: CategoryId) => `coalesce((a.category_scores -> '${id}' ->> 'BaseScore')::float8, 0)`;
const DAILY_COLUMNS = sql.raw(
  [
    'user_id',
    'day',
    'analyses',
    'tokens',
    'overall_sum',
    'overall_count',
    ...CATEGORY_IDS.map(categoryColumn),
  ].join(', '),
);
const DOMAIN_COLUMNS = sql.raw('user_id, month, host, visits, overall_sum, overall_count');
const dailyAggregates = sql.raw(
  [
    'count(*)::int',
    'coalesce(sum(a.tokens), 0)::bigint',
    'coalesce(sum(a.overall_score), 0)::float8',
    'count(a.overall_score)::int',
    ...CATEGORY_IDS.map((id) => `sum(${baseScore(id)})::float8`),
  ].join(', '),
);
const domainAggregates = sql.raw(
  'count(*)::int, coalesce(sum(a.overall_score), 0)::float8, count(a.overall_score)::int',
);
const addDaily = sql.raw(
  ['analyses', 'tokens', 'overall_sum', 'overall_count', ...CATEGORY_IDS.map(categoryColumn)]
    .map((c) => `${c} = analysis_daily_rollups.${c} + excluded.${c}`)
    .join(', '),
);
const addDomain = sql.raw(
  ['visits', 'overall_sum', 'overall_count']
    .map((c) => `${c} = analysis_domain_rollups.${c} + excluded.${c}`)
    .join(', '),
);

/**
 * Adds stored analyses (any users) to the day and domain rollups, inside the transaction that stored them:
 * one upsert per table, aggregated per (user, day) and (user, month, host). Read back from the rows
 * themselves, so the days, months and figures are exactly what a rebuild would compute.
 */
export async function addManyToRollups(tx: Db, analysisIds: readonly string[]): Promise<void> {
  if (analysisIds.length === 0) return;
  await addSourceToRollups(tx, sql`from analyses a where ${inArray(sql.raw('a.id'), [...analysisIds])}`);
}

async function addSourceToRollups(tx: Db, source: SQL): Promise<void> {
  await tx.execute(sql`
    insert into analysis_daily_rollups (${DAILY_COLUMNS})
    select a.user_id, ${DAY}, ${dailyAggregates} ${source} group by a.user_id, ${DAY} order by 1, 2
    on conflict (user_id, day) do update set ${addDaily}`);
  await tx.execute(sql`
    insert into analysis_domain_rollups (${DOMAIN_COLUMNS})
    select a.user_id, ${MONTH}, a.host, ${domainAggregates} ${source} group by a.user_id, ${MONTH}, a.host
     order by 1, 2, 3
    on conflict (user_id, month, host) do update set ${addDomain}`);
}

/**
 * Recomputes the rollups of one user (or of everybody) from the stored analyses: after a bulk import that
 * bypassed the worker (benchmarks), or to repair. The migration that created the tables ran the same SQL.
 */
export async function rebuildRollups(db: Db, userId?: string): Promise<void> {
  const scope = userId === undefined ? sql`true` : sql`a.user_id = ${userId}`;
  const rollupScope = userId === undefined ? sql`true` : sql`user_id = ${userId}`;
  await db.execute(sql`delete from analysis_daily_rollups where ${rollupScope}`);
  await db.execute(sql`delete from analysis_domain_rollups where ${rollupScope}`);
  await db.execute(sql`
    insert into analysis_daily_rollups (${DAILY_COLUMNS})
    select a.user_id, ${DAY}, ${dailyAggregates} from analyses a where ${scope} group by a.user_id, ${DAY}`);
  await db.execute(sql`
    insert into analysis_domain_rollups (${DOMAIN_COLUMNS})
    select a.user_id, ${MONTH}, a.host, ${domainAggregates} from analyses a where ${scope}
    group by a.user_id, ${MONTH}, a.host`);
}

// ── Reading analyses ─────────────────────────────────────────────────────────────────────────────

/** A keyset position: `created_at` to the microsecond (UTC, `YYYY-MM-DDTHH:MM:SS.ffffff`) and the id. */
export interface AnalysisKey {
  at: string;
  id: string;
}

/** `created_at` as UTC text to the microsecond: JS dates stop at milliseconds, a cursor must not. */
const exactCreatedAt = sql<string>`to_char(${analyses.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/**
 * The user's analyses created at or after `since`, newest first (ties by id), after the `before` key
 * when given; at most `limit`. Each is its stored API view (JSON text) with its key for the next page.
 */
export async function listRecent(
  db: Db,
  userId: string,
  options: { since: Date; limit: number; before?: AnalysisKey | undefined },
): Promise<{ viewJson: string; key: AnalysisKey }[]> {
  const conditions: SQL[] = [eq(analyses.userId, userId), gte(analyses.createdAt, options.since)];
  if (options.before) {
    conditions.push(
      sql`(${analyses.createdAt}, ${analyses.id}) < (${options.before.at}::timestamp at time zone 'UTC', ${options.before.id}::uuid)`,
    );
  }
  const rows = await db
    .select({ id: analyses.id, viewJson: analyses.viewJson, exactAt: exactCreatedAt })
    .from(analyses)
    .where(and(...conditions))
    .orderBy(desc(analyses.createdAt), desc(analyses.id))
    .limit(options.limit);
  return rows.map((row) => ({ viewJson: row.viewJson, key: { at: row.exactAt, id: row.id } }));
}

/**
 * How many analyses and tokens the user has since `since` (the recent window's cards): the whole UTC days
 * after `since` from the daily rollups, the rest of `since`'s own day from the analyses themselves.
 */
export async function windowTotals(
  db: Db,
  userId: string,
  since: Date,
): Promise<{ touchpoints: number; tokens: number }> {
  const sinceDay = dayText(since);
  const result = (await db.execute(sql`
    select r.n + a.n as touchpoints, r.t + a.t as tokens
      from (select coalesce(sum(analyses), 0)::float8 as n, coalesce(sum(tokens), 0)::float8 as t
              from analysis_daily_rollups where user_id = ${userId} and day > ${sinceDay}::date) r,
           (select count(*)::float8 as n, coalesce(sum(tokens), 0)::float8 as t
              from analyses
             where user_id = ${userId} and created_at >= ${since.toISOString()}::timestamptz
               and created_at < (${sinceDay}::date + 1)::timestamp at time zone 'UTC') a`)) as {
    rows: { touchpoints: number | string; tokens: number | string }[];
  };
  const row = result.rows[0];
  return { touchpoints: Number(row?.touchpoints ?? 0), tokens: Number(row?.tokens ?? 0) };
}

/** One of the user's analyses (its stored API view); null when there is none with this id or it is somebody else's. */
export async function findAnalysisView(db: Db, userId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ viewJson: analyses.viewJson })
    .from(analyses)
    .where(and(eq(analyses.userId, userId), eq(analyses.id, id)))
    .limit(1);
  return row?.viewJson ?? null;
}

/** The user's analyses, newest first, in full (account export). */
export async function listAnalyses(db: Db, userId: string): Promise<AnalysisRow[]> {
  return db.select().from(analyses).where(eq(analyses.userId, userId)).orderBy(desc(analyses.createdAt));
}

export interface SummaryRow {
  id: string;
  url: string;
  createdAt: Date;
  overallScore: number | null;
}

/** The newest `limit` analyses in [from, to): the insight cards. */
export async function listSummaries(
  db: Db,
  userId: string,
  range: { from: Date; to: Date },
  limit: number,
): Promise<SummaryRow[]> {
  return db
    .select({
      id: analyses.id,
      url: analyses.url,
      createdAt: analyses.createdAt,
      overallScore: analyses.overallScore,
    })
    .from(analyses)
    .where(
      and(eq(analyses.userId, userId), gte(analyses.createdAt, range.from), lt(analyses.createdAt, range.to)),
    )
    .orderBy(desc(analyses.createdAt), desc(analyses.id))
    .limit(limit);
}

// ── Reading rollups ──────────────────────────────────────────────────────────────────────────────

/** A UTC date as the `date` column's text (`2025-03-01`). */
const dayText = (date: Date) => date.toISOString().slice(0, 10);

export interface PeriodFigures {
  analyses: number;
  tokens: number;
  /** Sum of BaseScore per category over the period's analyses. */
  categorySums: Record<CategoryId, number>;
  /**
   * The latest UTC midnight from which on the period holds at least `newest` analyses (null: it holds
   * fewer). The newest cards all lie after it, so their query reads a day or so of rows, never the period.
   */
  newestFrom: Date | null;
}

/** Totals of the daily rollups for days in [from, to) (UTC midnights). */
export async function periodFigures(
  db: Db,
  userId: string,
  range: { from: Date; to: Date },
  newest: number,
): Promise<PeriodFigures> {
  const sums = sql.raw(
    CATEGORY_IDS.map((id) => `coalesce(sum(${categoryColumn(id)}), 0)::float8 as ${id}`).join(', '),
  );
  const days = sql`user_id = ${userId} and day >= ${dayText(range.from)}::date and day < ${dayText(range.to)}::date`;
  const result = (await db.execute(sql`
    select coalesce(sum(analyses), 0)::float8 as analyses, coalesce(sum(tokens), 0)::float8 as tokens, ${sums},
           (select to_char(day, 'YYYY-MM-DD') from (
              select day, sum(analyses) over (order by day desc) as running from analysis_daily_rollups where ${days}
            ) newest where running >= ${newest} order by day desc limit 1) as newest_from
      from analysis_daily_rollups
     where ${days}`)) as { rows: Record<string, unknown>[] };
  const row = result.rows[0] ?? {};
  const categorySums = {} as Record<CategoryId, number>;
  for (const id of CATEGORY_IDS) categorySums[id] = Number(row[id] ?? 0);
  const newestFrom =
    typeof row.newest_from === 'string' ? new Date(`${row.newest_from}T00:00:00.000Z`) : null;
  return { analyses: Number(row.analyses ?? 0), tokens: Number(row.tokens ?? 0), categorySums, newestFrom };
}

export interface DomainFigures {
  host: string;
  visits: number;
  overallSum: number;
  overallCount: number;
}

/** The most visited hosts of months in [from, to): visits desc, then host. */
export async function topDomains(
  db: Db,
  userId: string,
  range: { from: Date; to: Date },
  limit: number,
): Promise<DomainFigures[]> {
  const visits = sql<number>`sum(${analysisDomainRollups.visits})::int`.mapWith(Number);
  return db
    .select({
      host: analysisDomainRollups.host,
      visits,
      overallSum: sql<number>`sum(${analysisDomainRollups.overallSum})::float8`.mapWith(Number),
      overallCount: sql<number>`sum(${analysisDomainRollups.overallCount})::int`.mapWith(Number),
    })
    .from(analysisDomainRollups)
    .where(
      and(
        eq(analysisDomainRollups.userId, userId),
        gte(analysisDomainRollups.month, dayText(range.from)),
        lt(analysisDomainRollups.month, dayText(range.to)),
      ),
    )
    .groupBy(analysisDomainRollups.host)
    .orderBy(desc(visits), analysisDomainRollups.host)
    .limit(limit);
}

/** Every month in which the user has analyses, newest first. */
export async function monthsWithData(db: Db, userId: string): Promise<{ mm: number; yy: number }[]> {
  const rows = await db
    .selectDistinct({
      month: analysisDomainRollups.month,
      mm: sql<number>`extract(month from ${analysisDomainRollups.month})::int`.mapWith(Number),
      yy: sql<number>`extract(year from ${analysisDomainRollups.month})::int`.mapWith(Number),
    })
    .from(analysisDomainRollups)
    .where(eq(analysisDomainRollups.userId, userId))
    .orderBy(desc(analysisDomainRollups.month));
  return rows.map(({ mm, yy }) => ({ mm, yy }));
}

/** The user's rollup rows as stored (tests compare them with a rebuild). */
export async function readRollups(db: Db, userId: string) {
  const [daily, domains] = await Promise.all([
    db
      .select()
      .from(analysisDailyRollups)
      .where(eq(analysisDailyRollups.userId, userId))
      .orderBy(analysisDailyRollups.day),
    db
      .select()
      .from(analysisDomainRollups)
      .where(eq(analysisDomainRollups.userId, userId))
      .orderBy(analysisDomainRollups.month, analysisDomainRollups.host),
  ]);
  return { daily, domains };
}
