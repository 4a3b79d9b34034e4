import { submittedAnswers } from '@mediadiet/contract/questionnaire';
import { api } from '@mediadiet/contract/routes';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { QuestionnaireService } from './service.ts';

/**
 * GET / POST / PATCH / DELETE /api/questionnaire and GET / PATCH /api/account/personalization (spec §7).
 * Premium only (403 otherwise, in the service).
 */
export function registerQuestionnaireRoutes(app: FastifyInstance, questionnaire: QuestionnaireService) {
  registerRoute(app, api.questionnaireGet, async (request) => {
    const data = await questionnaire.questions(requireAuth(request).userId);
    return { success: true as const, data };
  });

  registerRoute(app, api.questionnaireSubmit, async (request) => {
    const configs = await questionnaire.submit(requireAuth(request).userId, submittedAnswers(request.body));
    return { success: true as const, data: { configs } };
  });

  registerRoute(app, api.questionnaireUpdateScore, async (request) => {
    const { index, score } = request.body;
    const data = await questionnaire.updateScoreAt(requireAuth(request).userId, index, score);
    return { success: true as const, data };
  });

  registerRoute(app, api.questionnaireOptOut, async (request) => {
    const user = await questionnaire.optOut(requireAuth(request).userId);
    return { success: true as const, user };
  });

  registerRoute(app, api.accountPersonalizationGet, async (request) => {
    const personalization = await questionnaire.personalization(requireAuth(request).userId);
    return { success: true as const, personalization };
  });

  registerRoute(app, api.accountPersonalizationUpdate, async (request) => {
    const personalization = await questionnaire.updatePersonalization(
      requireAuth(request).userId,
      request.body,
    );
    return { success: true as const, personalization };
  });
}
