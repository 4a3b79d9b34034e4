import { ClipboardList } from 'lucide-react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { QUESTIONNAIRE_QUESTION_COUNT } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getQuestionsQueryOptions } from '@/features/questionnaire/api/get-questions';
import { useFocusWhenLost } from '@/features/questionnaire/hooks/use-focus-when-lost';

/** NOT_STARTED, second step (spec §2): 'Welcome to our survey!', 'There are 15 questions.', Begin Survey. */
export function WelcomeView({ onBegin, focusHeading }: { onBegin: () => void; focusHeading: boolean }) {
  // The questions load while the reader reads this.
  usePrefetchQuery(getQuestionsQueryOptions());
  const headingRef = useFocusWhenLost<HTMLHeadingElement>(focusHeading);
  return (
    <Card className="max-w-3xl text-center">
      <span
        aria-hidden="true"
        className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent-ink"
      >
        <ClipboardList className="size-7" />
      </span>
      <h3 ref={headingRef} tabIndex={-1} className="mt-5 text-2xl font-semibold tracking-tight text-ink">
        {messages.questionnaire.welcomeTitle}
      </h3>
      <p className="mt-2 text-lg text-ink">
        {messages.questionnaire.questionCount(QUESTIONNAIRE_QUESTION_COUNT)}
      </p>
      <p className="mx-auto mt-3 max-w-md text-[0.95rem] leading-relaxed text-ink-muted">
        There are no right or wrong answers: go with your first instinct. Your progress can be saved at any
        point, so you can finish later.
      </p>
      <Button size="lg" className="mt-8" onClick={onBegin}>
        {messages.questionnaire.beginSurvey}
      </Button>
    </Card>
  );
}
