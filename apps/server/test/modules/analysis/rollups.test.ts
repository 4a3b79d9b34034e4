import fs from 'node:fs/promises';
import path from 'node:path';
import { CATEGORY_IDS } from '@mediadiet/contract/categories';
import { InsightsResponseSchema } from '@mediadiet/contract/insights';
import { RecentAnalysesResponseSchema } from '@mediadiet/contract/analysis';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyses, type AnalysisRow } from '../../../src/db/schema.ts';
import { createTouchpointWorker } from '../../../src/modules/touchpoints/worker.ts';
import * as repo from '../../../src/modules/analysis/repository.ts';
import { createScorer, type Scorer } from '../../../src/modules/analysis/scorer.ts';
import { toAnalysis } from '../../../src/modules/analysis/view.ts';
import { migrationsDir } from '../../../src/paths.ts';
import { call } from '../../helpers/billing.ts';
import { deviceScores, ingestAccepted, pairedSubscriber, touchpoint } from '../../helpers/extension.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { usageOracle } from '../../helpers/usage.ts';

/**
 * The rollups behind insights (decision 071) stay equal to what the stored analyses say, through the
 * real path: POST /api/extension/touchpoints → worker → analysis + usage + rollups in one transaction.
 */

let t: TestApp;
let realScorer: Scorer;
beforeAll(async () => {
  t = await createTestApp();
  realScorer = await createScorer({ kind: 'offline' });
});
afterAll(async () => {
  await t.close();
});

const TEXTS = [
  'The volunteers planted a hundred trees and the whole street came out to thank them, smiling and hopeful.',
  'Officials ignored the warnings again. Residents are furious, and the outrage over the cover-up keeps growing.',
  'Breathe slowly, make a pot of tea and let the afternoon unfold; this gentle routine calms the mind.',
  'Experts fear the storm could flood the valley tonight; families are anxious and afraid for their homes.',
  'Scientists were amazed: the telescope revealed a breathtaking spiral galaxy never seen before.',
];

const paired = (plan?: 'free' | 'basic') => pairedSubscriber(t, plan);
const ingest = (apiKey: string, body: Record<string, unknown>) => ingestAccepted(t, apiKey, body);

const rowsOf = (userId: string): Promise<AnalysisRow[]> =>
  t.db.select().from(analyses).where(eq(analyses.userId, userId));
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const utcMonth = (d: Date) => `${d.toISOString().slice(0, 7)}-01`;

/** The rollups as computed by hand (in JS) from the stored rows. */
function expectedRollups(rows: AnalysisRow[]) {
  const daily = new Map<
    string,
    { analyses: number; tokens: number; overallSum: number; overallCount: number; sums: number[] }
  >();
  const domains = new Map<string, { visits: number; overallSum: number; overallCount: number }>();
  for (const r of rows) {
    const day = daily.get(utcDay(r.createdAt)) ?? {
      analyses: 0,
      tokens: 0,
      overallSum: 0,
      overallCount: 0,
      sums: CATEGORY_IDS.map(() => 0),
    };
    day.analyses++;
    day.tokens += r.tokens;
    if (r.overallScore !== null) {
      day.overallSum += r.overallScore;
      day.overallCount++;
    }
    const scores = r.categoryScores as Record<string, { BaseScore: number }>;
    CATEGORY_IDS.forEach((id, i) => (day.sums[i]! += scores[id]?.BaseScore ?? 0));
    daily.set(utcDay(r.createdAt), day);
    const key = `${utcMonth(r.createdAt)}|${r.host}`;
    const domain = domains.get(key) ?? { visits: 0, overallSum: 0, overallCount: 0 };
    domain.visits++;
    if (r.overallScore !== null) {
      domain.overallSum += r.overallScore;
      domain.overallCount++;
    }
    domains.set(key, domain);
  }
  return { daily, domains };
}

async function expectRollupsMatchRows(userId: string) {
  const rows = await rowsOf(userId);
  const expected = expectedRollups(rows);
  const stored = await repo.readRollups(t.db, userId);
  expect(stored.daily.map((d) => d.day).sort()).toEqual([...expected.daily.keys()].sort());
  for (const d of stored.daily) {
    const e = expected.daily.get(d.day)!;
    expect(d.analyses).toBe(e.analyses);
    expect(d.tokens).toBe(e.tokens);
    expect(d.overallCount).toBe(e.overallCount);
    expect(d.overallSum).toBeCloseTo(e.overallSum, 6);
    CATEGORY_IDS.forEach((id, i) => expect(d[`${id}Sum`], id).toBeCloseTo(e.sums[i]!, 6));
  }
  expect(stored.domains.map((d) => `${d.month}|${d.host}`).sort()).toEqual(
    [...expected.domains.keys()].sort(),
  );
  for (const d of stored.domains) {
    const e = expected.domains.get(`${d.month}|${d.host}`)!;
    expect(d.visits).toBe(e.visits);
    expect(d.overallCount).toBe(e.overallCount);
    expect(d.overallSum).toBeCloseTo(e.overallSum, 6);
  }
  return { rows, stored };
}

