import { Clock, Lock, ShieldCheck, Sparkles } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useOptOut } from '@/features/questionnaire/api/opt-out';
import { InfoCards, type InfoCard } from '@/features/questionnaire/components/info-cards';
import { StepHeading } from '@/features/questionnaire/components/step-heading';

const cards: InfoCard[] = [
  {
    icon: <Clock className="size-5" />,
    title: 'About 5 minutes',
    text: '15 short questions. Save at any point and pick up where you left off.',
  },
  {
    icon: <Sparkles className="size-5" />,
    title: 'Insights tuned to you',
    text: 'Your answers show how content tends to affect you, so your analyses speak to you rather than to an average reader.',
  },
  {
    icon: <Lock className="size-5" />,
    title: 'Yours to adjust',
    text: 'Your answers are used only for your own analysis, and you can fine-tune the resulting profile at any time.',
  },
];

/**
 * NOT_STARTED, first step (spec §2): the privacy badge, the title, three info cards, the begin button and
 * 'Continue without questionnaire' (opt out).
 */
export function OfferView({ onBegin, focusHeading }: { onBegin: () => void; focusHeading: boolean }) {
  const optOut = useOptOut();
  return (
    <Card className="max-w-5xl">
      <Badge tone="accent" className="px-3 py-1">
        <ShieldCheck aria-hidden="true" className="size-3.5" />
        {messages.questionnaire.privacyBadge}
      </Badge>
      <StepHeading focusWhenLost={focusHeading} className="mt-4 sm:text-3xl">
        {messages.questionnaire.offerTitle}
      </StepHeading>
      <p className="mt-2 max-w-2xl text-[0.95rem] leading-relaxed text-ink-muted">
        A quick survey about how you read, watch and react. It lets Media Diet tell which content nourishes
        you and which drains you — for you, not for people in general.
      </p>
      <div className="mt-8">
        <InfoCards cards={cards} />
      </div>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button size="lg" onClick={onBegin} disabled={optOut.isPending}>
          {messages.questionnaire.beginQuestionnaire}
        </Button>
        <Button variant="ghost" size="lg" onClick={() => optOut.mutate()} loading={optOut.isPending}>
          {messages.questionnaire.continueWithout}
        </Button>
      </div>
      <p className="mt-3 text-sm text-ink-muted">
        Without it, your analysis uses a general profile. You can take the questionnaire later from this tab.
      </p>
    </Card>
  );
}
