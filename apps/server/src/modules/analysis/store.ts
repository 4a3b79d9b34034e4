import type { Db } from '../../db/database.ts';
import type { AnalysisRow } from '../../db/schema.ts';
import type { UsageService } from '../billing/usage-service.ts';
import * as repo from './repository.ts';

/** An analysis to store (the touch-point worker builds these). */
export type NewAnalysis = repo.NewAnalysis;


/**
 * Stores the analyses of several touch points with everything that must agree with them, inside the
 * caller's transaction (decisions 061, 071), in a fixed number of statements whatever the batch size:
 * - the rows, in one multi-row `INSERT … ON CONFLICT (touchpoint_id) DO NOTHING` (a touch point that
 *   already has its analysis — a retry after a crash — gets nothing stored and nothing billed);
 * - the usage of the inserted ones, with the decisions a check-and-add of each would give one by one in the
 *   given order (`tryRecordBatchIn`: three statements, the usage rows locked in user-id order);
 * - the refused ones removed again (nothing stored, nothing billed, no rollup);
 * - the rollups of the accepted ones, aggregated per (user, day) and (user, month, host), written in key
 *   order.
 * Every row two concurrent batches can share (usage, rollups) is locked in one global order — usage rows by
 * user, then daily rollups, then domain rollups, each sorted — so they wait for each other, never deadlock.
 * Answers one outcome per item, in the given order. The touch-point worker, the demo seed and the tests'
 * builders store analyses through this (`storeAnalysisIn` is the one-item case).
 */
export async function storeAnalysesIn(
  tx: Db,
  usage: Pick<UsageService, 'tryRecordBatchIn'>,
  items: readonly repo.NewAnalysis[],
): Promise<StoreOutcome[]> {
  const outcomes: StoreOutcome[] = items.map(() => ({ kind: 'existing' }));
  const inserted = new Map((await repo.insertAnalyses(tx, items)).map((row) => [row.id, row]));
  if (inserted.size === 0) return outcomes;

  // The inserted ones, in the given order, metered in one go (`tryRecordBatchIn`).
  const indexes = items.flatMap((item, i) => (inserted.has(item.id) ? [i] : []));
  const rows = indexes.map((i) => inserted.get(items[i]!.id)!);
  const decisions = await usage.tryRecordBatchIn(
    tx,
    rows.map((row) => ({ userId: row.userId, tokens: row.tokens })),
  );
  const refused: string[] = [];
  const accepted: string[] = [];
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
  await repo.deleteAnalyses(tx, refused);
  await repo.addManyToRollups(tx, accepted);
  return outcomes;
}

export type StoreOutcome =
  | { kind: 'stored'; row: AnalysisRow }
  /** The touch point already has its analysis (a retry after a crash): nothing stored or billed. */
  | { kind: 'existing' }
  /** Metering refused it: nothing stored. */
  | { kind: 'refused'; message: string };

/**
 * Stores one analysis with everything that must agree with it, inside the caller's transaction: the row
 * (once per touch point), the usage (only if the row was new) and the rollups (only if metering
 * accepted it). The one-item case of `storeAnalysesIn` (below), which the touch-point worker uses.
 */
export async function storeAnalysisIn(
  tx: Db,
  usage: Pick<UsageService, 'tryRecordBatchIn'>,
  values: repo.NewAnalysis,
): Promise<StoreOutcome> {
  const [outcome] = await storeAnalysesIn(tx, usage, [values]);
  return outcome!;
}
