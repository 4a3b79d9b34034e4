import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CircleDot, ClipboardList, PlugZap } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { Card, CardTitle } from '@/components/ui/card';
import { IconLead } from '@/components/ui/icon-badge';

export interface OnboardingCardProps {
  /** Premium with the questionnaire NOT_STARTED: the 'Quick survey' step shows too. */
  showSurveyStep: boolean;
  /** Where the survey step leads (the Personality view). */
  surveyHref: string;
}

/**
 * What is left before the history fills (spec §2): the widget (extension) setup, and on premium the quick
 * survey. The title counts the steps shown.
 */
export function OnboardingCard({ showSurveyStep, surveyHref }: OnboardingCardProps) {
  const steps = showSurveyStep ? 2 : 1;
  return (
    <Card className="max-w-3xl">
      <IconLead icon={<CircleDot className="size-5" />}>
        <CardTitle as="h4" className="pt-1.5">
          {messages.history.onboardingTitle(steps)}
        </CardTitle>
      </IconLead>
      <ol className="mt-6 flex flex-col gap-3">
        <Step number={1} icon={<PlugZap className="size-5" />} title={messages.history.stepWidget}>
          {messages.history.stepWidgetHint}
        </Step>
        {showSurveyStep ? (
          <Step number={2} icon={<ClipboardList className="size-5" />} title={messages.history.stepSurvey}>
            {messages.history.stepSurveyHint}
            {' · '}
            <Link to={surveyHref} className="font-medium text-accent-ink underline underline-offset-2">
              Open the survey
            </Link>
          </Step>
        ) : null}
      </ol>
      <p className="mt-6 text-sm text-ink-muted">{messages.history.onboardingFooter}</p>
    </Card>
  );
}

function Step({
  number,
  icon,
  title,
  children,
}: {
  number: number;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex items-start gap-4 rounded-xl border border-line bg-canvas/50 p-4">
      <span
        aria-hidden="true"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-surface text-accent shadow-card"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="font-medium text-ink">
          <span className="sr-only">Step {number}: </span>
          {title}
        </p>
        <p className="mt-0.5 text-sm text-ink-muted">{children}</p>
      </div>
    </li>
  );
}
