import type { Db } from '../../db/database.ts';
import * as authRepository from '../auth/repository.ts';

/**
 * What the account export reads besides the user record, all scoped by the user's id. Tables of later
 * issues (analyses, ignored sites, subscription, payments, questionnaire) add their reads here.
 */
export async function readAccountData(db: Db, userId: string) {
  const [sessions, identities] = await Promise.all([
    authRepository.listSessions(db, userId),
    authRepository.listIdentities(db, userId),
  ]);
  return { sessions, identities };
}
