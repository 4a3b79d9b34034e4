import { DIGEST_TOKEN_PARAM, DIGEST_UNSUBSCRIBE_PATH } from '@mediadiet/contract/digest';
import { messages } from '@mediadiet/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { httpError, unauthorized } from '../../http/errors.ts';
import { MINUTE, type Clock } from '../../lib/clock.ts';
import type { KeyedHasher } from '../../lib/crypto.ts';
import { addDays } from '../../lib/days.ts';
import { retryDelay } from '../../lib/job-loop.ts';
import type { Mail, Mailer } from '../../plugins/mail.ts';
import { weeklyLetterOn } from '../account/service.ts';
import type { AnalysisService } from '../analysis/service.ts';
import type { SubscriptionService } from '../billing/subscription-service.ts';
import type { GoalsService } from '../goals/service.ts';
import type { UsersService } from '../users/service.ts';
import { composeLetter, type LetterContent } from './compose.ts';
import * as repo from './repository.ts';
import { unsubscribeToken, verifyUnsubscribeToken } from './token.ts';
import { letterWeek, scheduledLetterDue, weekOfKey, type LetterWeek } from './weeks.ts';

/**
 * The weekly letter (issue 29, decision 158): composed from the person's own week (through the analysis and
 * goals services), sent by the schedule from Monday 07:00 in their zone once per ISO week whatever the number of
 * instances (the `weekly_letters` row is written first), sent at once on request, turned off by its one-click
 * link. What a letter says never reaches the log: only the account id, the week and what became of it.
 */

/** Sites the letter names as the most draining. */
export const DRAINING_SITES = 3;
/** How far back the uplifting suggestion looks. */
export const UPLIFT_WEEKS = 8;
/** Letters one pass claims per week key. */
const BATCH = 50;
/** A pass over more accounts than this stops; the next run goes on. */
const MAX_BATCHES = 40;
/** A letter the mail server refused is tried this many times in all, 5, 10, 20, 40 minutes apart. */
export const MAX_ATTEMPTS = 5;
const BACKOFF = { backoffMs: 5 * MINUTE, maxBackoffMs: 60 * MINUTE };

export interface RunResult {
  sent: number;
  skipped: number;
  failed: number;
}

export interface DigestService {
  /**
   * This week's letter (about the last full week in the person's zone) to the signed-in person now, whatever
   * the letter setting; a week without pages gets the short letter. Throws 503 when the mail server refuses.
   */
  sendNow(userId: string): Promise<void>;
  /** The scheduled letters due at the clock's time, and the refused ones due again: each sent once. */
  runDue(): Promise<RunResult>;
  /** One-click unsubscribe: the token's account's letter turned off. False when the token was not made here. */
  unsubscribe(token: string): Promise<boolean>;
  /** The letter the person would get now, as mailed (tests and the preview), without sending it. */
  preview(userId: string): Promise<{ mail: Mail; week: LetterWeek; quiet: boolean }>;
}

