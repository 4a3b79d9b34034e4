import { messages } from '@mediadiet/contract/messages';
import type {
  Invoice,
  LocalConfirmSetupRequest,
  PaymentMethod,
  SetupIntentResponse,
} from '@mediadiet/contract/payment';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UsersService } from '../users/service.ts';
import type { LocalProvider } from './providers/local.ts';
import type { PaymentProvider, ProviderContext } from './providers/provider.ts';
import * as repo from './repository.ts';
import { providerContext, viaProvider } from './service-helpers.ts';
import type { SubscriptionService } from './subscription-service.ts';

/** Cards, setup intents and invoices (spec §7 `/api/payment/*`), whichever provider is configured. */
export interface PaymentService {
  createSetupIntent(userId: string): Promise<SetupIntentResponse>;
  localConfirmSetup(userId: string, request: LocalConfirmSetupRequest): Promise<{ paymentMethodId: string }>;
  /** Attaches a newly confirmed card, makes it the default and the subscription's card. */
  addCard(userId: string, paymentMethodId: string): Promise<PaymentMethod>;
  /** Switches the default and the subscription's card to a saved card. */
  useCard(userId: string, paymentMethodId: string): Promise<PaymentMethod>;
  listCards(userId: string): Promise<PaymentMethod[]>;
  deleteCard(userId: string, paymentMethodId: string): Promise<PaymentMethod[]>;
  currentCard(userId: string): Promise<PaymentMethod | null>;
  history(userId: string): Promise<Invoice[]>;
  invoice(userId: string, id?: string): Promise<Invoice | null>;
}

export function createPaymentService(deps: {
  db: Db;
  users: UsersService;
  provider: PaymentProvider;
  subscriptions: SubscriptionService;
  clock: Clock;
}): PaymentService {
  const { db, users, provider, subscriptions, clock } = deps;

  const inContext = <T>(userId: string, work: (ctx: ProviderContext, notify: (id: string) => void) => Promise<T>) =>
    users.transaction(async (tx, notify) => {
      await repo.lockUser(tx, userId);
      const ctx = await providerContext({ provider, users }, tx, notify, userId, clock());
      return work(ctx, notify);
    });

  /** Reads without creating a customer: `empty` when the user has none yet. */
  const read = <T>(userId: string, empty: T, work: (ctx: ProviderContext) => Promise<T>) =>
    users.transaction(async (tx, notify) => {
      const ctx = await providerContext({ provider, users }, tx, notify, userId, clock(), false);
      return ctx ? work(ctx) : empty;
    });

  /** Makes the card the default and the live subscription's (retrying a past-due invoice with it). */
  const switchTo = async (ctx: ProviderContext, notify: (id: string) => void, paymentMethodId: string) => {
    await viaProvider(() => provider.setDefaultPaymentMethod(ctx, paymentMethodId));
    const live = await repo.findLiveSubscription(ctx.tx, ctx.userId);
    if (live && live.paymentMethodId !== paymentMethodId) {
      const state = await viaProvider(() => provider.setSubscriptionPaymentMethod(ctx, live, paymentMethodId));
      await subscriptions.applyProviderState(ctx.tx, live, state, ctx.now);
    } else if (live?.status === 'past_due') {
      const state = await viaProvider(() => provider.setSubscriptionPaymentMethod(ctx, live, paymentMethodId));
      await subscriptions.applyProviderState(ctx.tx, live, state, ctx.now);
    }
    await users.updateIn(ctx.tx, notify, ctx.userId, { stripeDefaultPaymentMethodId: paymentMethodId });
    const cards = await viaProvider(() => provider.listPaymentMethods(ctx));
    const card = cards.find((c) => c.id === paymentMethodId);
    if (!card) throw notFound(messages.server.paymentMethodNotFound);
    return card;
  };

  return {
    createSetupIntent(userId) {
      return inContext(userId, async (ctx) => {
        const { clientSecret } = await viaProvider(() => provider.createSetupIntent(ctx));
        return { success: true, clientSecret, provider: provider.id, data: { clientSecret } };
      });
    },

    async localConfirmSetup(userId, request) {
      if (provider.id !== 'local') throw notFound(messages.server.localProviderDisabled);
      const local = provider as LocalProvider;
      return db.transaction((tx) => viaProvider(() => local.confirmSetup(tx as unknown as Db, userId, request, clock())));
    },

    addCard(userId, paymentMethodId) {
      return inContext(userId, async (ctx, notify) => {
        await viaProvider(() => provider.attachPaymentMethod(ctx, paymentMethodId));
        return switchTo(ctx, notify, paymentMethodId);
      });
    },

    useCard(userId, paymentMethodId) {
      return inContext(userId, (ctx, notify) => switchTo(ctx, notify, paymentMethodId));
    },

    listCards(userId) {
      return read(userId, [], (ctx) => viaProvider(() => provider.listPaymentMethods(ctx)));
    },

    deleteCard(userId, paymentMethodId) {
      return inContext(userId, async (ctx) => {
        const cards = await viaProvider(() => provider.listPaymentMethods(ctx));
        if (!cards.some((c) => c.id === paymentMethodId)) throw notFound(messages.server.paymentMethodNotFound);
        const live = await repo.findLiveSubscription(ctx.tx, userId);
        if (live?.paymentMethodId === paymentMethodId) throw conflict(messages.server.defaultCardInUse);
        await viaProvider(() => provider.detachPaymentMethod(ctx, paymentMethodId));
        return viaProvider(() => provider.listPaymentMethods(ctx));
      });
    },

    currentCard(userId) {
      return read(userId, null, async (ctx) => {
        const cards = await viaProvider(() => provider.listPaymentMethods(ctx));
        return cards.find((c) => c.isDefault) ?? null;
      });
    },

    history(userId) {
      return read(userId, [], (ctx) => viaProvider(() => provider.listInvoices(ctx)));
    },

    async invoice(userId, id) {
      const found = await read(userId, undefined, async (ctx) => {
        if (id) {
          const invoice = await viaProvider(() => provider.getInvoice(ctx, id));
          if (!invoice) throw notFound(messages.server.invoiceNotFound);
          return invoice;
        }
        const [latest] = await viaProvider(() => provider.listInvoices(ctx));
        return latest ?? null;
      });
      if (found === undefined && id) throw notFound(messages.server.invoiceNotFound);
      return found ?? null;
    },
  };
}
