import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { intervalRun, type IntervalRun } from '../../lib/interval-run.ts';
import type { LocalProvider } from './providers/local.ts';
import * as repo from './repository.ts';

/**
 * The durable billing sweep of the local provider (ARCHITECTURE "Durable work"): every run claims the
 * subscriptions whose period has ended (`FOR UPDATE SKIP LOCKED`, so several server processes share the
 * work and never take the same row) and settles each in the claiming transaction — trial end, renewal
 * with an invoice (plan + overage of the ended period), past_due after a failed charge, canceled after a
 * scheduled cancelation. A crash rolls the transaction back and the next run takes the row again.
 * The state lives in `subscriptions.current_period_end`, so there is no separate job table. `runOnce` settles
 * everything due at the clock's time and answers how many periods were settled.
 */
export type BillingSweep = IntervalRun<number>;

const BATCH = 25;
/** A subscription months behind is settled one period per pass; this bounds one run. */
const MAX_PASSES = 50;

export function createBillingSweep(deps: {
  db: Db;
  clock: Clock;
  local: LocalProvider;
  log: FastifyBaseLogger;
  /** Called after a subscription changed (to announce it). */
  onSettled?: (userId: string) => void;
}): BillingSweep {
  const { db, clock, local, log } = deps;

  const pass = async (): Promise<string[]> =>
    db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const now = clock();
      const due = await repo.claimDueSubscriptions(tx, now, BATCH);
      for (const sub of due) await local.settleDuePeriod(tx, sub, now);
      return due.map((sub) => sub.userId);
    });

  const runOnce = async () => {
    let settled = 0;
    for (let i = 0; i < MAX_PASSES; i++) {
      const users = await pass();
      settled += users.length;
      for (const userId of users) deps.onSettled?.(userId);
      if (users.length === 0) break;
    }
    return settled;
  };

  return intervalRun(runOnce, (error: unknown) => log.error({ err: error }, 'billing sweep failed'));
}
