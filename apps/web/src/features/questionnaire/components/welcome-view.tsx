import { ClipboardList } from 'lucide-react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { QUESTIONNAIRE_QUESTION_COUNT } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { questionsQuery } from '@/features/questionnaire/api/get-questions';
import { StatusCard, StatusText } from '@/features/questionnaire/components/status-card';

/** NOT_STARTED, second step (spec §2): 'Welcome to our survey!', 'There are 15 questions.', Begin Survey. */
export function WelcomeView({ onBegin, focusHeading }: { onBegin: () => void; focusHeading: boolean }) {
  // The questions load while the reader reads this.
  usePrefetchQuery(questionsQuery);
  return (
    <StatusCard
      icon={<ClipboardList className="size-7" />}
      title={messages.questionnaire.welcomeTitle}
      focusHeading={focusHeading}
    >
      <p className="mt-2 text-lg text-ink">
        {messages.questionnaire.questionCount(QUESTIONNAIRE_QUESTION_COUNT)}
      </p>
      <StatusText>
        There are no right or wrong answers: go with your first instinct. Your progress can be saved at any
        point, so you can finish later.
      </StatusText>
      <Button size="lg" className="mt-8" onClick={onBegin}>
        {messages.questionnaire.beginSurvey}
      </Button>
    </StatusCard>
  );
}
