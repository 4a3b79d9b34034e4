import type { Analysis } from '@mediadiet/contract/analysis';
import type { TouchpointState } from '@mediadiet/contract/extension';
import { messages } from '@mediadiet/contract/messages';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import * as repo from './repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many times a minute one account's extension may ask what became of its pages (the popup asks). */
export const TOUCHPOINT_STATE_RULE = { name: 'extension-touchpoint-state', limit: 60, windowMs: 60_000 } as const;

/**
 * What became of one of the user's uploaded pages (the popup's last analysis in server mode): pending while it
 * waits or is scored, failed with the catalogue's reason (never the worker's internal error text), or done with
 * its analysis — the same view the dashboard reads. 404 for an id that is not the user's, or a forgotten page.
 */
export async function touchpointState(
  db: Db,
  /** The analysis module's view of one analysis (404 when it is gone). */
  analysisOf: (userId: string, id: string) => Promise<Analysis>,
  userId: string,
  id: string,
): Promise<TouchpointState> {
  // Not a uuid: no touch point can have it (and the query would be a type error in PostgreSQL).
  const found = UUID.test(id) ? await repo.findTouchpoint(db, userId, id.toLowerCase()) : null;
  if (!found) throw notFound(messages.server.analysisNotFound);
  if (found.status === 'queued' || found.status === 'processing') return { id: found.id, status: 'pending' };
  if (found.status === 'failed') return { id: found.id, status: 'failed', error: messages.server.touchpointFailed };
  // Done, but its analysis is gone (forgotten meanwhile): 404, as if it never was.
  return { id: found.id, status: 'done', analysis: await analysisOf(userId, found.id) };
}
