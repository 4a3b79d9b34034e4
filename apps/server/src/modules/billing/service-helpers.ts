import type { Subscription } from '@mediadiet/contract/subscription';
import type { PlanId } from '@mediadiet/contract/subscription';
import { includedTokens, planConfig } from '../../config/plans.ts';
import type { Db } from '../../db/database.ts';
import { httpError, unauthorized } from '../../http/errors.ts';
import { messages } from '@mediadiet/contract/messages';
import type { NotifyUserChanged, UsersService } from '../users/service.ts';
import { toUnix } from './metering.ts';
import { PaymentError, type PaymentProvider, type ProviderContext } from './providers/provider.ts';
import type { SubscriptionRow } from './repository.ts';

/** The contract's Subscription from a row. */
export function toSubscription(row: SubscriptionRow): Subscription {
  const plan = planConfig(row.plan as PlanId);
  return {
    id: row.id,
    plan: plan.id,
    status: row.status as Subscription['status'],
    cancelAt: row.cancelAt ? toUnix(row.cancelAt) : null,
    currentPeriodStart: toUnix(row.currentPeriodStart),
    currentPeriodEnd: toUnix(row.currentPeriodEnd),
    trialEnd: row.trialEnd ? toUnix(row.trialEnd) : null,
    tokensLimit: includedTokens(plan),
    overageRate: plan.overageRateCents / 100,
    overageLimit: row.overageLimitCents / 100,
  };
}

/** Runs a provider call, turning its PaymentError into the HTTP error the caller sees. */
export async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentError) {
      throw httpError(error.statusCode, error.message, { expose: true, cause: error });
    }
    throw error;
  }
}

/** `providerContext`'s arguments; `createCustomer: false` answers null for a user without a customer. */
type ContextArgs = [
  deps: { provider: PaymentProvider; users: UsersService },
  tx: Db,
  notify: NotifyUserChanged,
  userId: string,
  now: Date,
];
/**
 * The provider context for a user inside a transaction, creating the provider's customer on first use
 * (saved on the user, which announces the change after the commit).
 */
export async function providerContext(...args: ContextArgs): Promise<ProviderContext>;
export async function providerContext(...args: [...ContextArgs, createCustomer: false]): Promise<ProviderContext | null>;
export async function providerContext(
  ...[deps, tx, notify, userId, now, createCustomer = true]: [...ContextArgs, createCustomer?: boolean]
): Promise<ProviderContext | null> {
  const user = await deps.users.findRecordIn(tx, userId);
  if (!user) throw unauthorized(messages.server.unauthorized);
  let customerId = user.paymentProvider === deps.provider.id ? user.stripeCustomerId : null;
  if (!customerId && !createCustomer) return null;
  if (!customerId) {
    customerId = await viaProvider(() =>
      deps.provider.createCustomer({ tx, userId, email: user.email, name: user.name }),
    );
    await deps.users.updateIn(tx, notify, userId, {
      stripeCustomerId: customerId,
      paymentProvider: deps.provider.id,
      stripeSubscriptionId: null,
      stripeDefaultPaymentMethodId: null,
    });
  }
  return { tx, userId, email: user.email, customerId, now };
}
