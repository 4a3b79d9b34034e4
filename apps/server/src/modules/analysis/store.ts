import type { Db } from '../../db/database.ts';
import type { UsageService } from '../billing/usage-service.ts';
import * as repo from './repository.ts';
import type { StoreOutcome } from './service.ts';

/**
 * Stores the analyses of several touch points with everything that must agree with them, inside the
 * caller's transaction (decisions 061, 071), in a fixed number of statements whatever the batch size:
 * - the rows, in one multi-row `INSERT … ON CONFLICT (touchpoint_id) DO NOTHING` (a touch point that
 *   already has its analysis — a retry after a crash — gets nothing stored and nothing billed);
 * - the usage of the inserted ones, per user, with the decisions `tryRecordIn` would give them one by
 *   one in the given order (`tryRecordManyIn`: one statement when they all fit);
 * - the refused ones removed again (nothing stored, nothing billed, no rollup);
 * - the rollups of the accepted ones, aggregated per (user, day) and (user, month, host).
 * Answers one outcome per item, in the given order. The touch-point worker, the demo seed and the tests'
 * builders store analyses through this (`storeAnalysisIn` is the one-item case).
 */
export async function storeAnalysesIn(
  tx: Db,
  usage: Pick<UsageService, 'tryRecordManyIn'>,
  items: readonly repo.NewAnalysis[],
): Promise<StoreOutcome[]> {
  const outcomes: StoreOutcome[] = items.map(() => ({ kind: 'existing' }));
  const inserted = new Map((await repo.insertAnalyses(tx, items)).map((row) => [row.id, row]));
  if (inserted.size === 0) return outcomes;

  const perUser = new Map<string, number[]>();
  items.forEach((item, i) => {
    const row = inserted.get(item.id);
    if (!row) return;
    const indexes = perUser.get(row.userId) ?? [];
    indexes.push(i);
    perUser.set(row.userId, indexes);
  });

  const refused: string[] = [];
  const accepted: string[] = [];
  for (const [userId, indexes] of perUser) {
    const rows = indexes.map((i) => inserted.get(items[i]!.id)!);
    const decisions = await usage.tryRecordManyIn(
      tx,
      userId,
      rows.map((row) => row.tokens),
    );
    rows.forEach((row, k) => {
      const decision = decisions[k]!;
      if (decision.ok) {
        outcomes[indexes[k]!] = { kind: 'stored', row };
        accepted.push(row.id);
      } else {
        outcomes[indexes[k]!] = { kind: 'refused', message: decision.message };
        refused.push(row.id);
      }
    });
  }
  await repo.deleteAnalyses(tx, refused);
  await repo.addManyToRollups(tx, accepted);
  return outcomes;
}
