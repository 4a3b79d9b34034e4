import { confirmEmailMatches, type AccountExportResponse } from '@mediadiet/contract/account';
import { messages } from '@mediadiet/contract/messages';
import type { User } from '@mediadiet/contract/user';
import type { Db } from '../../db/database.ts';
import { badRequest, unauthorized } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { toAnalysis } from '../analysis/view.ts';
import { normalizeScores, toPersonalization } from '../questionnaire/personality.ts';
import type { UsersService } from '../users/service.ts';
import { readAccountData } from './repository.ts';

/** The account itself: read it, export everything held about it, delete it (privacy, GDPR art. 15/17/20). */
export interface AccountService {
  get(userId: string): Promise<User>;
  exportData(userId: string, currentSessionId: string | null): Promise<AccountExportResponse>;
  /** Deletes the account and all its data once `confirmEmail` matches the account's e-mail. */
  remove(userId: string, confirmEmail: string): Promise<void>;
}

export function createAccountService(deps: { db: Db; users: UsersService; clock: Clock }): AccountService {
  const { db, users, clock } = deps;

  const get = async (userId: string) => {
    const user = await users.findById(userId);
    // The session outlived its user (deleted meanwhile): the caller is no longer signed in.
    if (!user) throw unauthorized(messages.server.unauthorized);
    return user;
  };

  return {
    get,

    async exportData(userId, currentSessionId) {
      const user = await get(userId);
      const { sessions, identities, analyses, ignoredSites, personalization, answers } = await readAccountData(db, userId);
      return {
        success: true,
        exportedAt: clock().toISOString(),
        user,
        subscription: null,
        analyses: analyses.map(toAnalysis),
        ignoredSites,
        personalization: personalization ? toPersonalization(normalizeScores(personalization.scores)) : null,
        answers,
        paymentMethods: [],
        invoices: [],
        sessions: sessions.map((s) => ({
          id: s.id,
          method: s.method,
          userAgent: s.userAgent,
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
          revokedAt: s.revokedAt?.toISOString() ?? null,
          current: s.id === currentSessionId,
        })),
        identities: identities.map((i) => ({
          issuer: i.issuer,
          subject: i.subject,
          email: i.email,
          createdAt: i.createdAt.toISOString(),
          lastUsedAt: i.lastUsedAt.toISOString(),
        })),
      };
    },

    async remove(userId, confirmEmail) {
      const user = await get(userId);
      if (!confirmEmailMatches(confirmEmail, user.email)) throw badRequest(messages.server.confirmEmailMismatch);
      // Sessions, PINs, identities (and every later table) reference users with ON DELETE CASCADE.
      await users.remove(userId);
    },
  };
}
