import { randomUUID } from 'node:crypto';
import { messages } from '@mediadiet/contract/messages';
import {
  isAcceptedNewSubscriptionStatus,
  type PlanId,
  type Subscription,
  type SubscriptionInfoResponse,
} from '@mediadiet/contract/subscription';
import type { User } from '@mediadiet/contract/user';
import { isPaidPlan, planConfig } from '../../config/plans.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, httpError, notFound, unauthorized } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UsersService } from '../users/service.ts';
import { toUnix } from './metering.ts';
import type { PaymentProvider, ProviderSubscription } from './providers/provider.ts';
import * as repo from './repository.ts';
import type { SubscriptionRow } from './repository.ts';
import { providerContext, toSubscription, viaProvider } from './service-helpers.ts';
import type { TrialMarkers } from './trial-markers.ts';

/** The e-mail or card had a free trial on a deleted account (decision 103): no second one. */
class TrialAlreadyUsed extends Error {}

/** A second create of the same plan and card within this window answers the first (a double click). */
const DUPLICATE_CREATE_WINDOW_MS = 60_000;

export interface SubscriptionService {
  info(userId: string): Promise<SubscriptionInfoResponse>;
  create(userId: string, plan: PlanId, paymentMethodId: string): Promise<Subscription>;
  changePlan(userId: string, plan: PlanId): Promise<Subscription>;
  cancel(userId: string): Promise<Subscription>;
  reactivate(userId: string): Promise<Subscription>;
  setOverageLimit(userId: string, dollars: number): Promise<Subscription>;
  markWizardShown(userId: string): Promise<User>;
  /** Applies a provider's report of a subscription to our row (Stripe API answers and webhooks). */
  applyProviderState(tx: Db, row: SubscriptionRow, state: ProviderSubscription, now: Date): Promise<SubscriptionRow>;
  /** The plan of the user's live (not canceled) subscription; null without one (the questionnaire's Premium check). */
  livePlan(userId: string): Promise<string | null>;
  /** The account export's reads: the current subscription row and the usage periods. */
  exportRows(userId: string): Promise<{ subscription: SubscriptionRow | null; usage: UsagePeriodSummary[] }>;
}

export type UsagePeriodSummary = Awaited<ReturnType<typeof repo.listUsagePeriods>>[number];

