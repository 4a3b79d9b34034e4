import type { QuestionnaireState } from '@mediadiet/contract/questionnaire';
import type { QuestionnaireProgressStage } from '@/lib/questionnaire-progress';

export type QuestionnaireView = 'offer' | 'welcome' | 'questionnaire' | 'processing' | 'completed' | 'failed';

export interface NotStartedSteps {
  /** `questionnaire_offer_shown`: the offer's begin button was pressed. */
  offerShown: boolean;
  /** `questionnaire_welcome_shown`: Begin Survey was pressed. */
  welcomeShown: boolean;
  /** What the saved progress answers; any answer means the questions were reached. */
  progress: QuestionnaireProgressStage;
}

/**
 * The screen for a questionnaire state (spec §4): SUBMITTED and PROCESSING → processing, COMPLETED and
 * OPT_OUT → completed, FAILED → failed. NOT_STARTED walks offer → welcome → questionnaire by the steps
 * recorded in local storage; saved answers go straight to the questionnaire (the insights' Continue and
 * Finish Questionnaire buttons land on the questions).
 */
export function questionnaireView(state: QuestionnaireState, steps: NotStartedSteps): QuestionnaireView {
  switch (state) {
    case 'SUBMITTED':
    case 'PROCESSING':
      return 'processing';
    case 'COMPLETED':
    case 'OPT_OUT':
      return 'completed';
    case 'FAILED':
      return 'failed';
    case 'NOT_STARTED':
      if (steps.progress !== 'none') return 'questionnaire';
      if (!steps.offerShown) return 'offer';
      if (!steps.welcomeShown) return 'welcome';
      return 'questionnaire';
  }
}
