import { useNavigate } from 'react-router';
import { Hourglass, LockOpen } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { CardDescription, CardTitle, IconCard } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useQuestionnaireProgressStage, type QuestionnaireProgressStage } from '@/lib/questionnaire-progress';

const startLabels: Record<QuestionnaireProgressStage, string> = {
  none: messages.insights.startQuestionnaire,
  some: messages.insights.continueQuestionnaire,
  all: messages.insights.finishQuestionnaire,
};

/**
 * Premium, questionnaire NOT_STARTED (spec §2): the button reads Start, Continue or Finish Questionnaire by
 * the progress saved in local storage (nothing, some or all questions answered) and opens the questionnaire.
 */
export function UnlockInsightsCard({ questionnaireHref }: { questionnaireHref: string }) {
  const stage = useQuestionnaireProgressStage();
  const navigate = useNavigate();
  return (
    <IconCard layout="stacked" icon={<LockOpen className="size-6" />} className="max-w-3xl">
      <CardTitle as="h4">{messages.insights.unlockTitle}</CardTitle>
      <CardDescription>
        A short questionnaire tunes your insights to you: how the content you read tends to affect your mood,
        focus and energy. It takes about 5 minutes, and you can save and come back any time.
      </CardDescription>
      <Button className="mt-5" onClick={() => void navigate(questionnaireHref)}>
        {startLabels[stage]}
      </Button>
    </IconCard>
  );
}

/** Premium, questionnaire SUBMITTED or PROCESSING (spec §2): the answers are being analysed. */
export function InsightsProcessingCard() {
  return (
    <IconCard layout="stacked" icon={<Hourglass className="size-6" />} className="max-w-3xl">
      <p className="text-xs font-semibold tracking-wide text-accent-ink uppercase">
        {messages.insights.analysisInProgress}
      </p>
      <CardTitle as="h4" className="mt-1">
        {messages.insights.analyzingResponses}
      </CardTitle>
      <CardDescription>{messages.insights.processingText}</CardDescription>
      <p className="mt-4 flex items-center gap-2 text-sm text-ink-muted">
        <Spinner size="sm" label="" />
        {messages.insights.processingDuration}
      </p>
    </IconCard>
  );
}
