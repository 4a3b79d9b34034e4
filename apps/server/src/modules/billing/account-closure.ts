import { messages } from '@mediadiet/contract/messages';
import { HttpError, httpError, unauthorized } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UsersService } from '../users/service.ts';
import { PaymentError, type PaymentProvider } from './providers/provider.ts';
import * as repo from './repository.ts';
import { providerContext } from './service-helpers.ts';
import type { TrialMarkers } from './trial-markers.ts';

/**
 * What billing does before an account is deleted (decision 103): the provider's subscription is cancelled at
 * once and its customer deleted, and an account that had a free trial leaves keyed hashes of its e-mail and
 * cards behind. When the provider fails, nothing is changed and the caller is told so (the account stays).
 * Idempotent, so a deletion that failed later can simply be retried.
 */
export interface AccountClosure {
  close(userId: string): Promise<void>;
}

export function createAccountClosure(deps: {
  users: UsersService;
  provider: PaymentProvider;
  trialMarkers: TrialMarkers;
  clock: Clock;
}): AccountClosure {
  const { users, provider, trialMarkers, clock } = deps;
  return {
    close(userId) {
      return users.transaction(async (tx, notify) => {
        if (!(await repo.lockUser(tx, userId))) throw unauthorized(messages.server.unauthorized);
        const user = await users.findRecordIn(tx, userId);
        if (!user) throw unauthorized(messages.server.unauthorized);
        try {
          const ctx = await providerContext({ provider, users }, tx, notify, userId, clock(), false);
          // Read before the customer goes: deleting it detaches the cards.
          const cards = ctx && user.hasHadFreeTrial ? await provider.cardFingerprints(ctx) : [];
          if (ctx) await provider.closeCustomer(ctx, await repo.findLiveSubscription(tx, userId));
          if (user.hasHadFreeTrial) await trialMarkers.remember(tx, user.email, cards);
        } catch (error) {
          if (error instanceof PaymentError || (error instanceof HttpError && error.statusCode >= 500)) {
            throw httpError(502, messages.server.accountDeletionProviderFailed, { expose: true, cause: error });
          }
          throw error;
        }
      });
    },
  };
}
