import { useEffect, useId, useRef, useState } from 'react';
import { ArrowLeft, ArrowRight, Check, Save } from 'lucide-react';
import { SAVE_FEEDBACK_MS } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import {
  isAnswered,
  resumeIndex,
  type Answer,
  type Answers,
  type Question,
} from '@mediadiet/contract/questionnaire';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { readQuestionnaireProgress, saveQuestionnaireProgress } from '@/lib/questionnaire-progress';
import { useSubmitQuestionnaire } from '@/features/questionnaire/api/submit-questionnaire';
import { QuestionInput } from '@/features/questionnaire/components/question-input';
import { ScrollIndicator } from '@/features/questionnaire/components/scroll-indicator';
import { useFocusWhenLost } from '@/features/questionnaire/hooks/use-focus-when-lost';
import { answersToSubmit, restoreAnswers, timeEstimate } from '@/features/questionnaire/utils/answers';

export interface QuestionnaireFormProps {
  questions: Question[];
  /** Focus the current question when the form appears and focus was lost (the button that led here is gone). */
  focusOnStart?: boolean;
}

/**
 * The questions, one at a time (spec §2, §4). On start the saved progress is restored and the first
 * unanswered question selected (the last one if all are answered). Previous / Next move (disabled on the
 * first / last question) and save the progress quietly; Save stores it and shows a saving style for
 * 500 ms; 'Finish Questionnaire' on the last question submits once every question is answered.
 */
export function QuestionnaireForm({ questions, focusOnStart = false }: QuestionnaireFormProps) {
  const [answers, setAnswers] = useState<Answers>(() =>
    restoreAnswers(questions, readQuestionnaireProgress()),
  );
  const [index, setIndex] = useState(() => resumeIndex(questions, answers));
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const submit = useSubmitQuestionnaire();

  const headingRef = useFocusWhenLost<HTMLHeadingElement>(focusOnStart);
  const actionsRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const progressId = useId();

  // The saving style lasts SAVE_FEEDBACK_MS after the latest press of Save.
  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVE_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  // After Previous / Next the new question's heading takes focus, so it is read out.
  useEffect(() => {
    if (focusRequest > 0) headingRef.current?.focus();
  }, [focusRequest, headingRef]);

  const total = questions.length;
  const safeIndex = Math.min(Math.max(index, 0), total - 1);
  const question = questions[safeIndex];
  if (!question) return null;
  const isFirst = safeIndex === 0;
  const isLast = safeIndex === total - 1;
  const position = safeIndex + 1;

  const store = (next: Answers = answers) => saveQuestionnaireProgress({ answers: next, questions });

  const change = (answer: Answer) => {
    setAnswers((current) => ({ ...current, [question.id]: answer }));
    setNotice(null);
  };

  const go = (to: number) => {
    store();
    setNotice(null);
    setIndex(to);
    setFocusRequest((n) => n + 1);
  };

  const save = () => {
    store();
    setSavedAt(Date.now());
  };

  const finish = () => {
    store();
    const open = questions.findIndex((q) => !isAnswered(answers[q.id]));
    if (open !== -1) {
      setNotice(`Please answer question ${open + 1} before finishing.`);
      if (open !== safeIndex) {
        setIndex(open);
        setFocusRequest((n) => n + 1);
      }
      return;
    }
    submit.mutate(answersToSubmit(questions, answers));
  };

  const saving = savedAt !== null;

  return (
    <section aria-labelledby={headingId} className="max-w-3xl">
      <Card className="p-5 sm:p-8">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
          <p id={progressId} className="font-semibold text-ink">
            {messages.questionnaire.progress(position, total)}
          </p>
          <p data-testid="time-estimate" className="text-ink-muted">
            {timeEstimate(questions, answers)}
          </p>
        </div>
        <div
          role="progressbar"
          aria-label="Questionnaire progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={position}
          aria-valuetext={messages.questionnaire.progress(position, total)}
          className="mt-3 h-2 overflow-hidden rounded-full bg-sunken"
        >
          <div
            className="h-full rounded-full bg-accent transition-[width] duration-300 ease-out"
            style={{ width: `${(position / total) * 100}%` }}
          />
        </div>

        <h3
          ref={headingRef}
          id={headingId}
          tabIndex={-1}
          className="mt-8 text-xl leading-snug font-semibold tracking-tight text-ink sm:text-2xl"
        >
          {question.question}
        </h3>
        <div className="mt-6">
          <QuestionInput
            key={question.id}
            question={question}
            answer={answers[question.id]}
            onChange={change}
            labelledBy={headingId}
          />
        </div>

        {notice ? (
          <p
            role="alert"
            className="mt-5 rounded-xl bg-warning-soft px-4 py-3 text-sm font-medium text-warning"
          >
            {notice}
          </p>
        ) : null}

        {/* Phones: Previous | Save, then Next (and Finish) across the card; wider: one row. */}
        <div
          ref={actionsRef}
          className="mt-8 grid grid-cols-2 gap-3 border-t border-line pt-6 sm:flex sm:flex-wrap sm:items-center"
        >
          <Button
            variant="secondary"
            onClick={() => go(safeIndex - 1)}
            disabled={isFirst}
            className="w-full sm:w-auto"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {messages.questionnaire.previous}
          </Button>
          <Button
            variant="ghost"
            onClick={save}
            data-saving={saving || undefined}
            className={cn(
              'w-full sm:ml-auto sm:w-auto',
              saving && 'bg-accent-soft text-accent-ink hover:bg-accent-soft',
            )}
          >
            {saving ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Save aria-hidden="true" className="size-4" />
            )}
            {messages.questionnaire.save}
          </Button>
          <Button
            variant={isLast ? 'secondary' : 'primary'}
            onClick={() => go(safeIndex + 1)}
            disabled={isLast}
            className="col-span-2 w-full sm:w-auto"
          >
            {messages.questionnaire.next}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
          {isLast ? (
            <Button onClick={finish} loading={submit.isPending} className="col-span-2 w-full sm:w-auto">
              {messages.questionnaire.finish}
            </Button>
          ) : null}
        </div>
        <p role="status" className="sr-only">
          {saving ? 'Progress saved' : ''}
        </p>
      </Card>
      <ScrollIndicator target={() => actionsRef.current} />
    </section>
  );
}
