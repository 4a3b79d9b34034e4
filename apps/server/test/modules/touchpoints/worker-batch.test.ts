import { CATEGORY_IDS } from '@mediadiet/contract/categories';
import { messages } from '@mediadiet/contract/messages';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { includedTokens, PLAN_CONFIG } from '../../../src/config/plans.ts';
import { analyses, touchpoints, type AnalysisRow } from '../../../src/db/schema.ts';
import * as analysisRepo from '../../../src/modules/analysis/repository.ts';
import {
  deviceScores,
  ingestAccepted,
  pairedSubscriber,
  testAppWithEvents,
  touchpoint,
} from '../../helpers/extension.ts';
import { usageOracle } from '../../helpers/usage.ts';

/**
 * The worker stores a claimed batch in one transaction (decision 061): one multi-row insert, the usage per
 * user with the decisions `tryRecordIn` would give one by one in capture order, rollups per (user, day)
 * and (user, month, host), statuses per batch — and still bills and counts each touch point exactly once.
 */

const { t, events } = testAppWithEvents();

const paired = (plan: 'free' | 'basic') => pairedSubscriber(t, plan);
const ingest = (apiKey: string, body: Record<string, unknown>) => ingestAccepted(t, apiKey, body);

const row = async (id: string) => (await t.db.select().from(touchpoints).where(eq(touchpoints.id, id)))[0]!;
const analysesOf = (ids: string[]) => t.db.select().from(analyses).where(inArray(analyses.touchpointId, ids));
const rowsOfUser = (userId: string): Promise<AnalysisRow[]> =>
  t.db.select().from(analyses).where(eq(analyses.userId, userId));
/** A capture time `seconds` into the last full minute (capture times are bounded near now). */
const BASE_MINUTE = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
const at = (seconds: number) => new Date(BASE_MINUTE + seconds * 1000).toISOString();

/** The user's rollups equal the sums of their stored analyses, computed here by hand, and a rebuild. */
async function expectRollupsAreSums(userId: string) {
  const rows = await rowsOfUser(userId);
  const stored = await analysisRepo.readRollups(t.db, userId);
  const days = new Map<string, { n: number; tokens: number; overall: number; sums: number[] }>();
  const domains = new Map<string, number>();
  for (const r of rows) {
    const day = r.createdAt.toISOString().slice(0, 10);
    const d = days.get(day) ?? { n: 0, tokens: 0, overall: 0, sums: CATEGORY_IDS.map(() => 0) };
    d.n++;
    d.tokens += r.tokens;
    d.overall += r.overallScore ?? 0;
    const scores = r.categoryScores as Record<string, { BaseScore: number }>;
    CATEGORY_IDS.forEach((id, i) => (d.sums[i]! += scores[id]!.BaseScore));
    days.set(day, d);
    const key = `${r.createdAt.toISOString().slice(0, 7)}-01|${r.host}`;
    domains.set(key, (domains.get(key) ?? 0) + 1);
  }
  const check = (rollups: typeof stored) => {
    expect(rollups.daily.map((d) => d.day).sort()).toEqual([...days.keys()].sort());
    for (const d of rollups.daily) {
      const e = days.get(d.day)!;
      expect([d.analyses, d.tokens]).toEqual([e.n, e.tokens]);
      expect(d.overallSum).toBeCloseTo(e.overall, 6);
      CATEGORY_IDS.forEach((id, i) => expect(d[`${id}Sum`], id).toBeCloseTo(e.sums[i]!, 6));
    }
    expect(Object.fromEntries(rollups.domains.map((d) => [`${d.month}|${d.host}`, d.visits]))).toEqual(
      Object.fromEntries(domains),
    );
  };
  check(stored);
  // A rebuild from the rows (repair, migration backfill) computes the same.
  await analysisRepo.rebuildRollups(t.db, userId);
  check(await analysisRepo.readRollups(t.db, userId));
  return rows;
}

