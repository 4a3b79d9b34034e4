import { serviceModule } from '../../lib/service-module.ts';
import registerLabelsRoutes from './routes.ts';
import { createLabelsService, type LabelsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Link labels: the extension's context and counts, and their figures (the account export reads them too). */
    labels: LabelsService;
  }
}

/**
 * The link labels module (issue 30, decision 160): the context the extension labels links with (the questionnaire's
 * sensitivities, the analysis module's verdicts less the ignored sites), the per-browser daily counts, and the
 * figures of the Insights card. Its rows go with the account (ON DELETE CASCADE on users).
 */
export default serviceModule(
  'labels',
  ['db', 'users', 'auth', 'rate-limit', 'analysis', 'urls', 'questionnaire', 'billing'],
  (app) =>
    createLabelsService({
      db: app.db,
      clock: app.clock,
      analysis: app.analysis,
      urls: app.urls,
      profiles: app.questionnaire.profiles,
      livePlan: (userId) => app.billing.subscriptions.livePlan(userId),
      timeZone: (userId) => app.users.timeZone(userId),
    }),
  registerLabelsRoutes,
);
