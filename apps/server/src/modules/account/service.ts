import { confirmEmailMatches, type AccountExportResponse } from '@mediadiet/contract/account';
import { messages } from '@mediadiet/contract/messages';
import type { Preferences } from '@mediadiet/contract/preferences';
import type { User } from '@mediadiet/contract/user';
import { badRequest, unauthorized } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AnalysisService } from '../analysis/service.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { AccountClosure } from '../billing/account-closure.ts';
import type { PaymentService } from '../billing/payment-service.ts';
import { toSubscription } from '../billing/service-helpers.ts';
import type { SubscriptionService } from '../billing/subscription-service.ts';
import type { ExtensionKeyService } from '../extension/keys.ts';
import type { GoalsService } from '../goals/service.ts';
import type { LabelsService } from '../labels/service.ts';
import type { MoodService } from '../mood/service.ts';
import type { QuestionnaireService } from '../questionnaire/service.ts';
import type { UrlsService } from '../urls/service.ts';
import type { UsersService } from '../users/service.ts';

/** The account itself: read it, export everything held about it, delete it (privacy, GDPR art. 15/17/20). */
export interface AccountService {
  get(userId: string): Promise<User>;
  exportData(userId: string, currentSessionId: string | null): Promise<AccountExportResponse>;
  /** Deletes the account and all its data once `confirmEmail` matches the account's e-mail. */
  remove(userId: string, confirmEmail: string): Promise<void>;
  /** The time zone and whether the weekly letter goes (a paid plan's default until the person chooses). */
  preferences(userId: string): Promise<Preferences>;
  /**
   * Changes either or both (validated and canonicalised by the contract). A new time zone re-cuts the person's
   * stored rollups in the same transaction (decision 155): every day, week and month is theirs at once.
   */
  updatePreferences(userId: string, patch: { timeZone?: string; weeklyLetter?: boolean }): Promise<Preferences>;
}

/** The weekly letter is on by default for a paid plan (Basic, Premium); a person's own choice always wins. */
export function weeklyLetterOn(choice: boolean | null, livePlan: string | null): boolean {
  return choice ?? (livePlan !== null && livePlan !== 'free');
}

/**
 * The account has no table of its own: the export reads each module's data through that module's service.
 */
export function createAccountService(deps: {
  users: UsersService;
  sessions: Pick<SessionService, 'listForExport'>;
  analysis: Pick<AnalysisService, 'listAll' | 'recutRollupsIn' | 'changed'>;
  urls: Pick<UrlsService, 'list'>;
  goals: Pick<GoalsService, 'list'>;
  mood: Pick<MoodService, 'listAll'>;
  labels: Pick<LabelsService, 'listAll'>;
  questionnaire: Pick<QuestionnaireService, 'exportData'>;
  extensionKeys: Pick<ExtensionKeyService, 'listAll'>;
  subscriptions: Pick<SubscriptionService, 'exportRows' | 'livePlan'>;
  clock: Clock;
  /** Cards and invoices as the payment provider holds them (only summaries: brand, last 4, expiry). */
  payments: Pick<PaymentService, 'listCards' | 'history'>;
  /** Ends the subscription and deletes the customer at the payment provider before the rows go. */
  closure: AccountClosure;
}): AccountService {
  const { users, clock, payments, closure } = deps;

  /** What the export reads besides the user record, all scoped by the user's id. */
  const readAccountData = async (userId: string) => {
    const [auth, analyses, ignoredSites, goals, questionnaire, extensions, billing, moodCheckIns, settings, labelCounts] =
      await Promise.all([
        deps.sessions.listForExport(userId),
        deps.analysis.listAll(userId),
        deps.urls.list(userId),
        deps.goals.list(userId),
        deps.questionnaire.exportData(userId),
        deps.extensionKeys.listAll(userId),
        deps.subscriptions.exportRows(userId),
        deps.mood.listAll(userId),
        preferences(userId),
        deps.labels.listAll(userId),
      ]);
    return {
      ...auth,
      analyses,
      ignoredSites,
      goals,
      ...questionnaire,
      extensions,
      ...billing,
      moodCheckIns,
      preferences: settings,
      labelCounts,
    };
  };

  const get = async (userId: string) => {
    const user = await users.findById(userId);
    // The session outlived its user (deleted meanwhile): the caller is no longer signed in.
    if (!user) throw unauthorized(messages.server.unauthorized);
    return user;
  };

  const preferences = async (userId: string): Promise<Preferences> => {
    const [stored, plan] = await Promise.all([users.preferences(userId), deps.subscriptions.livePlan(userId)]);
    if (!stored) throw unauthorized(messages.server.unauthorized);
    return { timeZone: stored.timeZone, weeklyLetter: weeklyLetterOn(stored.weeklyLetter, plan) };
  };

  return {
    get,
    preferences,

    async updatePreferences(userId, patch) {
      const { timeZone } = patch;
      if (timeZone === undefined) {
        const changed = await users.update(userId, patch);
        if (!changed) throw unauthorized(messages.server.unauthorized);
        return preferences(userId);
      }
      // The runtime's Intl knew the zone (the contract); the database cuts days in it too, so it must know it.
      if (!(await users.databaseKnowsZone(timeZone))) throw badRequest(messages.preferences.timeZoneUnknown);
      // One transaction: the row locked first (storing and forgetting analyses wait, decision 155), the zone
      // written, the rollups rebuilt in it. The user is announced after the commit (update_user, caches).
      const outcome = await users.transaction(async (tx, notify) => {
        const before = await users.lockPreferencesIn(tx, userId);
        if (!before) return 'gone' as const;
        await users.updateIn(tx, notify, userId, patch);
        if (before.timeZone === timeZone) return 'same' as const;
        await deps.analysis.recutRollupsIn(tx, userId);
        return 'recut' as const;
      });
      if (outcome === 'gone') throw unauthorized(messages.server.unauthorized);
      if (outcome === 'recut') deps.analysis.changed(userId);
      return preferences(userId);
    },

    async exportData(userId, currentSessionId) {
      const user = await get(userId);
      const [data, paymentMethods, invoices] = await Promise.all([
        readAccountData(userId),
        payments.listCards(userId),
        payments.history(userId),
      ]);
      const { sessions, identities, analyses, ignoredSites, goals, personalization, answers } = data;
      const { timeZone, weeklyLetter } = data.preferences;
      return {
        success: true,
        exportedAt: clock().toISOString(),
        user,
        subscription: data.subscription ? toSubscription(data.subscription) : null,
        analyses,
        ignoredSites,
        goals,
        personalization,
        answers,
        paymentMethods,
        invoices,
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
        extensions: data.extensions.map((k) => ({
          id: k.id,
          label: k.label,
          createdAt: k.createdAt.toISOString(),
          lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
          revokedAt: k.revokedAt?.toISOString() ?? null,
        })),
        usagePeriods: data.usage.map((u) => ({
          periodStart: u.periodStart.toISOString(),
          tokens: u.tokens,
          touchpoints: u.touchpoints,
          updatedAt: u.updatedAt.toISOString(),
        })),
        moodCheckIns: data.moodCheckIns,
        preferences: { timeZone, weeklyLetter },
        labelCounts: data.labelCounts,
      };
    },

    async remove(userId, confirmEmail) {
      const user = await get(userId);
      if (!confirmEmailMatches(confirmEmail, user.email)) throw badRequest(messages.server.confirmEmailMismatch);
      // The provider first (decision 103): if it fails, the caller is told and nothing is removed.
      await closure.close(userId);
      // Sessions, PINs, identities (and every later table) reference users with ON DELETE CASCADE.
      await users.remove(userId);
    },
  };
}
