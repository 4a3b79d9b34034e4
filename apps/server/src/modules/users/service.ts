import {
  ExtensionStatusSchema,
  QuestionnaireStateSchema,
  type ExtensionStatus,
  type QuestionnaireState,
} from '@mediadiet/contract/enums';
import { userUpdateEvent, type UserUpdatePayload } from '@mediadiet/contract/realtime';
import { DEFAULT_TIME_ZONE } from '@mediadiet/contract/preferences';
import type { User } from '@mediadiet/contract/user';
import type { Db } from '../../db/database.ts';
import type { PerUserCache } from '../../lib/per-user-cache.ts';
import * as repository from './repository.ts';
import type { StoredPreferences, UserPatch, UserRecord } from './repository.ts';

export type { StoredPreferences, UserPatch, UserRecord } from './repository.ts';

/** The API's User (spec §3, contract UserSchema) from a stored record. */
export function toUser(record: UserRecord): User {
  const state = QuestionnaireStateSchema.safeParse(record.configsState);
  const status = ExtensionStatusSchema.safeParse(record.extensionStatus);
  return {
    id: record.id,
    email: record.email,
    name: record.name,
    state: {
      hasHadFreeTrial: record.hasHadFreeTrial,
      shouldShowExtensionWizard: record.shouldShowExtensionWizard,
    },
    stripe: record.stripeCustomerId
      ? {
          customerId: record.stripeCustomerId,
          subscriptionId: record.stripeSubscriptionId,
          defaultPaymentMethodId: record.stripeDefaultPaymentMethodId,
          provider: record.paymentProvider === 'local' ? 'local' : 'stripe',
        }
      : null,
    configs: {
      state: state.success ? state.data : ('NOT_STARTED' satisfies QuestionnaireState),
      lastSubmitted: record.configsLastSubmitted?.toISOString() ?? null,
    },
    extension: {
      status: status.success ? (status.data satisfies ExtensionStatus) : null,
      isInstalled: record.extensionInstalled,
    },
    createdAt: record.createdAt.toISOString(),
  };
}

export type EmitToUser = (userId: string, event: string, payload?: unknown) => void;

/** Marks users whose record changed inside a transaction; they are announced after the commit. */
export type NotifyUserChanged = (userId: string) => void;

export interface UsersService {
  findById(userId: string): Promise<User | null>;
  /**
   * `findById` through the users cache (when the service has one): for hot reads that only show the user
   * (the sign-in check). Every change through this service drops the kept user at once, here and — through
   * `onChanged` — on the other instances.
   */
  findByIdCached(userId: string): Promise<User | null>;
  findRecordByEmail(email: string): Promise<UserRecord | null>;
  /** The time zone and the weekly letter choice as stored (not part of the spec's User); null: no such user. */
  preferences(userId: string): Promise<StoredPreferences | null>;
  /**
   * The zone the user's days, weeks and months are cut in (decision 155), through the zones cache when the
   * service has one: read on every insights, goals and mood call. Every change through this service drops the
   * kept zone here and, through `onChanged`, on the other instances. 'UTC' for a user that does not exist.
   */
  timeZone(userId: string): Promise<string>;
  /** `preferences` inside the caller's transaction, the row locked until it ends (a change of time zone). */
  lockPreferencesIn(tx: Db, userId: string): Promise<StoredPreferences | null>;
  /** Whether the database can cut days in `timeZone` (an IANA name the contract accepted). */
  databaseKnowsZone(timeZone: string): Promise<boolean>;
  /** Creates a user; null when the e-mail is already registered (case-insensitively). */
  create(values: { email: string; name: string }): Promise<User | null>;
  /**
   * The one way to change a user: updates the row, then emits `update_user_{id}` with the new state.
   * Returns null when the user does not exist.
   */
  update(userId: string, patch: UserPatch): Promise<User | null>;
  /**
   * Several writes in one transaction. Call `notify(userId)` for every user whose record changed (or use
   * `updateIn`); the events go out only after the commit, never for a rolled-back change.
   */
  transaction<T>(work: (tx: Db, notify: NotifyUserChanged) => Promise<T>): Promise<T>;
  /** `update` inside `transaction`. */
  updateIn(tx: Db, notify: NotifyUserChanged, userId: string, patch: UserPatch): Promise<User | null>;
  /** Emits `update_user_{id}` with the user's current record (after a change made elsewhere). */
  announce(userId: string): Promise<void>;
  /** Deletes the user (their rows go with it, ON DELETE CASCADE), then runs the `onRemoved` listeners. */
  remove(userId: string): Promise<boolean>;
  /**
   * Runs `listener` after every `remove` (whether or not it succeeded): modules that keep something per user in
   * memory (sessions, extension keys) forget it there.
   */
  onRemoved(listener: (userId: string) => void): void;
  /** The stored record inside the caller's transaction (another module's read under its own locks). */
  findRecordIn(tx: Db, userId: string): Promise<UserRecord | null>;
}

