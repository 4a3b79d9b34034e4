import { submittedAnswers } from '@mediadiet/contract/questionnaire';
import { contract } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../http/route.ts';
import { requireAuth } from '../../http/auth-context.ts';
import type { QuestionnaireService } from './service.ts';

/**
 * GET / POST / PATCH / DELETE /api/questionnaire and GET / PATCH /api/account/personalization (spec §7).
 * Premium only (403 otherwise, in the service).
 */
export function registerQuestionnaireRoutes(app: FastifyInstance, questionnaire: QuestionnaireService) {
  implement(app, contract.questionnaire, {
    questionnaireGet: async (request) => {
      const data = await questionnaire.questions(requireAuth(request).userId);
      return { success: true as const, data };
    },

    questionnaireSubmit: async (request) => {
      const configs = await questionnaire.submit(requireAuth(request).userId, submittedAnswers(request.body));
      return { success: true as const, data: { configs } };
    },

    questionnaireUpdateScore: async (request) => {
      const { index, score } = request.body;
      const data = await questionnaire.updateScoreAt(requireAuth(request).userId, index, score);
      return { success: true as const, data };
    },

    questionnaireOptOut: async (request) => {
      const user = await questionnaire.optOut(requireAuth(request).userId);
      return { success: true as const, user };
    },

    accountPersonalizationGet: async (request) => {
      const personalization = await questionnaire.personalization(requireAuth(request).userId);
      return { success: true as const, personalization };
    },

    accountPersonalizationUpdate: async (request) => {
      const personalization = await questionnaire.updatePersonalization(
        requireAuth(request).userId,
        request.body,
      );
      return { success: true as const, personalization };
    },
  });
}
