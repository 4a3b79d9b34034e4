import { messages } from '@mediadiet/contract/messages';
import {
  PERSONALITY_GROUPS,
  type Answers,
  type Personalization,
  type PersonalizationUpdate,
  type Question,
  type QuestionnaireState,
} from '@mediadiet/contract/questionnaire';
import type { User, UserConfigs } from '@mediadiet/contract/user';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SubscriptionService } from '../billing/subscription-service.ts';
import { toUser, type UsersService } from '../users/service.ts';
import { questionnaireMessages as m } from './messages.ts';
import {
  balancedScores,
  findItem,
  ITEMS_IN_INDEX_ORDER,
  normalizeScores,
  toPersonalization,
  type ItemKey,
  type ItemScores,
} from './personality.ts';
import { QUESTIONS, toQuestion } from './questions.ts';
import * as repo from './repository.ts';
import { validateAnswers } from './validation.ts';

/**
 * The questionnaire's rules (spec §2–§4, decision 081). Premium only. States:
 * NOT_STARTED | OPT_OUT | FAILED --submit--> SUBMITTED --worker--> COMPLETED | FAILED;
 * NOT_STARTED | FAILED --opt out--> OPT_OUT. The snapshot exists once COMPLETED; an opted-out user sees
 * (and may tune) the population-default profile.
 */
export interface QuestionnaireService {
  questions(userId: string): Promise<Question[]>;
  /** Validates and stores the answers, sets SUBMITTED and queues the processing. */
  submit(userId: string, answers: Answers): Promise<UserConfigs>;
  optOut(userId: string): Promise<User>;
  /** The snapshot: COMPLETED → the stored profile; OPT_OUT → the stored or default profile; else null. */
  personalization(userId: string): Promise<Personalization | null>;
  /** Partial update: the listed categories of each group get the given scores. */
  updatePersonalization(userId: string, update: PersonalizationUpdate): Promise<Personalization>;
  /** One slider by its index in the order emotional, behavioral, cognitive. */
  updateScoreAt(userId: string, index: number, score: number): Promise<Personalization>;
  /** The stored profile (as stored, whatever the state) and the latest submitted answers (the account export). */
  exportData(userId: string): Promise<{
    personalization: Personalization | null;
    answers: NonNullable<Awaited<ReturnType<typeof repo.findLatestSubmission>>>['answers'] | null;
  }>;
}

/** States from which answers are accepted: first time, after opting out, and after a failure. */
const SUBMITTABLE: readonly string[] = ['NOT_STARTED', 'OPT_OUT', 'FAILED'] satisfies QuestionnaireState[];

