import { moodCheckedInEvent } from '@mediadiet/contract/realtime';
import { contract } from '@mediadiet/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { implement } from '../../http/route.ts';
import { requireAuth } from '../../http/auth-context.ts';
import { limitExtensionCall, type RateRule } from '../../plugins/rate-limit.ts';
import type { MoodService } from './service.ts';

/**
 * How many mood calls a minute one account's paired extension may make: its popup asks whether today's check-in
 * exists each time it opens, and sends one when the person taps (decision 157).
 */
export const MOOD_EXTENSION_RULE: RateRule = { name: 'extension-mood', limit: 30, windowMs: 60_000 };

/**
 * POST /api/mood, GET /api/mood?days=N, GET /api/mood/today, GET /api/mood/insight: the caller's own check-ins
 * only. The extension's key may check in and ask whether today is done (rate-limited per account); reading the
 * check-ins takes a session. A check-in is announced to the person's open tabs (`mood_checked_in_{userId}`).
 */
export default function moodRoutes(app: FastifyInstance, mood: MoodService) {
  const caller = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    await limitExtensionCall(app.rateLimiter, auth, MOOD_EXTENSION_RULE);
    return auth.userId;
  };

  implement(app, contract.mood, {
    moodCheckIn: async (request) => {
      const userId = await caller(request);
      const saved = await mood.checkIn(userId, request.body.score, request.body.note);
      // The other tabs (and a dashboard open beside the popup) stop offering today's check-in.
      app.emitToUser(userId, moodCheckedInEvent(userId));
      return saved;
    },
    moodList: async (request) => mood.list(requireAuth(request).userId, request.query.days),
    moodToday: async (request) => mood.today(await caller(request)),
    moodInsight: async (request) => mood.insight(requireAuth(request).userId),
  });
}