export function createSubscriptionService(deps: {
  db: Db;
  users: UsersService;
  provider: PaymentProvider;
  clock: Clock;
  /** One trial per e-mail and card, also across deleted accounts (decision 103). */
  trialMarkers: TrialMarkers;
}): SubscriptionService {
  const { db, users, provider, clock, trialMarkers } = deps;

  /** A refused second trial: nothing was created or charged; the account now offers the plans without one. */
  const refuseSecondTrial = async (userId: string, error: unknown): Promise<never> => {
    if (!(error instanceof TrialAlreadyUsed)) throw error;
    await users.update(userId, { hasHadFreeTrial: true });
    throw conflict(messages.server.trialAlreadyUsed);
  };

  const applyProviderState: SubscriptionService['applyProviderState'] = (tx, row, state, now) =>
    repo.updateSubscription(tx, row.id, {
      plan: state.plan,
      status: state.status,
      currentPeriodStart: state.currentPeriodStart,
      currentPeriodEnd: state.currentPeriodEnd,
      trialEnd: state.trialEnd,
      cancelAt: state.cancelAt,
      paymentMethodId: state.paymentMethodId,
      ...(state.status === 'canceled' && !row.endedAt ? { endedAt: now } : {}),
      ...(state.providerSubscriptionId ? { providerSubscriptionId: state.providerSubscriptionId } : {}),
      updatedAt: now,
    });

  /** Runs `work` on the caller's live subscription with the user's row locked. */
  const withLiveSubscription = (
    userId: string,
    work: (tx: Db, row: SubscriptionRow, notify: (id: string) => void, now: Date) => Promise<SubscriptionRow>,
  ) =>
    users.transaction(async (tx, notify) => {
      if (!(await repo.lockUser(tx, userId))) throw unauthorized(messages.server.unauthorized);
      const row = await repo.findLiveSubscription(tx, userId);
      if (!row) throw notFound(messages.server.subscriptionNotFound);
      const changed = await work(tx, row, notify, clock());
      // Every open tab of the user hears of the change (`update_user_{id}` after the commit).
      notify(userId);
      return toSubscription(changed);
    });

  return {
    async livePlan(userId) {
      return (await repo.findLiveSubscription(db, userId))?.plan ?? null;
    },
    async exportRows(userId) {
      const [subscription, usage] = await Promise.all([
        repo.findCurrentSubscription(db, userId),
        repo.listUsagePeriods(db, userId),
      ]);
      return { subscription, usage };
    },
    async info(userId) {
      const row = await repo.findLiveSubscription(db, userId);
      if (!row) {
        return { success: true, subscription: null, count: 0, tokensUsed: 0, currentPeriodStart: null, nextBilling: null };
      }
      const usage = await repo.readUsage(db, userId, row.currentPeriodStart);
      return {
        success: true,
        subscription: toSubscription(row),
        count: usage.touchpoints,
        tokensUsed: usage.tokens,
        currentPeriodStart: toUnix(row.currentPeriodStart),
        nextBilling: row.status === 'scheduled_cancelation' ? null : toUnix(row.currentPeriodEnd),
      };
    },

    create(userId, planId, paymentMethodId) {
      return users.transaction(async (tx, notify) => {
        // The user's row lock serialises concurrent creates (a double-clicked Subscribe).
        if (!(await repo.lockUser(tx, userId))) throw unauthorized(messages.server.unauthorized);
        const now = clock();
        const live = await repo.findLiveSubscription(tx, userId);
        if (live) {
          const duplicate =
            live.plan === planId &&
            live.paymentMethodId === paymentMethodId &&
            now.getTime() - live.createdAt.getTime() < DUPLICATE_CREATE_WINDOW_MS;
          if (duplicate) return toSubscription(live);
          throw conflict(messages.server.subscriptionExists);
        }
        const user = await users.findRecordIn(tx, userId);
        if (!user) throw unauthorized(messages.server.unauthorized);
        const plan = planConfig(planId);
        const eligible = !user.hasHadFreeTrial && isPaidPlan(plan);
        const attempt = await repo.countSubscriptions(tx, userId);
        const ctx = await providerContext({ provider, users }, tx, notify, userId, now);
        if (eligible) {
          const card = await viaProvider(() => provider.cardFingerprint(ctx, paymentMethodId));
          if (await trialMarkers.usedBefore(tx, user.email, card)) throw new TrialAlreadyUsed();
        }
        const trialDays = eligible ? plan.trialDays : 0;
        const id = randomUUID();
        const state = await viaProvider(() =>
          provider.createSubscription(ctx, {
            subscriptionId: id,
            plan: planId,
            paymentMethodId,
            trialDays,
            idempotencyKey: `subscription-create-${userId}-${attempt}`,
          }),
        );
        if (!isAcceptedNewSubscriptionStatus(state.status)) {
          throw httpError(402, messages.billing.invalidStatus);
        }
        const row = await repo.insertSubscription(tx, {
          id,
          userId,
          provider: provider.id,
          providerSubscriptionId: state.providerSubscriptionId,
          plan: planId,
          status: state.status,
          currentPeriodStart: state.currentPeriodStart,
          currentPeriodEnd: state.currentPeriodEnd,
          trialEnd: state.trialEnd,
          cancelAt: state.cancelAt,
          paymentMethodId: state.paymentMethodId ?? paymentMethodId,
          overageLimitCents: 0,
          createdAt: now,
          updatedAt: now,
        });
        await users.updateIn(tx, notify, userId, {
          ...(trialDays > 0 ? { hasHadFreeTrial: true } : {}),
          ...(attempt === 0 ? { shouldShowExtensionWizard: true } : {}),
          stripeSubscriptionId: state.providerSubscriptionId ?? row.id,
          stripeDefaultPaymentMethodId: paymentMethodId,
        });
        return toSubscription(row);
      }).catch((error: unknown) => refuseSecondTrial(userId, error));
    },

    changePlan(userId, planId) {
      return withLiveSubscription(userId, async (tx, row, notify, now) => {
        if (row.status === 'past_due') throw conflict(messages.server.subscriptionPastDue);
        if (row.plan === planId) throw conflict(messages.server.samePlan);
        const ctx = await providerContext({ provider, users }, tx, notify, userId, now);
        // The free-trial banner's promise (decision 120): a Free user who never had a trial starts one.
        const user = await users.findRecordIn(tx, userId);
        const target = planConfig(planId);
        const trialDays =
          user && !user.hasHadFreeTrial && !isPaidPlan(planConfig(row.plan as PlanId)) && isPaidPlan(target)
            ? target.trialDays
            : 0;
        const state = await viaProvider(() =>
          provider.changePlan(
            ctx,
            row,
            planId,
            `subscription-change-${row.id}-${planId}-${now.getTime()}`,
            trialDays,
          ),
        );
        const updated = await applyProviderState(tx, row, state, now);
        if (trialDays > 0) await users.updateIn(tx, notify, userId, { hasHadFreeTrial: true });
        // Keep the overage cap only where the new plan offers it.
        const tiers = planConfig(planId).overageTiersDollars.map((d) => d * 100);
        const cap = tiers.filter((c) => c <= updated.overageLimitCents).pop() ?? 0;
        return cap === updated.overageLimitCents
          ? updated
          : repo.updateSubscription(tx, row.id, { overageLimitCents: cap, updatedAt: now });
      });
    },

    cancel(userId) {
      return withLiveSubscription(userId, async (tx, row, notify, now) => {
        if (row.status === 'scheduled_cancelation') return row;
        const ctx = await providerContext({ provider, users }, tx, notify, userId, now);
        const state = await viaProvider(() => provider.setCancelAtPeriodEnd(ctx, row, true));
        return applyProviderState(tx, row, state, now);
      });
    },

    reactivate(userId) {
      return withLiveSubscription(userId, async (tx, row, notify, now) => {
        if (row.status !== 'scheduled_cancelation') throw conflict(messages.server.notScheduledToCancel);
        const ctx = await providerContext({ provider, users }, tx, notify, userId, now);
        const state = await viaProvider(() => provider.setCancelAtPeriodEnd(ctx, row, false));
        return applyProviderState(tx, row, state, now);
      });
    },

    setOverageLimit(userId, dollars) {
      return withLiveSubscription(userId, async (tx, row, _notify, now) => {
        const plan = planConfig(row.plan as PlanId);
        const cents = Math.round(dollars * 100);
        if (cents !== 0) {
          if (!isPaidPlan(plan) || plan.overageTiersDollars.length === 0) {
            throw badRequest(messages.server.noOverageOnFreePlan);
          }
          if (!plan.overageTiersDollars.some((d) => d * 100 === cents)) {
            throw badRequest(messages.server.invalidOverageLimit);
          }
        }
        return repo.updateSubscription(tx, row.id, { overageLimitCents: cents, updatedAt: now });
      });
    },

    async markWizardShown(userId) {
      const user = await users.update(userId, { shouldShowExtensionWizard: false });
      if (!user) throw unauthorized(messages.server.unauthorized);
      return user;
    },

    applyProviderState,
  };
}
