import { queryKeys } from '@/lib/query-keys';

/**
 * Query keys of the questionnaire feature. The snapshot lives under the account prefix
 * (`GET /api/account/personalization`), so the real-time refresh of the account (lib/socket.ts) reloads it
 * too when the questionnaire completes.
 */
export const questionnaireKeys = {
  questions: ['questionnaire', 'questions'] as const,
  personalization: [...queryKeys.account, 'personalization'] as const,
};
