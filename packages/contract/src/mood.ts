import * as z from 'zod';
import { successWith } from './common';
import { messages } from './messages';

/**
 * Mood check-ins (issue 29): once a day a person rates their mood 1–5, with an optional short note, and
 * Insights relates it to the previous day's reading. Days are calendar days keyed `YYYY-MM-DD`.
 */

export const MOOD_SCORE_MIN = 1;
export const MOOD_SCORE_MAX = 5;
/** The longest note, in characters after trimming. */
export const MOOD_NOTE_MAX = 280;
/** `GET /api/mood?days=N`: the default and the largest window. */
export const MOOD_DAYS_DEFAULT = 30;
export const MOOD_DAYS_MAX = 366;
/** Check-ins needed before the insight computes a correlation. */
export const MOOD_INSIGHT_MIN_CHECKINS = 14;

export const MoodScoreSchema = z
  .number({ error: messages.mood.scoreRange })
  .int({ error: messages.mood.scoreRange })
  .min(MOOD_SCORE_MIN, { error: messages.mood.scoreRange })
  .max(MOOD_SCORE_MAX, { error: messages.mood.scoreRange });
export type MoodScore = z.infer<typeof MoodScoreSchema>;

/** A calendar day, `YYYY-MM-DD`. */
export const DayKeySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** POST /api/mood. A blank note is no note. */
export const MoodCheckInRequestSchema = z.object({
  score: MoodScoreSchema,
  note: z
    .string({ error: messages.mood.noteType })
    .trim()
    .max(MOOD_NOTE_MAX, { error: messages.mood.noteTooLong(MOOD_NOTE_MAX) })
    .optional(),
});
export type MoodCheckInRequest = z.infer<typeof MoodCheckInRequestSchema>;

/** One day's check-in. `updatedAt` moves when a later check-in of the same day replaces it. */
export const MoodCheckInSchema = z.object({
  day: DayKeySchema,
  score: MoodScoreSchema,
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MoodCheckIn = z.infer<typeof MoodCheckInSchema>;

/** The answer to POST /api/mood: the day's check-in, and whether it replaced an earlier one of that day. */
export const MoodCheckInResponseSchema = successWith({ checkIn: MoodCheckInSchema, replaced: z.boolean() });
export type MoodCheckInResponse = z.infer<typeof MoodCheckInResponseSchema>;

/** GET /api/mood?days=N: the check-ins of the last N days (today included). */
export const MoodListQuerySchema = z.object({
  days: z.coerce
    .number({ error: messages.mood.daysRange(MOOD_DAYS_MAX) })
    .int({ error: messages.mood.daysRange(MOOD_DAYS_MAX) })
    .min(1, { error: messages.mood.daysRange(MOOD_DAYS_MAX) })
    .max(MOOD_DAYS_MAX, { error: messages.mood.daysRange(MOOD_DAYS_MAX) })
    .optional(),
});
export type MoodListQuery = z.infer<typeof MoodListQuerySchema>;

/** Newest first; `today` is the current day as the server cuts days, so a client knows if today is done. */
export const MoodListResponseSchema = successWith({
  today: DayKeySchema,
  checkIns: z.array(MoodCheckInSchema),
});
export type MoodListResponse = z.infer<typeof MoodListResponseSchema>;

/**
 * GET /api/mood/today: whether today's check-in exists, as the server cuts days — all the extension's popup needs
 * to offer the check-in at most once a day (decision 157). Neither a score nor a note: the extension key that may
 * call it never reads what was written.
 */
export const MoodTodayResponseSchema = successWith({ today: DayKeySchema, checkedIn: z.boolean() });
export type MoodTodayResponse = z.infer<typeof MoodTodayResponseSchema>;

/**
 * GET /api/mood/insight: how mood relates to the previous day's share of draining pages. Below
 * `required` check-ins `n`, `r` and `interval` are null; from there `n` counts the days paired with a day of
 * reading before them, `r` is their Pearson correlation (null when it cannot be computed) and `interval`
 * its 95 % interval (Fisher z; null below 4 pairs). `sentence` says what may be said, and no more.
 */
export const MoodInsightResponseSchema = successWith({
  checkIns: z.number().int().min(0),
  required: z.number().int().min(1),
  n: z.number().int().min(0).nullable(),
  r: z.number().min(-1).max(1).nullable(),
  interval: z.tuple([z.number().min(-1).max(1), z.number().min(-1).max(1)]).nullable(),
  sentence: z.string(),
});
export type MoodInsightResponse = z.infer<typeof MoodInsightResponseSchema>;

/** A correlation as people read it: two decimals and a real minus sign ("−0.42"); a rounded zero has none. */
export function formatCorrelation(r: number): string {
  const text = Math.abs(r).toFixed(2);
  return r < 0 && text !== '0.00' ? `\u2212${text}` : text;
}