export function createQuestionnaireService(deps: {
  db: Db;
  users: UsersService;
  /** The Premium check (billing). */
  subscriptions: Pick<SubscriptionService, 'livePlan'>;
  clock: Clock;
  /** Wait before a submission is processed (ms). */
  delayMs: number;
  /** A submission was committed (wake the local worker). */
  onQueued?: () => void;
}): QuestionnaireService {
  const { db, users, clock } = deps;

  /** The Premium plan on a live (not canceled) subscription; 403 otherwise. */
  const assertPremium = async (userId: string) => {
    if ((await deps.subscriptions.livePlan(userId)) !== 'premium') throw forbidden(messages.server.premiumRequired);
  };

  const inTransaction = <T>(work: (tx: Db) => Promise<T>) =>
    db.transaction((tx) => work(tx as unknown as Db));

  const lockedState = async (tx: Db, userId: string) => {
    const state = await repo.lockUserState(tx, userId);
    if (state === null) throw unauthorized(messages.server.unauthorized);
    return state;
  };

  /** The current scores the sliders may change, or 409 when there is no snapshot yet. */
  const editableScores = async (tx: Db, userId: string): Promise<{ scores: ItemScores; stored: boolean }> => {
    const state = await lockedState(tx, userId);
    const row = await repo.findPersonalization(tx, userId);
    if (state === 'COMPLETED' && row) return { scores: normalizeScores(row.scores), stored: true };
    if (state === 'OPT_OUT')
      return { scores: row ? normalizeScores(row.scores) : balancedScores(), stored: row !== null };
    throw conflict(m.snapshotNotReady);
  };

  /**
   * Applies `changes` under the user's lock (the caller checked the plan); an opted-out user's first change
   * stores the default profile.
   */
  const change = (userId: string, changes: (scores: ItemScores) => void) =>
    inTransaction(async (tx) => {
      const { scores, stored } = await editableScores(tx, userId);
      changes(scores);
      if (stored) await repo.updateScores(tx, userId, scores);
      else await repo.upsertPersonalization(tx, userId, { scores, source: 'default', submissionId: null });
      return toPersonalization(scores);
    });

  return {
    async exportData(userId) {
      const [stored, submission] = await Promise.all([
        repo.findPersonalization(db, userId),
        repo.findLatestSubmission(db, userId),
      ]);
      return {
        personalization: stored ? toPersonalization(normalizeScores(stored.scores)) : null,
        answers: submission?.answers ?? null,
      };
    },
    async questions(userId) {
      await assertPremium(userId);
      return QUESTIONS.map(toQuestion);
    },

    async submit(userId, answers) {
      await assertPremium(userId);
      const cleaned = validateAnswers(answers);
      const configs = await users.transaction(async (tx, notify) => {
        const state = await lockedState(tx, userId);
        if (!SUBMITTABLE.includes(state)) {
          throw conflict(state === 'COMPLETED' ? m.alreadyCompleted : m.alreadyProcessing);
        }
        await repo.insertSubmission(tx, { userId, answers: cleaned, delayMs: deps.delayMs });
        const user = await users.updateIn(tx, notify, userId, {
          configsState: 'SUBMITTED',
          configsLastSubmitted: clock(),
        });
        if (!user) throw unauthorized(messages.server.unauthorized);
        return user.configs;
      });
      deps.onQueued?.();
      return configs;
    },

    async optOut(userId) {
      await assertPremium(userId);
      return users.transaction(async (tx, notify) => {
        const state = await lockedState(tx, userId);
        if (state === 'SUBMITTED' || state === 'PROCESSING') throw conflict(m.optOutWhileProcessing);
        if (state === 'COMPLETED') throw conflict(m.optOutAfterCompletion);
        if (state !== 'OPT_OUT') {
          const user = await users.updateIn(tx, notify, userId, { configsState: 'OPT_OUT' });
          if (user) return user;
        }
        // Already opted out: answered as it is (inside the transaction: PGlite has one connection).
        const record = await users.findRecordIn(tx, userId);
        if (!record) throw unauthorized(messages.server.unauthorized);
        return toUser(record);
      });
    },

    async personalization(userId) {
      await assertPremium(userId);
      const user = await users.findById(userId);
      if (!user) throw unauthorized(messages.server.unauthorized);
      const state = user.configs.state;
      if (state !== 'COMPLETED' && state !== 'OPT_OUT') return null;
      const row = await repo.findPersonalization(db, userId);
      if (row) return toPersonalization(normalizeScores(row.scores));
      return state === 'OPT_OUT' ? toPersonalization(balancedScores()) : null;
    },

    async updatePersonalization(userId, update) {
      await assertPremium(userId);
      // Resolve every category first: an unknown one refuses the whole update.
      const resolved: { key: ItemKey; score: number }[] = [];
      for (const group of PERSONALITY_GROUPS) {
        const seen = new Set<ItemKey>();
        for (const entry of update.categoryScores[group] ?? []) {
          const item = findItem(group, entry.category);
          if (!item) throw badRequest(m.unknownCategory(group, entry.category));
          if (seen.has(item.key)) throw badRequest(m.duplicateCategory(group, item.category));
          seen.add(item.key);
          resolved.push({ key: item.key, score: entry.score });
        }
      }
      return change(userId, (scores) => {
        for (const { key, score } of resolved) scores[key] = score;
      });
    },

    async updateScoreAt(userId, index, score) {
      await assertPremium(userId);
      const item = ITEMS_IN_INDEX_ORDER[index];
      if (!item) throw badRequest(m.indexOutOfRange(index, ITEMS_IN_INDEX_ORDER.length));
      return change(userId, (scores) => {
        scores[item.key] = score;
      });
    },
  };
}
