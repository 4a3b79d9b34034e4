import { useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import type { QuestionnaireState } from '@mediadiet/contract/questionnaire';
import { Button } from '@/components/ui/button';
import { recordStep, useQuestionnaireProgressStage, useStepFlag } from '@/lib/questionnaire-progress';
import { FailedView } from '@/features/questionnaire/components/failed-view';
import { OfferView } from '@/features/questionnaire/components/offer-view';
import { PersonalitySnapshot } from '@/features/questionnaire/components/personality-snapshot';
import { ProcessingView } from '@/features/questionnaire/components/processing-view';
import { QuestionnaireFlow } from '@/features/questionnaire/components/questionnaire-flow';
import { WelcomeView } from '@/features/questionnaire/components/welcome-view';
import { questionnaireView } from '@/features/questionnaire/utils/questionnaire-view';

export interface QuestionnaireScreenProps {
  /** `user.configs.state` from the account info (refreshed live by the socket). */
  state: QuestionnaireState;
}

/**
 * The Personality tab (dashboard view `configs`, spec §2 "Questionnaire screen"): offer, welcome,
 * questionnaire, processing, completed (the personality snapshot) or failed, by the questionnaire state
 * and the NOT_STARTED steps recorded in local storage.
 */
export function QuestionnaireScreen({ state }: QuestionnaireScreenProps) {
  const offerShown = useStepFlag('offerShown');
  const welcomeShown = useStepFlag('welcomeShown');
  const progress = useQuestionnaireProgressStage();
  // An opted-out reader who accepts the invitation takes the questionnaire after all (not stored: a
  // reload shows the snapshot again, and the saved progress is restored when they come back).
  const [retaking, setRetaking] = useState(false);

  const stateView = questionnaireView(state, { offerShown, welcomeShown, progress });
  const view = state === 'OPT_OUT' && retaking ? 'questionnaire' : stateView;
  // The view the tab opened on takes no focus; once the view has changed, each new view's heading takes
  // it when the button that led there is gone (derived during render, React's "previous value" pattern).
  const [lastView, setLastView] = useState(view);
  const [moved, setMoved] = useState(false);
  if (view !== lastView) {
    setLastView(view);
    setMoved(true);
  }

  switch (view) {
    case 'offer':
      return <OfferView onBegin={() => recordStep('offerShown')} focusHeading={moved} />;
    case 'welcome':
      return <WelcomeView onBegin={() => recordStep('welcomeShown')} focusHeading={moved} />;
    case 'questionnaire':
      return (
        <div className="flex flex-col gap-4">
          {retaking && state === 'OPT_OUT' ? (
            <div className="max-w-3xl">
              <Button variant="ghost" size="sm" onClick={() => setRetaking(false)}>
                <ArrowLeft aria-hidden="true" className="size-4" />
                Back to your snapshot
              </Button>
            </div>
          ) : null}
          <QuestionnaireFlow focusOnStart={moved} />
        </div>
      );
    case 'processing':
      return <ProcessingView focusHeading={moved} />;
    case 'failed':
      return <FailedView focusHeading={moved} />;
    case 'completed':
      return (
        <PersonalitySnapshot
          optedOut={state === 'OPT_OUT'}
          onTakeQuestionnaire={() => setRetaking(true)}
          focusHeading={moved}
        />
      );
  }
}
