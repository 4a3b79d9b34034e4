import { contract } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/route.ts';
import { requireAuth } from '../../http/auth-context.ts';
import type { MoodService } from './service.ts';

/** POST /api/mood, GET /api/mood?days=N, GET /api/mood/insight: the signed-in person's own check-ins only. */
export default function moodRoutes(app: FastifyInstance, mood: MoodService) {
  implement(app, contract.mood, {
    moodCheckIn: async (request) =>
      mood.checkIn(requireAuth(request).userId, request.body.score, request.body.note),
    moodList: async (request) => mood.list(requireAuth(request).userId, request.query.days),
    moodInsight: async (request) => mood.insight(requireAuth(request).userId),
  });
}
