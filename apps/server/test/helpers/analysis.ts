import { randomUUID } from 'node:crypto';
import type { AnalysisScores, CategoryScores } from '@mediadiet/contract/analysis';
import { CATEGORIES, CATEGORY_IDS, type CategoryId } from '@mediadiet/contract/categories';
import type { Db } from '../../src/db/database.ts';
import { touchpoints, type AnalysisRow } from '../../src/db/schema.ts';
import { storeAnalysisIn } from '../../src/modules/analysis/store.ts';
import { toAnalysis } from '../../src/modules/analysis/view.ts';
import { vi } from 'vitest';
import type { TestApp } from './test-app.ts';

/** Category scores: every category at BaseScore 0 unless given. */
export function buildScores(base: Partial<Record<CategoryId, number>> = {}): CategoryScores {
  return Object.fromEntries(
    CATEGORY_IDS.map((id) => [
      id,
      {
        BaseScore: base[id] ?? 0,
        Classification: CATEGORIES[id].classification,
        BayesFactor: 1,
        PosteriorProbability: 0.5,
        EffectiveN: 2,
      },
    ]),
  ) as CategoryScores;
}

export interface AnalysisSpec {
  createdAt: Date | string;
  host?: string;
  /** Default `https://<host>/<random>`. */
  url?: string;
  title?: string;
  tokens?: number;
  /** null: stored without an overall score (a device upload that sent none). */
  overallScore?: number | null;
  base?: Partial<Record<CategoryId, number>>;
  classification?: AnalysisScores['classificationAnalysis'];
  /** Default 'test-1'. */
  modelVersion?: string;
  /** The analyzer's verdict; default none (stored without one, as older scorers did). */
  verdict?: AnalysisScores['verdict'];
}

/** Accepts every usage record (tests of reads do not exercise metering). */
const acceptAll = {
  tryRecordBatchIn: (_tx: unknown, items: readonly unknown[]) =>
    Promise.resolve(items.map(() => ({ ok: true as const }))),
};

/**
 * Stores analyses for a user as the worker does (touch point row + `storeAnalysisIn`: analysis and rollups
 * in one transaction, then `analysis_created_{userId}` when an app is given — which also drops the user's
 * kept history pages), with the given creation times. Answers the stored rows in the given order.
 */
export async function buildAnalyses(
  t: Pick<TestApp, 'db'> & Partial<Pick<TestApp, 'app'>>,
  userId: string,
  specs: AnalysisSpec[],
): Promise<AnalysisRow[]> {
  const rows: AnalysisRow[] = [];
  for (const spec of specs) {
    const createdAt = new Date(spec.createdAt);
    const host = spec.host ?? 'news.example.org';
    const url = spec.url ?? `https://${host}/${randomUUID().slice(0, 8)}`;
    const row = await t.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [tp] = await tx
        .insert(touchpoints)
        .values({
          userId,
          url,
          host,
          title: spec.title ?? '',
          text: null,
          contentHash: randomUUID(),
          capturedAt: createdAt,
          status: 'done',
        })
        .returning({ id: touchpoints.id });
      const outcome = await storeAnalysisIn(tx, acceptAll, {
        id: tp!.id,
        userId,
        touchpointId: tp!.id,
        url,
        host,
        title: spec.title ?? '',
        tokens: spec.tokens ?? 100,
        categoryScores: buildScores(spec.base),
        classificationAnalysis: spec.classification ?? {
          correlationCoefficient: 0.5,
          bayesFactor: 2,
          posteriorProbability: 0.6,
        },
        valence: 0,
        overallScore: spec.overallScore === undefined ? 50 : spec.overallScore,
        modelVersion: spec.modelVersion ?? 'test-1',
        mode: 'server',
        verdict: spec.verdict ?? null,
        createdAt,
      });
      if (outcome.kind !== 'stored') throw new Error(`buildAnalyses: ${outcome.kind}`);
      return outcome.row;
    });
    t.app?.touchpoints.announceStored(userId, toAnalysis(row));
    rows.push(row);
  }
  return rows;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/**
 * The statements `work` sends to the app's database client (node-postgres pool or PGlite) whose SQL mentions
 * `match`: what one request costs in round trips, whichever database the tests run on.
 */
export async function statementsDuring(t: TestApp, match: RegExp, work: () => Promise<unknown>) {
  const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = vi.spyOn(client, 'query');
  try {
    await work();
    return query.mock.calls
      .map(([statement]) => (typeof statement === 'string' ? statement : JSON.stringify(statement)))
      .filter((text) => match.test(text));
  } finally {
    query.mockRestore();
  }
}
