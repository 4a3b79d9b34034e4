import { defineContract, defineRoute } from '../http';
import {
  MoodCheckInRequestSchema,
  MoodCheckInResponseSchema,
  MoodInsightResponseSchema,
  MoodListQuerySchema,
  MoodListResponseSchema,
  MoodTodayResponseSchema,
} from '../mood';

/** The signed-in person's mood check-ins and what they show about reading and mood. */
export const moodContract = defineContract({
  moodCheckIn: defineRoute({
    operationId: 'moodCheckIn',
    method: 'POST',
    path: '/api/mood',
    summary: "Today's mood check-in (a second one the same day replaces it)",
    tag: 'mood',
    auth: 'session',
    // The extension popup's check-in (decision 157): the key may write today's check-in; reading the
    // check-ins (list, insight) stays session-only.
    authAlternatives: ['extension'],
    body: MoodCheckInRequestSchema,
    response: MoodCheckInResponseSchema,
  }),
  moodList: defineRoute({
    operationId: 'moodList',
    method: 'GET',
    path: '/api/mood',
    summary: 'Mood check-ins of the last N days (default 30), newest first',
    tag: 'mood',
    auth: 'session',
    query: MoodListQuerySchema,
    response: MoodListResponseSchema,
  }),
  moodToday: defineRoute({
    operationId: 'moodToday',
    method: 'GET',
    path: '/api/mood/today',
    summary: "Whether today's check-in exists (no score, no note), and which day today is",
    tag: 'mood',
    auth: 'session',
    // The extension popup offers the check-in at most once a day (decision 157); the key learns only this.
    authAlternatives: ['extension'],
    response: MoodTodayResponseSchema,
  }),
  moodInsight: defineRoute({
    operationId: 'moodInsight',
    method: 'GET',
    path: '/api/mood/insight',
    summary: "How mood relates to the previous day's share of draining pages",
    tag: 'mood',
    auth: 'session',
    response: MoodInsightResponseSchema,
  }),
});
