import { VERDICTS, type Verdict } from '@mediadiet/contract/analysis';
import { CATEGORY_IDS, type CategoryId } from '@mediadiet/contract/categories';
import { and, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { preparedRows } from '../../db/prepared.ts';
import { analyses, analysisDailyRollups, analysisDomainRollups, type AnalysisRow } from '../../db/schema.ts';
import { addDays, dayOf, dayOfSql, startOfDay } from '../../lib/days.ts';
import type { PeriodRange } from './periods.ts';
import { analysisViewTexts } from './view.ts';

/**
 * Analyses and their rollups (decision 071): the only module code that touches `analyses`,
 * `analysis_daily_rollups` and `analysis_domain_rollups`. Every read is scoped by the user's id.
 * Days and months are calendar days and months of `analyses.created_at` in the account's time zone
 * (`users.time_zone`, decisions 154 and 155): the rollups read it from the user's row as they are written, and
 * a change of zone re-cuts them (`recutRollups`).
 */

// ── Storing ──────────────────────────────────────────────────────────────────────────────────────

/** An analysis to store; its API view (`view_json`) and history card (`card_json`) are derived from it. */
export type NewAnalysis = Omit<typeof analyses.$inferInsert, 'viewJson' | 'cardJson'>;

/** The row as it will be stored: creation time fixed here, so the API view and card can be written with it. */
export function withView(
  values: NewAnalysis,
): typeof analyses.$inferInsert & { createdAt: Date; cardJson: string } {
  const createdAt = values.createdAt ?? new Date();
  const texts = analysisViewTexts({
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
    verdict: values.verdict ?? null,
    drivers: values.drivers ?? null,
    confidence: values.confidence ?? null,
  });
  return { ...values, createdAt, ...texts };
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
function asStored(row: ReturnType<typeof withView>): AnalysisRow {
  return {
    ...row,
    title: row.title ?? '',
    valence: row.valence ?? null,
    overallScore: row.overallScore ?? null,
    modelVersion: row.modelVersion ?? null,
    verdict: row.verdict ?? null,
    drivers: row.drivers ?? null,
    confidence: row.confidence ?? null,
  };
}

/** Removes analyses again (metering refused them inside the storing transaction, before any rollup). */
export async function deleteAnalyses(tx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(analyses).where(inArray(analyses.id, [...ids]));
}

// The rollup figures of analyses, as SQL over a row source aliased `a` joined to its owner `u` (one definition
// for the storing upsert, the subtraction and the rebuild, so they can never disagree). Days and months are cut
// in the owner's zone, read from the row (never a literal in the SQL text).
const DAY = sql.raw('(a.created_at at time zone u.time_zone)::date');
const MONTH = sql.raw(`date_trunc('month', a.created_at at time zone u.time_zone)::date`);
/** Analyses with their owner, for `DAY` and `MONTH`. */
const OWNED = sql.raw('from analyses a join users u on u.id = a.user_id');
const categoryColumn = (id: CategoryId) => `${id}_sum`;
/** The daily rollups' verdict columns (`uplifting_pages`, …), in VERDICTS order. */
const verdictColumn = (verdict: Verdict) => `${verdict}_pages`;
const VERDICT_COLUMNS = VERDICTS.map(verdictColumn);
const baseScore = (id: CategoryId) => `coalesce((a.category_scores -> '${id}' ->> 'BaseScore')::float8, 0)`;
/** The daily rollups' counts and sums, in the order of `dailyAggregates`. */
const DAILY_SUMS = [
  'analyses',
  'tokens',
  'overall_sum',
  'overall_count',
  ...CATEGORY_IDS.map(categoryColumn),
  ...VERDICT_COLUMNS,
];
const DAILY_COLUMNS = sql.raw(['user_id', 'day', ...DAILY_SUMS].join(', '));
const DOMAIN_COLUMNS = sql.raw('user_id, month, host, visits, overall_sum, overall_count');
const dailyAggregates = sql.raw(
  [
    'count(*)::int',
    'coalesce(sum(a.tokens), 0)::bigint',
    'coalesce(sum(a.overall_score), 0)::float8',
    'count(a.overall_score)::int',
    ...CATEGORY_IDS.map((id) => `sum(${baseScore(id)})::float8`),
    ...VERDICTS.map((verdict) => `count(*) filter (where a.verdict = '${verdict}')::int`),
  ].join(', '),
);
const domainAggregates = sql.raw(
  'count(*)::int, coalesce(sum(a.overall_score), 0)::float8, count(a.overall_score)::int',
);
const addDaily = sql.raw(
  DAILY_SUMS.map((c) => `${c} = analysis_daily_rollups.${c} + excluded.${c}`).join(', '),
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
 *
 * A change of the owner's zone cannot slip between: inserting the analyses took a key-share lock on each
 * owner's row (their foreign key), which a change of zone's `FOR UPDATE` (users `lockPreferences`) waits for; a
 * change under way holds the row, so the insert waits for it and these statements then read the new zone.
 */
export async function addManyToRollups(tx: Db, analysisIds: readonly string[]): Promise<void> {
  if (analysisIds.length === 0) return;
  await addSourceToRollups(tx, sql`${OWNED} where ${inArray(sql.raw('a.id'), [...analysisIds])}`);
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

const subDaily = sql.raw(DAILY_SUMS.map((c) => `${c} = r.${c} - v.${c}`).join(', '));

/**
 * Takes analyses (any users) back out of the day and domain rollups, inside the transaction that removes
 * them, before the rows go: the same aggregates as `addManyToRollups`, subtracted, in the same lock order
 * (daily rows, then domain rows, each in key order). A day or month-and-host left with nothing is removed,
 * so the insights' months list no longer names it. The owners' rows are key-share locked first, as storing
 * does through the foreign key: a change of zone waits, or is waited for, and the days subtracted are the
 * days the analyses were added to.
 */
export async function subtractManyFromRollups(tx: Db, analysisIds: readonly string[]): Promise<void> {
  if (analysisIds.length === 0) return;
  const ids = inArray(sql.raw('a.id'), [...analysisIds]);
  await tx.execute(sql`
    select 1 from users where id in (select a.user_id from analyses a where ${ids}) order by id for key share`);
  const source = sql`${OWNED} where ${ids}`;
  await tx.execute(sql`
    with v (${DAILY_COLUMNS}) as (
      select a.user_id, ${DAY}, ${dailyAggregates} ${source} group by a.user_id, ${DAY} order by 1, 2
    )
    update analysis_daily_rollups r set ${subDaily}
      from v where r.user_id = v.user_id and r.day = v.day`);
  await tx.execute(sql`
    with v (user_id, month, host, visits, overall_sum, overall_count) as (
      select a.user_id, ${MONTH}, a.host, ${domainAggregates} ${source} group by a.user_id, ${MONTH}, a.host
       order by 1, 2, 3
    )
    update analysis_domain_rollups r
       set visits = r.visits - v.visits, overall_sum = r.overall_sum - v.overall_sum,
           overall_count = r.overall_count - v.overall_count
      from v where r.user_id = v.user_id and r.month = v.month and r.host = v.host`);
  await tx.execute(sql`
    delete from analysis_daily_rollups r using (select distinct a.user_id, ${DAY} as day ${source}) v
     where r.user_id = v.user_id and r.day = v.day and r.analyses <= 0`);
  await tx.execute(sql`
    delete from analysis_domain_rollups r
     using (select distinct a.user_id, ${MONTH} as month, a.host ${source}) v
     where r.user_id = v.user_id and r.month = v.month and r.host = v.host and r.visits <= 0`);
}

/** One of the user's analyses, locked for removal: what its usage release needs. Null when not the user's. */
export async function lockAnalysisForRemoval(
  tx: Db,
  userId: string,
  id: string,
): Promise<{ id: string; touchpointId: string; tokens: number; createdAt: Date } | null> {
  const [row] = await tx
    .select({
      id: analyses.id,
      touchpointId: analyses.touchpointId,
      tokens: analyses.tokens,
      createdAt: analyses.createdAt,
    })
    .from(analyses)
    .where(and(eq(analyses.userId, userId), eq(analyses.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/**
 * Recomputes the rollups of one user (or of everybody) from the stored analyses, cut in each owner's zone: after
 * a bulk import that bypassed the worker (benchmarks), or to repair. The migration that created the tables ran
 * the same SQL (then in UTC, every account's zone at the time). Run it in a transaction where others may write.
 */
export async function rebuildRollups(db: Db, userId?: string): Promise<void> {
  const scope = userId === undefined ? sql`true` : sql`a.user_id = ${userId}`;
  const rollupScope = userId === undefined ? sql`true` : sql`user_id = ${userId}`;
  await db.execute(sql`delete from analysis_daily_rollups where ${rollupScope}`);
  await db.execute(sql`delete from analysis_domain_rollups where ${rollupScope}`);
  await db.execute(sql`
    insert into analysis_daily_rollups (${DAILY_COLUMNS})
    select a.user_id, ${DAY}, ${dailyAggregates} ${OWNED} where ${scope} group by a.user_id, ${DAY}`);
  await db.execute(sql`
    insert into analysis_domain_rollups (${DOMAIN_COLUMNS})
    select a.user_id, ${MONTH}, a.host, ${domainAggregates} ${OWNED} where ${scope}
    group by a.user_id, ${MONTH}, a.host`);
}

/**
 * Re-cuts the user's rollups in the zone their row now holds, inside the transaction that changed it (which
 * first locked the row `FOR UPDATE`, users `lockPreferences`): the rows are rebuilt from the analyses, so nothing
 * is lost and every analysis lies on its day and month in the new zone; the totals stay what they were.
 */
export async function recutRollups(tx: Db, userId: string): Promise<void> {
  await rebuildRollups(tx, userId);
}

// ── Reading analyses ─────────────────────────────────────────────────────────────────────────────

/** A keyset position: `created_at` to the microsecond (UTC, `YYYY-MM-DDTHH:MM:SS.ffffff`) and the id. */
export interface AnalysisKey {
  at: string;
  id: string;
}

/** A history card as stored: its JSON text, or (a row stored before `card_json`) the view it is cut from. */
export type StoredCard =
  { cardJson: string; viewJson?: undefined } | { cardJson?: undefined; viewJson: string };

/**
 * A page of the user's history in one statement (decision 097): the analyses created at or after `since`,
 * newest first (ties by id), after the `before` key when given, at most `limit`, each as its stored card with
 * its key for the next page; and how many analyses and tokens the user has since `since` (the window's
 * cards, whatever the page): the whole days (in `timeZone`, the zone the rollups are cut in) after `since`
 * from the daily rollups, the rest of `since`'s own day from the analyses themselves.
 */
export async function recentPage(
  db: Db,
  userId: string,
  options: { since: Date; limit: number; before?: AnalysisKey | undefined; timeZone: string },
): Promise<{
  rows: { card: StoredCard; key: AnalysisKey }[];
  totals: { touchpoints: number; tokens: number };
}> {
  const sinceDay = dayOf(options.since, options.timeZone);
  const nextDay = startOfDay(addDays(sinceDay, 1), options.timeZone).toISOString();
  const since = options.since.toISOString();
  const after = options.before
    ? sql`and (created_at, id) < (${options.before.at}::timestamp at time zone 'UTC', ${options.before.id}::uuid)`
    : sql``;
  type Row = {
    touchpoints: number | string;
    tokens: number | string;
    id: string | null;
    card_json: string | null;
    view_json: string | null;
    exact_at: string | null;
  };
  // One text per variant: the first page, and a later one after a cursor.
  const rows = await preparedRows<Row>(
    db,
    options.before ? 'recent_page_after' : 'recent_page',
    sql`
    with totals as (
      select r.n + a.n as touchpoints, r.t + a.t as tokens
        from (select coalesce(sum(analyses), 0)::float8 as n, coalesce(sum(tokens), 0)::float8 as t
                from analysis_daily_rollups where user_id = ${userId} and day > ${sinceDay}::date) r,
             (select count(*)::float8 as n, coalesce(sum(tokens), 0)::float8 as t
                from analyses
               where user_id = ${userId} and created_at >= ${since}::timestamptz
                 and created_at < ${nextDay}::timestamptz) a
    ), page as (
      select id, created_at, card_json, case when card_json is null then view_json end as view_json,
             to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as exact_at
        from analyses
       where user_id = ${userId} and created_at >= ${since}::timestamptz ${after}
       order by created_at desc, id desc
       limit ${options.limit}
    )
    select t.touchpoints, t.tokens, p.id, p.card_json, p.view_json, p.exact_at
      from totals t left join page p on true
     order by p.created_at desc, p.id desc`,
  );
  const first = rows[0];
  const page: { card: StoredCard; key: AnalysisKey }[] = [];
  for (const row of rows) {
    if (row.id === null || row.exact_at === null) continue; // the totals' row of an empty page
    const card: StoredCard =
      row.card_json !== null ? { cardJson: row.card_json } : { viewJson: row.view_json! };
    page.push({ card, key: { at: row.exact_at, id: row.id } });
  }
  return {
    rows: page,
    totals: { touchpoints: Number(first?.touchpoints ?? 0), tokens: Number(first?.tokens ?? 0) },
  };
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

/** How many of the user's analyses stored in [from, to) carry each verdict (analyses without one are not counted). */
export async function verdictCounts(
  db: Db,
  userId: string,
  range: { from: Date; to: Date },
): Promise<{ verdict: string; pages: number }[]> {
  return db
    .select({ verdict: sql<string>`${analyses.verdict}`, pages: sql<number>`count(*)::int`.mapWith(Number) })
    .from(analyses)
    .where(
      and(
        eq(analyses.userId, userId),
        gte(analyses.createdAt, range.from),
        lt(analyses.createdAt, range.to),
        isNotNull(analyses.verdict),
      ),
    )
    .groupBy(analyses.verdict);
}

/** How many of the user's analyses stored in [from, to) come from each host. */
export async function hostCounts(
  db: Db,
  userId: string,
  range: { from: Date; to: Date },
): Promise<{ host: string; pages: number }[]> {
  return db
    .select({ host: analyses.host, pages: sql<number>`count(*)::int`.mapWith(Number) })
    .from(analyses)
    .where(
      and(eq(analyses.userId, userId), gte(analyses.createdAt, range.from), lt(analyses.createdAt, range.to)),
    )
    .groupBy(analyses.host);
}

/** An insight card: one of the newest analyses of the period. */
export interface SummaryRow {
  id: string;
  url: string;
  /** ISO 8601 UTC to the millisecond (`toISOString`'s form). */
  createdAt: string;
  overallScore: number | null;
}

/** An analysed page of a period, as the Insights view lists it (contract InsightPage, before shaping). */
export interface PeriodPageRow {
  id: string;
  url: string;
  host: string;
  title: string;
  createdAt: Date;
  overallScore: number | null;
  verdict: string | null;
  drivers: string[] | null;
}

/** What the period's list keeps: one verdict, pages driven by one category, one host. */
export interface PeriodPageFilters {
  verdict?: string | undefined;
  category?: string | undefined;
  site?: string | undefined;
}

/**
 * One page of the user's analyses stored in [from, to) that match the filters, newest first (ties by id),
 * `limit` rows after skipping `offset`; and how many match in all. The newest-first index serves both; a
 * category matches the pages whose verdict it drives (`drivers` holds it).
 */
export async function periodPages(
  db: Db,
  userId: string,
  range: { from: Date; to: Date },
  filters: PeriodPageFilters,
  window: { limit: number; offset: number },
  /** How many match, when the caller knows it already (`rollupPageCount`): no count is run. */
  knownTotal?: number,
): Promise<{ rows: PeriodPageRow[]; total: number }> {
  const where = and(
    eq(analyses.userId, userId),
    gte(analyses.createdAt, range.from),
    lt(analyses.createdAt, range.to),
    filters.verdict === undefined ? undefined : eq(analyses.verdict, filters.verdict),
    filters.site === undefined ? undefined : eq(analyses.host, filters.site),
    filters.category === undefined
      ? undefined
      : sql`${analyses.drivers} @> ${JSON.stringify([filters.category])}::jsonb`,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: analyses.id,
        url: analyses.url,
        host: analyses.host,
        title: analyses.title,
        createdAt: analyses.createdAt,
        overallScore: analyses.overallScore,
        verdict: analyses.verdict,
        drivers: analyses.drivers,
      })
      .from(analyses)
      .where(where)
      .orderBy(desc(analyses.createdAt), desc(analyses.id))
      .limit(window.limit)
      .offset(window.offset),
    knownTotal !== undefined
      ? [{ total: knownTotal }]
      : db
          .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
          .from(analyses)
          .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/**
 * How many of the user's analyses of the calendar days [from, to) there are, or how many carry `verdict`, from
 * the daily rollups (already cut in the account's zone): at most 366 rows of their primary key, however many
 * pages the period holds. The Insights list's total when it is filtered by verdict alone, or not at all.
 */
export async function rollupPageCount(
  db: Db,
  userId: string,
  days: { from: string; to: string },
  verdict: Verdict | undefined,
): Promise<number> {
  const column = sql.raw(verdict === undefined ? 'analyses' : verdictColumn(verdict));
  const [row] = await preparedRows<{ total: number }>(
    db,
    verdict === undefined ? 'rollup_page_count' : `rollup_page_count_${verdict}`,
    sql`select coalesce(sum(${column}), 0)::int as total from analysis_daily_rollups
         where user_id = ${userId} and day >= ${days.from}::date and day < ${days.to}::date`,
  );
  return Number(row?.total ?? 0);
}

// ── Reading rollups ──────────────────────────────────────────────────────────────────────────────

export interface DomainFigures {
  host: string;
  visits: number;
  overallSum: number;
  overallCount: number;
}

export interface PeriodInsights {
  /** Analyses and tokens of the period, from the daily rollups. */
  analyses: number;
  tokens: number;
  /** Sum of BaseScore per category over the period's analyses. */
  categorySums: Record<CategoryId, number>;
  /** The period's newest `cards` analyses, newest first (ties by id). */
  cards: SummaryRow[];
  /** The period's most visited hosts: visits desc, then host; at most `domains`. */
  domains: DomainFigures[];
  /** Every month in which the user has analyses, newest first. */
  months: { mm: number; yy: number }[];
  /** The distinct model versions of the period's analyses (as stored). */
  modelVersions: string[];
}

/**
 * Everything the insights of the period show, in one statement (decision 097): the daily rollups' totals, the
 * newest cards, the top hosts from the domain rollups and the months with data. The rollups are read by the
 * period's days, the analyses by its instants (both in the account's zone, `timeZone`). The rollups also say
 * from which day on the newest cards lie (the latest day from which the period holds at least `cards`
 * analyses), so the cards' index scan reads a day or so of rows, never the period.
 * The lists come back as JSON arrays of arrays: one row, one round trip, whatever the period holds.
 */
export async function periodInsights(
  db: Db,
  userId: string,
  range: PeriodRange,
  timeZone: string,
  limits: { cards: number; domains: number },
): Promise<PeriodInsights> {
  const sums = sql.raw(
    CATEGORY_IDS.map((id) => `coalesce(sum(${categoryColumn(id)}), 0)::float8 as ${id}`).join(', '),
  );
  const columns = sql.raw(CATEGORY_IDS.map(categoryColumn).join(', '));
  const from = range.fromDay;
  const to = range.toDay;
  const fromAt = range.from.toISOString();
  const toAt = range.to.toISOString();
  const [row = {}] = await preparedRows<Record<string, unknown>>(
    db,
    'period_insights',
    sql`
    with days as (
      select day, analyses, tokens, ${columns} from analysis_daily_rollups where user_id = ${userId} and day >= ${from}::date and day < ${to}::date
    ), figures as (
      select coalesce(sum(analyses), 0)::float8 as analyses, coalesce(sum(tokens), 0)::float8 as tokens, ${sums},
             (select day from (select day, sum(analyses) over (order by day desc) as running from days) newest
               where running >= ${limits.cards} order by day desc limit 1) as newest_from
        from days
    ), cards as (
      -- From the newest day's midnight, less 3 hours: PostgreSQL reads a midnight the clocks repeat as the later
      -- one, and an earlier bound never changes which are the newest.
      select id, url, created_at, overall_score
        from analyses
       where user_id = ${userId}
         and created_at >= greatest(${fromAt}::timestamptz,
               (select newest_from from figures)::timestamp at time zone ${timeZone} - interval '3 hours')
         and created_at < ${toAt}::timestamptz
       order by created_at desc, id desc
       limit ${limits.cards}
    ), domains as (
      select host, sum(visits)::int as visits, sum(overall_sum)::float8 as overall_sum,
             sum(overall_count)::int as overall_count
        from analysis_domain_rollups
       where user_id = ${userId} and month >= ${from}::date and month < ${to}::date
       group by host
       order by visits desc, host
       limit ${limits.domains}
    ), months as (
      select distinct month from analysis_domain_rollups where user_id = ${userId}
    ), versions as (
      select distinct model_version
        from analyses
       where user_id = ${userId}
         and created_at >= ${fromAt}::timestamptz
         and created_at < ${toAt}::timestamptz
         and model_version is not null
    )
    select f.*,
           (select coalesce(json_agg(json_build_array(
                     c.id, c.url, to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                     c.overall_score) order by c.created_at desc, c.id desc), '[]')::text
              from cards c) as cards,
           (select coalesce(json_agg(json_build_array(d.host, d.visits, d.overall_sum, d.overall_count)
                     order by d.visits desc, d.host), '[]')::text
              from domains d) as domains,
           (select coalesce(json_agg(json_build_array(extract(month from m.month)::int,
                     extract(year from m.month)::int) order by m.month desc), '[]')::text
              from months m) as months,
           (select coalesce(json_agg(v.model_version order by v.model_version), '[]')::text
              from versions v) as versions
      from figures f`,
  );
  const categorySums = {} as Record<CategoryId, number>;
  for (const id of CATEGORY_IDS) categorySums[id] = Number(row[id] ?? 0);
  const list = <T>(column: string) => {
    const text = row[column];
    return (typeof text === 'string' ? JSON.parse(text) : []) as T[];
  };
  return {
    analyses: Number(row.analyses ?? 0),
    tokens: Number(row.tokens ?? 0),
    categorySums,
    cards: list<[string, string, string, number | null]>('cards').map(
      ([id, url, createdAt, overallScore]) => ({
        id,
        url,
        createdAt,
        overallScore,
      }),
    ),
    domains: list<[string, number, number, number]>('domains').map(
      ([host, visits, overallSum, overallCount]) => ({
        host,
        visits,
        overallSum,
        overallCount,
      }),
    ),
    months: list<[number, number]>('months').map(([mm, yy]) => ({ mm, yy })),
    modelVersions: list<string>('versions'),
  };
}

/** The pages of one trend bucket: per verdict, and all of them (those without a verdict included). */
export interface VerdictBucketCount {
  /** The bucket's first day (`YYYY-MM-DD`, the `date_trunc` of `unit`), or null for the previous period. */
  bucket: string | null;
  counts: Record<Verdict, number>;
  analyses: number;
}

/**
 * The verdict trend's figures in one aggregate over the daily rollups (issue 29; decision 149): the user's days
 * of [previousFrom, to) grouped by bucket — the days before `from` are the previous period's and form one
 * bucket (null), the others fall in the `date_trunc(unit)` of their day. A month and the month before are
 * at most 62 rows of the rollups' primary key, a year and the year before at most 731, however many pages
 * they hold.
 */
export async function verdictTrend(
  db: Db,
  userId: string,
  /** Calendar days (`YYYY-MM-DD`): the rollups are already cut in the account's zone. */
  range: { previousFrom: string; from: string; to: string; unit: 'week' | 'month' },
): Promise<VerdictBucketCount[]> {
  const sums = sql.raw(VERDICT_COLUMNS.map((c) => `sum(${c})::int as ${c}`).join(', '));
  const rows = await preparedRows<Record<string, unknown>>(
    db,
    'verdict_trend',
    sql`
    select case when day < ${range.from}::date then null
                else to_char(date_trunc(${range.unit}::text, day::timestamp), 'YYYY-MM-DD')
           end as bucket,
           sum(analyses)::int as analyses, ${sums}
      from analysis_daily_rollups
     where user_id = ${userId} and day >= ${range.previousFrom}::date and day < ${range.to}::date
     group by 1`,
  );
  return rows.map((row) => ({
    bucket: typeof row.bucket === 'string' ? row.bucket : null,
    analyses: Number(row.analyses ?? 0),
    counts: Object.fromEntries(VERDICTS.map((v) => [v, Number(row[verdictColumn(v)] ?? 0)])) as Record<
      Verdict,
      number
    >,
  }));
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

/** One day's analysed pages that carry a verdict, and how many of them were draining. */
export interface DayVerdicts {
  day: string;
  pages: number;
  draining: number;
}

/**
 * Per day from `fromDay` on (days cut in `timeZone`, lib/days.ts): the analyses with a verdict and the draining
 * ones among them. Days without such an analysis are absent.
 */
export async function dailyVerdicts(
  db: Db,
  userId: string,
  fromDay: string,
  timeZone: string,
): Promise<DayVerdicts[]> {
  const day = dayOfSql(analyses.createdAt, timeZone);
  const rows = await db
    .select({
      day,
      pages: sql<number>`count(*)::int`,
      draining: sql<number>`(count(*) filter (where ${analyses.verdict} = 'draining'))::int`,
    })
    .from(analyses)
    .where(
      and(
        eq(analyses.userId, userId),
        sql`${analyses.verdict} is not null`,
        gte(analyses.createdAt, startOfDay(fromDay, timeZone)),
      ),
    )
    // By position: the day expression carries its time zone as a parameter, so a repeated one would not match.
    .groupBy(sql`1`);
  return rows.map((r) => ({ day: r.day, pages: Number(r.pages), draining: Number(r.draining) }));
}

// ── Link labels (decision 160) ────────────────────────────────────────────────────────────────────

/** One of the user's analyses with a verdict, as the link labels' context reads it, with its keyset position. */
export interface VerdictPageRow {
  url: string;
  host: string;
  verdict: string;
  /** The stored drivers (jsonb text), or null. */
  drivers: string | null;
  key: AnalysisKey;
}

/**
 * The user's analyses with a verdict created at or after `since`, newest first (ties by id), after `before` when
 * given, at most `limit`: a range of `analyses_user_created_id_idx` read in its order, with no sort.
 */
export async function verdictPage(
  db: Db,
  userId: string,
  options: { since: Date; limit: number; before?: AnalysisKey | undefined },
): Promise<VerdictPageRow[]> {
  const after = options.before
    ? sql`and (created_at, id) < (${options.before.at}::timestamp at time zone 'UTC', ${options.before.id}::uuid)`
    : sql``;
  type Row = {
    url: string;
    host: string;
    verdict: string;
    drivers: string | null;
    id: string;
    exact_at: string;
  };
  const rows = await preparedRows<Row>(
    db,
    options.before ? 'label_verdicts_after' : 'label_verdicts',
    sql`
    select url, host, verdict, drivers::text as drivers, id,
           to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as exact_at
      from analyses
     where user_id = ${userId} and created_at >= ${options.since.toISOString()}::timestamptz
       and verdict is not null ${after}
     order by created_at desc, id desc
     limit ${options.limit}`,
  );
  return rows.map((row) => ({
    url: row.url,
    host: row.host,
    verdict: row.verdict,
    drivers: row.drivers,
    key: { at: row.exact_at, id: row.id },
  }));
}

/**
 * The user's pages with a verdict on the days `from`…`to` (both included; the rollups' days, already cut in the
 * account's zone), and the draining ones among them: a range of the daily rollups' primary key.
 */
export async function verdictPagesIn(
  db: Db,
  userId: string,
  span: { from: string; to: string },
): Promise<{ pages: number; draining: number }> {
  const classified = sql.raw(VERDICT_COLUMNS.join(' + '));
  const [row] = await preparedRows<{ pages: number | string | null; draining: number | string | null }>(
    db,
    'verdict_pages_in',
    sql`
    select coalesce(sum(${classified}), 0)::int as pages, coalesce(sum(draining_pages), 0)::int as draining
      from analysis_daily_rollups
     where user_id = ${userId} and day >= ${span.from}::date and day <= ${span.to}::date`,
  );
  return { pages: Number(row?.pages ?? 0), draining: Number(row?.draining ?? 0) };
}

// ── The weekly letter's figures (decision 158) ─────────────────────────────────────────────────────

/** Days [from, to) cut in a time zone (`YYYY-MM-DD`, `to` excluded): a week of the weekly letter. */
export interface DayRange {
  from: string;
  to: string;
  timeZone: string;
}

/** The user's analyses in the days `range` covers (lib/days.ts cuts them), as a condition. */
function inDays(userId: string, range: DayRange): SQL {
  return and(
    eq(analyses.userId, userId),
    sql`${analyses.createdAt} >= ${startOfDay(range.from, range.timeZone).toISOString()}::timestamptz`,
    sql`${analyses.createdAt} < ${startOfDay(range.to, range.timeZone).toISOString()}::timestamptz`,
  )!;
}

/**
 * Pages per verdict (null: none) of the days of `range`, each row saying whether it falls on or after `splitDay`
 * (`current`) or before it: a week and the week before in one scan.
 */
export async function verdictsAround(
  db: Db,
  userId: string,
  range: DayRange,
  splitDay: string,
): Promise<{ current: boolean; verdict: string | null; pages: number }[]> {
  const current = sql<boolean>`${analyses.createdAt} >= ${startOfDay(splitDay, range.timeZone).toISOString()}::timestamptz`;
  const rows = await db
    .select({ current, verdict: analyses.verdict, pages: sql<number>`count(*)::int` })
    .from(analyses)
    .where(inDays(userId, range))
    // By position: the split carries its zone as a parameter, so a repeated expression would not match.
    .groupBy(sql`1`, sql`2`);
  return rows.map((r) => ({ current: Boolean(r.current), verdict: r.verdict, pages: Number(r.pages) }));
}

/** The hosts with the most pages of `verdict` in the days of `range`, most first (ties by host), at most `limit`. */
export async function topHostsBy(
  db: Db,
  userId: string,
  range: DayRange,
  verdict: string,
  limit: number,
): Promise<{ host: string; pages: number }[]> {
  const pages = sql<number>`count(*)::int`;
  const rows = await db
    .select({ host: analyses.host, pages })
    .from(analyses)
    .where(and(inDays(userId, range), eq(analyses.verdict, verdict)))
    .groupBy(analyses.host)
    .orderBy(desc(pages), analyses.host)
    .limit(limit);
  return rows.map((r) => ({ host: r.host, pages: Number(r.pages) }));
}

/** Pages per day (cut in the range's zone) and host in the days of `range`. */
export async function dayHostCounts(
  db: Db,
  userId: string,
  range: DayRange,
): Promise<{ day: string; host: string; pages: number }[]> {
  const rows = await db
    .select({
      day: dayOfSql(analyses.createdAt, range.timeZone),
      host: analyses.host,
      pages: sql<number>`count(*)::int`,
    })
    .from(analyses)
    .where(inDays(userId, range))
    .groupBy(sql`1`, sql`2`);
  return rows.map((r) => ({ day: r.day, host: r.host, pages: Number(r.pages) }));
}

/**
 * The host with the most uplifting pages in the days of `range` (ties: the one read most recently), with the
 * title of its newest uplifting page that has one; null when there is no uplifting page.
 */
export async function mostUpliftingHost(
  db: Db,
  userId: string,
  range: DayRange,
): Promise<{ host: string; pages: number; title: string | null } | null> {
  const pages = sql<number>`count(*)::int`;
  const [row] = await db
    .select({
      host: analyses.host,
      pages,
      title: sql<
        string | null
      >`(array_agg(${analyses.title} order by ${analyses.createdAt} desc) filter (where ${analyses.title} <> ''))[1]`,
    })
    .from(analyses)
    .where(and(inDays(userId, range), eq(analyses.verdict, 'uplifting')))
    .groupBy(analyses.host)
    .orderBy(desc(pages), desc(sql`max(${analyses.createdAt})`), analyses.host)
    .limit(1);
  return row ? { host: row.host, pages: Number(row.pages), title: row.title ?? null } : null;
}