describe('the worker stores a batch in one pass', () => {
  it('a mixed batch: new, device, already analysed and one refused by the cap (in capture order)', async () => {
    // A paying user's page that is analysed already (it will come back, as after a crash).
    const paid = await paired('basic');
    const again = await ingest(paid.apiKey, touchpoint({ url: 'https://news.example.org/again' }));
    expect(await t.app.touchpoints.worker.drain()).toMatchObject({ done: 1 });
    const paidUsageBefore = await t.app.usage.current(paid.userId);
    await t.db.execute(
      sql`update touchpoints set status = 'queued', next_attempt_at = now() where id = ${again}`,
    );

    // A free user with room for two more touch points sends three, captured in the order b, c, a.
    const free = await paired('free');
    for (let i = 0; i < 48; i++) await usageOracle(t.app).record(free.userId, 1);
    const a = await ingest(
      free.apiKey,
      touchpoint({ url: 'https://news.example.org/a', capturedAt: at(30) }),
    );
    const b = await ingest(
      free.apiKey,
      touchpoint({ url: 'https://news.example.org/b', capturedAt: at(10) }),
    );
    const c = await ingest(
      free.apiKey,
      touchpoint({ url: 'https://blog.example.com/c', capturedAt: at(20) }),
    );
    // The paying user: two pages and a device upload.
    const p1 = await ingest(paid.apiKey, touchpoint({ url: 'https://news.example.org/p1' }));
    const p2 = await ingest(paid.apiKey, touchpoint({ url: 'https://forum.example.net/p2' }));
    const device = await ingest(
      paid.apiKey,
      touchpoint({ url: 'https://forum.example.net/d', text: undefined, scores: deviceScores() }),
    );
    events.length = 0;

    // All seven in one claim, one storing transaction.
    const result = await t.app.touchpoints.worker.runOnce();
    expect(result).toEqual({ claimed: 7, done: 6, retried: 0, failed: 1 });

    // The free user: b and c (captured first) fit, a is refused — failed with the reason, not stored or billed.
    expect(await row(a)).toMatchObject({ status: 'failed', attempts: 1, text: null });
    expect((await row(a)).lastError).toContain(messages.server.freeLimitReached.slice(0, 40));
    const freeRows = await analysesOf([a, b, c]);
    expect(freeRows.map((r) => r.id).sort()).toEqual([b, c].sort());
    expect(await t.app.usage.current(free.userId)).toMatchObject({
      touchpoints: 50,
      tokens: 48 + freeRows.reduce((n, r) => n + r.tokens, 0),
    });
    for (const id of [b, c])
      expect(await row(id)).toMatchObject({ status: 'done', text: null, lastError: null });

    // The paying user: the new three stored and billed once; the one analysed before neither again.
    const paidRows = await analysesOf([p1, p2, device, again]);
    expect(paidRows).toHaveLength(4);
    expect(paidRows.find((r) => r.id === device)).toMatchObject({ mode: 'device', tokens: 2_000 }); // one whole touch point
    const newTokens = paidRows.filter((r) => r.id !== again).reduce((n, r) => n + r.tokens, 0);
    expect(await t.app.usage.current(paid.userId)).toMatchObject({
      touchpoints: paidUsageBefore.touchpoints + 3,
      tokens: paidUsageBefore.tokens + newTokens,
    });
    for (const id of [p1, p2, device, again]) expect(await row(id)).toMatchObject({ status: 'done' });

    // One analysis_created per new analysis, none for the refused or the old one.
    const created = events.filter((e) => e.event.startsWith('analysis_created_'));
    expect(created.map((e) => (e.payload as { analysis: { id: string } }).analysis.id).sort()).toEqual(
      [b, c, p1, p2, device].sort(),
    );

    // Rollups: exactly the sums of the stored rows (the refused page counts nowhere).
    expect(await expectRollupsAreSums(free.userId)).toHaveLength(2);
    expect(await expectRollupsAreSums(paid.userId)).toHaveLength(4);
  });

  it('a page that does not fit is refused and a later smaller one still fits (tokens, capture order)', async () => {
    const paid = await paired('basic');
    // 5,000 tokens left under the plan's allowance (no overage cap). A device page is billed at least one
    // touch point (2,000 tokens), so the small one costs 2,000.
    await usageOracle(t.app).record(paid.userId, includedTokens(PLAN_CONFIG.basic) - 5_000);
    const upload = (tokens: number, second: number, n: string) =>
      ingest(
        paid.apiKey,
        touchpoint({
          url: `https://news.example.org/${n}`,
          text: undefined,
          scores: deviceScores({ tokens }),
          capturedAt: at(second),
        }),
      );
    const small = await upload(100, 3, 'small');
    const first = await upload(3_000, 1, 'first');
    const tooBig = await upload(2_500, 2, 'too-big');
    expect(await t.app.touchpoints.worker.runOnce()).toMatchObject({ claimed: 3, done: 2, failed: 1 });
    expect((await analysesOf([small, first, tooBig])).map((r) => r.id).sort()).toEqual([small, first].sort());
    expect(await row(tooBig)).toMatchObject({
      status: 'failed',
      lastError: messages.server.usageLimitReached,
    });
    expect(await t.app.usage.current(paid.userId)).toMatchObject({
      tokens: includedTokens(PLAN_CONFIG.basic),
      touchpoints: 3,
    });
    await expectRollupsAreSums(paid.userId);
  });
});
