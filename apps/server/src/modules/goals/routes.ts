import { contract } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-context.ts';
import { implement } from '../../http/route.ts';
import type { GoalsService } from './service.ts';

/**
 * GET /api/goals and PUT /api/goals (the whole list). Both answer with the list and each goal's progress. A
 * list the contract refuses is a 400 naming the field (`body.goals.1.target: …`), and nothing is stored.
 */
export default function goalsRoutes(app: FastifyInstance, goals: GoalsService) {
  const answer = async (userId: string) => ({
    success: true as const,
    goals: await goals.withProgress(userId),
  });

  implement(app, contract.goals, {
    goalsList: async (request) => answer(requireAuth(request).userId),

    goalsReplace: async (request) => {
      const { userId } = requireAuth(request);
      await goals.replace(userId, request.body.goals);
      return answer(userId);
    },
  });
}
