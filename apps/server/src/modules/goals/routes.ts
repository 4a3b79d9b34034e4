import { contract } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-context.ts';
import { implement } from '../../http/route.ts';
import { limitExtensionCall, type RateRule } from '../../plugins/rate-limit.ts';
import type { GoalsService } from './service.ts';

/**
 * How many times a minute one account's paired extension may read the goals: after pages it sent, when its popup
 * opens, and hourly (decision 157).
 */
export const GOALS_EXTENSION_RULE: RateRule = { name: 'extension-goals', limit: 30, windowMs: 60_000 };

/**
 * GET /api/goals and PUT /api/goals (the whole list). Both answer with the list and each goal's progress. A
 * list the contract refuses is a 400 naming the field (`body.goals.1.target: …`), and nothing is stored. The
 * extension's key may read the list (rate-limited per account), never replace it.
 */
export default function goalsRoutes(app: FastifyInstance, goals: GoalsService) {
  const answer = async (userId: string) => ({
    success: true as const,
    goals: await goals.withProgress(userId),
  });

  implement(app, contract.goals, {
    goalsList: async (request) => {
      const auth = requireAuth(request);
      await limitExtensionCall(app.rateLimiter, auth, GOALS_EXTENSION_RULE);
      return answer(auth.userId);
    },

    goalsReplace: async (request) => {
      const { userId } = requireAuth(request);
      await goals.replace(userId, request.body.goals);
      return answer(userId);
    },
  });
}