describe('rollups maintained by the touch-point worker', () => {
  it('match the stored analyses after ingest + worker, and the endpoints read them', async () => {
    const who = await paired();
    const hosts = [
      'news.example.org',
      'news.example.org',
      'news.example.org',
      'blog.example.com',
      'forum.example.net',
    ];
    for (const [i, text] of TEXTS.entries()) {
      await ingest(
        who.apiKey,
        touchpoint({ url: `https://${hosts[i]}/story-${i}`, text, capturedAt: new Date().toISOString() }),
      );
    }
    // A device upload without an overall score: counted, but left out of the score averages.
    const { overallScore: _none, ...noOverall } = deviceScores();
    await ingest(
      who.apiKey,
      touchpoint({ url: 'https://forum.example.net/device', text: undefined, scores: noOverall }),
    );
    expect(await t.app.touchpoints.worker.drain()).toMatchObject({ done: 6, failed: 0 });

    const { rows, stored } = await expectRollupsMatchRows(who.userId);
    expect(rows).toHaveLength(6);
    expect(stored.daily.reduce((n, d) => n + d.analyses, 0)).toBe(6);
    expect(stored.daily.reduce((n, d) => n + d.overallCount, 0)).toBe(5);

    const recent = RecentAnalysesResponseSchema.parse(
      (await call(t, who.token, 'GET', '/api/analysis/recent')).json(),
    );
    expect(recent.results).toHaveLength(6);
    expect(recent.totals).toEqual({ touchpoints: 6, tokens: rows.reduce((n, r) => n + r.tokens, 0) });
    expect(await t.app.usage.current(who.userId)).toMatchObject({
      touchpoints: 6,
      tokens: recent.totals.tokens,
    });

    const now = new Date();
    const insights = InsightsResponseSchema.parse(
      (await call(t, who.token, 'GET', '/api/analysis/insights')).json(),
    );
    // Right at a month's turn the analyses may belong to the previous month; ask for theirs then.
    const month = rows.every((r) => utcMonth(r.createdAt) === utcMonth(now))
      ? insights
      : InsightsResponseSchema.parse(
          (
            await call(
              t,
              who.token,
              'GET',
              `/api/analysis/insights/${rows[0]!.createdAt.getUTCMonth() + 1}/${rows[0]!.createdAt.getUTCFullYear()}`,
            )
          ).json(),
        );
    expect(month.totalResults).toBe(6);
    expect(month.topDomains.map((d) => [d.domain, d.visitCount])).toEqual([
      ['news.example.org', 3],
      ['forum.example.net', 2],
      ['blog.example.com', 1],
    ]);
    const news = rows.filter((r) => r.host === 'news.example.org');
    expect(month.topDomains[0]!.averageScore).toBeCloseTo(
      news.reduce((n, r) => n + r.overallScore!, 0) / 3,
      3,
    );
    // forum.example.net: two visits, one of them without an overall score.
    const forum = rows.find((r) => r.host === 'forum.example.net' && r.overallScore !== null)!;
    expect(month.topDomains[1]!.averageScore).toBeCloseTo(forum.overallScore!, 3);
    const joy =
      rows.reduce(
        (n, r) => n + (r.categoryScores as Record<string, { BaseScore: number }>).joy!.BaseScore,
        0,
      ) / 6;
    expect(month.trends.metadata.averageScores.joy).toBeCloseTo(joy, 3);
  });

  it('does not count an analysis twice when its touch point is processed again', async () => {
    const who = await paired();
    const id = await ingest(who.apiKey, touchpoint({ text: TEXTS[0] }));
    await t.app.touchpoints.worker.drain();
    const before = await repo.readRollups(t.db, who.userId);
    await t.db.execute(
      sql`update touchpoints set status = 'queued', next_attempt_at = now() where id = ${id}`,
    );
    expect(await t.app.touchpoints.worker.drain()).toMatchObject({ done: 1 });
    expect(await repo.readRollups(t.db, who.userId)).toEqual(before);
    await expectRollupsMatchRows(who.userId);
  });

  it('rolls nothing up for an analysis that metering refused', async () => {
    const who = await paired('free');
    await ingest(who.apiKey, touchpoint({ text: TEXTS[1] }));
    for (let i = 0; i < 50; i++) await usageOracle(t.app).record(who.userId, 1);
    expect(await t.app.touchpoints.worker.drain()).toMatchObject({ failed: 1 });
    expect(await repo.readRollups(t.db, who.userId)).toEqual({ daily: [], domains: [] });
  });

  it('stay exact with two workers storing at once', async () => {
    const who = await paired();
    for (let i = 0; i < 30; i++) {
      await ingest(
        who.apiKey,
        touchpoint({ url: `https://site-${i % 4}.example/p/${i}`, text: TEXTS[i % TEXTS.length] }),
      );
    }
    const make = () =>
      createTouchpointWorker({
        db: t.db,
        usage: t.app.usage,
        scorer: realScorer,
        log: t.app.log,
        onStored: () => {},
        options: { batchSize: 4 },
      });
    const [a, b] = await Promise.all([make().drain(), make().drain()]);
    expect(a.done + b.done).toBe(30);
    const { stored } = await expectRollupsMatchRows(who.userId);
    expect(stored.domains.reduce((n, d) => n + d.visits, 0)).toBe(30);
  });

  it('equal a rebuild, and the migration’s backfill computes the same rows', async () => {
    const rowsOf = async (query: ReturnType<typeof sql>) => {
      const { rows } = (await t.db.execute(query)) as { rows: Record<string, unknown>[] };
      // Float sums may differ in the last bits with the order of addition.
      return rows.map((r) =>
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [
            k,
            typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : String(v),
          ]),
        ),
      );
    };
    const all = async () => ({
      daily: await rowsOf(sql`select * from analysis_daily_rollups order by user_id, day`),
      domains: await rowsOf(sql`select * from analysis_domain_rollups order by user_id, month, host`),
    });
    const incremental = await all();
    expect(incremental.daily.length).toBeGreaterThan(0);
    // The analyzer gives verdicts: the days count them.
    const verdictPages = (d: Record<string, unknown>) =>
      ['uplifting', 'neutral', 'mixed', 'draining'].reduce((n, v) => n + Number(d[`${v}_pages`]), 0);
    expect(incremental.daily.reduce((n, d) => n + verdictPages(d), 0)).toBeGreaterThan(0);

    await repo.rebuildRollups(t.db);
    expect(await all()).toEqual(incremental);

    // The backfill statements of drizzle/0004_analysis_rollups.sql, run on emptied tables.
    const migration = await fs.readFile(path.join(migrationsDir, '0004_analysis_rollups.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /^(--[^\n]*\n)*INSERT INTO "analysis_/.test(s));
    expect(backfill).toHaveLength(2);
    await t.db.execute(sql`delete from analysis_daily_rollups`);
    await t.db.execute(sql`delete from analysis_domain_rollups`);
    for (const statement of backfill) await t.db.execute(sql.raw(statement));
    // The verdict counts came later (drizzle/0016_daily_rollup_verdicts.sql), with their own backfill.
    const verdicts = (await fs.readFile(path.join(migrationsDir, '0016_daily_rollup_verdicts.sql'), 'utf8'))
      .split('--> statement-breakpoint')
      .filter((s) => s.includes('UPDATE "analysis_daily_rollups"'));
    expect(verdicts).toHaveLength(1);
    await t.db.execute(sql.raw(verdicts[0]!));
    expect(await all()).toEqual(incremental);

    // Its view backfill writes what toAnalysis writes for new rows, but for the verdict, whose columns came
    // later (migration 0013): rows from before them have none.
    const viewUpdate = migration
      .split('--> statement-breakpoint')
      .find((s) => s.includes('UPDATE "analyses" SET "view_json"'));
    await t.db.execute(sql.raw(viewUpdate!));
    const rows = await t.db.select().from(analyses);
    expect(rows.length).toBeGreaterThan(30);
    for (const row of rows)
      expect(JSON.parse(row.viewJson), row.id).toEqual(toAnalysis({ ...row, verdict: null, drivers: null, confidence: null }));
  });

  it('go with the account', async () => {
    const who = await paired();
    await ingest(who.apiKey, touchpoint({ text: TEXTS[2] }));
    await t.app.touchpoints.worker.drain();
    expect((await repo.readRollups(t.db, who.userId)).daily).toHaveLength(1);
    await t.app.users.remove(who.userId);
    expect(await repo.readRollups(t.db, who.userId)).toEqual({ daily: [], domains: [] });
  });
});