export function createDigestService(deps: {
  db: Db;
  clock: Clock;
  mailer: Pick<Mailer, 'send'>;
  hasher: KeyedHasher;
  users: Pick<UsersService, 'findById' | 'preferences' | 'update'>;
  subscriptions: Pick<SubscriptionService, 'livePlan'>;
  analysis: Pick<AnalysisService, 'weekReading'>;
  goals: Pick<GoalsService, 'list'>;
  config: { publicUrl: string; serviceName: string };
  log: FastifyBaseLogger;
}): DigestService {
  const { db, clock, mailer, hasher, users, analysis, goals, config, log } = deps;

  const unsubscribeUrl = (userId: string) =>
    `${config.publicUrl}${DIGEST_UNSUBSCRIBE_PATH}?${DIGEST_TOKEN_PARAM}=${unsubscribeToken(hasher, userId)}`;

  const compose = async (userId: string, week: LetterWeek, timeZone: string): Promise<LetterContent> => {
    const [reading, goalList] = await Promise.all([
      analysis.weekReading(
        userId,
        { from: week.from, to: week.to, timeZone },
        { upliftFrom: addDays(week.to, -7 * UPLIFT_WEEKS), drainingHosts: DRAINING_SITES },
      ),
      goals.list(userId),
    ]);
    return composeLetter({
      serviceName: config.serviceName,
      week,
      reading,
      goals: goalList,
      upliftWeeks: UPLIFT_WEEKS,
      dashboardUrl: `${config.publicUrl}/auth/dashboard`,
      settingsUrl: `${config.publicUrl}/auth/dashboard?view=settings`,
      unsubscribeUrl: unsubscribeUrl(userId),
    });
  };

  const mailOf = (to: string, userId: string, content: LetterContent): Mail => ({
    to,
    subject: content.subject,
    text: content.text,
    html: content.html,
    // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` to the address.
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl(userId)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    contentInLog: false,
  });

  /** Who the letter goes to, and in which zone their weeks are cut; null when the account is gone. */
  const recipient = async (userId: string) => {
    const [user, stored] = await Promise.all([users.findById(userId), users.preferences(userId)]);
    return user && stored
      ? { email: user.email, timeZone: stored.timeZone, choice: stored.weeklyLetter }
      : null;
  };

  /**
   * Composes and sends a claimed letter and settles its row: sent, skipped (a quiet week), or failed (tried again
   * later unless this was the last attempt).
   */
  const deliver = async (
    letter: {
      id: string;
      userId: string;
      email: string;
      timeZone: string;
      week: LetterWeek;
      attempts: number;
    },
    result: RunResult,
  ) => {
    let content: LetterContent;
    try {
      content = await compose(letter.userId, letter.week, letter.timeZone);
    } catch (error) {
      result.failed += 1;
      await repo.fail(db, letter.id, `compose: ${(error as Error).message}`, null, clock());
      log.error(
        { err: error, userId: letter.userId, week: letter.week.key },
        'weekly letter: composing failed',
      );
      return;
    }
    if (content.quiet) {
      result.skipped += 1;
      await repo.settle(db, letter.id, 'skipped', clock());
      return;
    }
    try {
      await mailer.send(mailOf(letter.email, letter.userId, content));
    } catch (error) {
      result.failed += 1;
      const last = letter.attempts >= MAX_ATTEMPTS;
      const retryAt = last ? null : new Date(clock().getTime() + retryDelay(letter.attempts, BACKOFF));
      await repo.fail(db, letter.id, (error as Error).message ?? String(error), retryAt, clock());
      log.warn(
        {
          err: error,
          userId: letter.userId,
          week: letter.week.key,
          attempts: letter.attempts,
          givenUp: last,
        },
        'weekly letter: the mail server refused it',
      );
      return;
    }
    result.sent += 1;
    await repo.settle(db, letter.id, 'sent', clock());
    log.info({ userId: letter.userId, week: letter.week.key }, 'weekly letter sent');
  };

  /** The week keys due now, each with the zones whose accounts are due for it. */
  const dueWeeks = async (now: Date) => {
    const byWeek = new Map<string, { week: LetterWeek; zones: string[] }>();
    for (const zone of await repo.distinctZones(db)) {
      let due: boolean;
      try {
        due = scheduledLetterDue(now, zone);
      } catch {
        continue; // a zone this runtime does not know (stored before a runtime update): no letter rather than none for all
      }
      if (!due) continue;
      const week = letterWeek(now, zone);
      const entry = byWeek.get(week.key) ?? { week, zones: [] };
      entry.zones.push(zone);
      byWeek.set(week.key, entry);
    }
    return [...byWeek.values()];
  };

  const scheduled = async (result: RunResult) => {
    for (const { week, zones } of await dueWeeks(clock())) {
      for (let batch = 0; batch < MAX_BATCHES; batch++) {
        const candidates = await repo.dueCandidates(db, { zones, week: week.key, limit: BATCH });
        for (const candidate of candidates) {
          const on = weeklyLetterOn(candidate.choice, candidate.plan);
          // Another instance may be here at the same time: only the one whose row goes in sends.
          const id = await repo.claim(db, {
            userId: candidate.userId,
            week: week.key,
            kind: 'scheduled',
            now: clock(),
          });
          if (!id) continue;
          if (!on) {
            // Cannot happen while the query mirrors the rule; if it ever does, nothing is sent.
            await repo.settle(db, id, 'skipped', clock());
            result.skipped += 1;
            continue;
          }
          await deliver({ id, ...candidate, week, attempts: 1 }, result);
        }
        if (candidates.length < BATCH) break;
      }
    }
  };

  const retries = async (result: RunResult) => {
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const due = await repo.claimRetries(db, clock(), BATCH);
      for (const retry of due) {
        const week = weekOfKey(retry.week);
        const who = await recipient(retry.userId);
        const still =
          who !== null &&
          week !== null &&
          (retry.kind !== 'scheduled' ||
            weeklyLetterOn(who.choice, await deps.subscriptions.livePlan(retry.userId)));
        if (!still || !who || !week) {
          // Turned off (or the account went) since: the letter is not sent after all.
          await repo.settle(db, retry.id, 'skipped', clock());
          result.skipped += 1;
          continue;
        }
        await deliver({ id: retry.id, userId: retry.userId, ...who, week, attempts: retry.attempts }, result);
      }
      if (due.length < BATCH) break;
    }
  };

  return {
    async sendNow(userId) {
      const who = await recipient(userId);
      if (!who) throw unauthorized(messages.server.unauthorized);
      const week = letterWeek(clock(), who.timeZone);
      const content = await compose(userId, week, who.timeZone);
      try {
        await mailer.send(mailOf(who.email, userId, content));
      } catch (error) {
        log.error(
          { err: error, userId, week: week.key },
          'weekly letter: the mail server refused the letter asked for',
        );
        throw httpError(503, messages.letter.mailFailed, { cause: error, expose: true });
      }
      await repo.recordRequested(db, { userId, week: week.key, now: clock() });
      log.info({ userId, week: week.key }, 'weekly letter sent on request');
    },

    async runDue() {
      const result: RunResult = { sent: 0, skipped: 0, failed: 0 };
      await retries(result);
      await scheduled(result);
      if (result.sent + result.failed > 0) log.info({ ...result }, 'weekly letters: run done');
      return result;
    },

    async unsubscribe(token) {
      const userId = verifyUnsubscribeToken(hasher, token);
      if (!userId) return false;
      // The account may be gone: then there is nothing to turn off, and the link is no longer one.
      const changed = await users.update(userId, { weeklyLetter: false });
      if (!changed) return false;
      log.info({ userId }, 'weekly letter turned off by its unsubscribe link');
      return true;
    },

    async preview(userId) {
      const who = await recipient(userId);
      if (!who) throw unauthorized(messages.server.unauthorized);
      const week = letterWeek(clock(), who.timeZone);
      const content = await compose(userId, week, who.timeZone);
      return { mail: mailOf(who.email, userId, content), week, quiet: content.quiet };
    },
  };
}