export function createUsersService(deps: {
  db: Db;
  emitToUser: EmitToUser;
  /** Keeps users a moment for `findByIdCached`; none: every call reads. */
  cache?: PerUserCache<User | null>;
  /** Keeps users' time zones for `timeZone`; none: every call reads. */
  zones?: PerUserCache<string>;
  /** Called after a user changed or was removed (the plugin tells the other instances). */
  onChanged?: (userId: string) => void;
}): UsersService {
  const { db, emitToUser, cache, zones } = deps;
  const removedListeners: ((userId: string) => void)[] = [];

  const changed = (userId: string) => {
    cache?.invalidate(userId);
    zones?.invalidate(userId);
    deps.onChanged?.(userId);
  };

  /** Zones the database knows (its list of ~600 never changes while it runs; reading it takes ~0.1 s). */
  const knownZones = new Set<string>();

  const readZone = async (userId: string) =>
    (await repository.findPreferences(db, userId))?.timeZone ?? DEFAULT_TIME_ZONE;

  const emit = (user: User) => {
    changed(user.id);
    const payload: UserUpdatePayload = { userId: user.id, state: user.configs.state, user };
    emitToUser(user.id, userUpdateEvent(user.id), payload);
  };

  const announce = async (userId: string) => {
    const record = await repository.findById(db, userId);
    if (record) emit(toUser(record));
  };

  const service: UsersService = {
    async findById(userId) {
      const record = await repository.findById(db, userId);
      return record ? toUser(record) : null;
    },
    async findByIdCached(userId) {
      if (!cache) return service.findById(userId);
      return cache.through(
        userId,
        '',
        () => service.findById(userId),
        (user) => user !== null,
      );
    },
    findRecordByEmail: (email) => repository.findByEmail(db, email),
    preferences: (userId) => repository.findPreferences(db, userId),
    timeZone: (userId) => (zones ? zones.through(userId, '', () => readZone(userId)) : readZone(userId)),
    lockPreferencesIn: (tx, userId) => repository.lockPreferences(tx, userId),
    async databaseKnowsZone(timeZone) {
      if (knownZones.has(timeZone)) return true;
      const known = await repository.databaseKnowsZone(db, timeZone);
      if (known) knownZones.add(timeZone);
      return known;
    },
    async create(values) {
      const record = await repository.insert(db, values);
      return record ? toUser(record) : null;
    },
    async update(userId, patch) {
      const record = await repository.update(db, userId, patch);
      if (!record) return null;
      const user = toUser(record);
      emit(user);
      return user;
    },
    async transaction(work) {
      const changed = new Set<string>();
      const result = await db.transaction((tx) => work(tx as unknown as Db, (id) => changed.add(id)));
      for (const id of changed) await announce(id);
      return result;
    },
    async updateIn(tx, notify, userId, patch) {
      const record = await repository.update(tx, userId, patch);
      if (!record) return null;
      notify(userId);
      return toUser(record);
    },
    announce,
    async remove(userId) {
      try {
        return await repository.remove(db, userId);
      } finally {
        changed(userId);
        for (const listener of removedListeners) listener(userId);
      }
    },
    onRemoved(listener) {
      removedListeners.push(listener);
    },
    findRecordIn: (tx, userId) => repository.findById(tx, userId),
  };
  return service;
}
