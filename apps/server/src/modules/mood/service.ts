import {
  formatCorrelation,
  MOOD_DAYS_DEFAULT,
  MOOD_INSIGHT_MIN_CHECKINS,
  type MoodCheckIn,
  type MoodCheckInResponse,
  type MoodInsightResponse,
  type MoodListResponse,
  type MoodTodayResponse,
} from '@mediadiet/contract/mood';
import { messages } from '@mediadiet/contract/messages';
import type { Db } from '../../db/database.ts';
import type { MoodCheckinRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { addDays, dayOf, DEFAULT_TIME_ZONE } from '../../lib/days.ts';
import type { AnalysisService } from '../analysis/service.ts';
import * as repo from './repository.ts';
import { correlate } from './statistics.ts';

/** Mood check-ins (issue 29): one a day, and how mood relates to the previous day's reading. */
export interface MoodService {
  /** Today's check-in; a second one the same day replaces the first (decision 151). */
  checkIn(userId: string, score: number, note: string | undefined): Promise<MoodCheckInResponse>;
  /** The check-ins of the last `days` days, today included, newest first. */
  list(userId: string, days?: number): Promise<MoodListResponse>;
  /** Whether today's check-in exists (the extension popup's question; neither score nor note). */
  today(userId: string): Promise<MoodTodayResponse>;
  insight(userId: string): Promise<MoodInsightResponse>;
  /** Every check-in, newest first (the account export). */
  listAll(userId: string): Promise<MoodCheckIn[]>;
}

const toCheckIn = (row: MoodCheckinRow): MoodCheckIn => ({
  day: row.day,
  score: row.score,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * `timeZone` answers the zone the user's days are cut in (the account's, decision 155; UTC when not given): a
 * check-in lands on the person's own today, and is paired with the reading of their own day before.
 */
export function createMoodService(deps: {
  db: Db;
  clock: Clock;
  analysis: Pick<AnalysisService, 'dailyVerdicts'>;
  timeZone?: (userId: string) => Promise<string>;
}): MoodService {
  const { db, clock, analysis } = deps;
  const zoneOf = deps.timeZone ?? (() => Promise.resolve(DEFAULT_TIME_ZONE));

  return {
    async checkIn(userId, score, note) {
      const now = clock();
      const trimmed = note?.trim() ?? '';
      const { row, replaced } = await repo.upsertDay(
        db,
        userId,
        dayOf(now, await zoneOf(userId)),
        score,
        trimmed || null,
        now,
      );
      return { success: true, checkIn: toCheckIn(row), replaced };
    },

    async list(userId, days = MOOD_DAYS_DEFAULT) {
      const today = dayOf(clock(), await zoneOf(userId));
      const rows = await repo.listFrom(db, userId, addDays(today, -(days - 1)));
      return { success: true, today, checkIns: rows.map(toCheckIn) };
    },

    async today(userId) {
      const today = dayOf(clock(), await zoneOf(userId));
      return { success: true, today, checkedIn: await repo.hasDay(db, userId, today) };
    },

    async insight(userId) {
      const rows = await repo.listFrom(db, userId);
      const required = MOOD_INSIGHT_MIN_CHECKINS;
      if (rows.length < required) {
        return {
          success: true,
          checkIns: rows.length,
          required,
          n: null,
          r: null,
          interval: null,
          sentence: messages.mood.needMore(required - rows.length),
        };
      }
      // Oldest check-in's previous day onwards: each check-in is paired with the reading of the day before.
      const oldest = rows[rows.length - 1]!.day;
      const reading = await analysis.dailyVerdicts(userId, addDays(oldest, -1), await zoneOf(userId));
      const drainingShare = new Map(
        reading.filter((d) => d.pages > 0).map((d) => [d.day, d.draining / d.pages]),
      );
      const pairs: [number, number][] = [];
      for (const row of rows) {
        const share = drainingShare.get(addDays(row.day, -1));
        if (share !== undefined) pairs.push([share, row.score]);
      }
      const { n, r, interval, finding } = correlate(pairs);
      const sentence =
        finding === 'lower' && r !== null
          ? messages.mood.lowerAfterDraining(formatCorrelation(r), n)
          : finding === 'higher' && r !== null
            ? messages.mood.higherAfterDraining(formatCorrelation(r), n)
            : messages.mood.noClearLink(n);
      return { success: true, checkIns: rows.length, required, n, r, interval, sentence };
    },

    async listAll(userId) {
      return (await repo.listFrom(db, userId)).map(toCheckIn);
    },
  };
}
