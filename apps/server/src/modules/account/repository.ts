import type { Db } from '../../db/database.ts';
import * as authRepository from '../auth/repository.ts';
import * as billingRepository from '../billing/repository.ts';
import * as extensionKeysRepository from '../extension/keys-repository.ts';
import * as analysisRepository from '../analysis/repository.ts';
import * as questionnaireRepository from '../questionnaire/repository.ts';
import * as urlsRepository from '../urls/repository.ts';

/**
 * What the account export reads besides the user record, all scoped by the user's id. Tables of later
 * issues (analyses, ignored sites, subscription, payments, questionnaire) add their reads here.
 */
export async function readAccountData(db: Db, userId: string) {
  const [sessions, identities, analyses, ignoredSites, personalization, submission, extensions, usage, subscription] =
    await Promise.all([
      authRepository.listSessions(db, userId),
      authRepository.listIdentities(db, userId),
      analysisRepository.listAnalyses(db, userId),
      urlsRepository.listDomains(db, userId),
      questionnaireRepository.findPersonalization(db, userId),
      questionnaireRepository.findLatestSubmission(db, userId),
      extensionKeysRepository.listKeys(db, userId),
      billingRepository.listUsagePeriods(db, userId),
      billingRepository.findCurrentSubscription(db, userId),
    ]);
  return {
    sessions,
    identities,
    extensions,
    usage,
    subscription,
    analyses,
    ignoredSites,
    personalization,
    answers: submission?.answers ?? null,
  };
}
