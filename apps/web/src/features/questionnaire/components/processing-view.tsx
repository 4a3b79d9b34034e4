import { Hourglass } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useFocusWhenLost } from '@/features/questionnaire/hooks/use-focus-when-lost';

/**
 * SUBMITTED / PROCESSING (spec §2, §4): the answers are being analysed. The snapshot replaces this view by
 * itself when the server reports COMPLETED (the socket refreshes the account info).
 */
export function ProcessingView({ focusHeading }: { focusHeading: boolean }) {
  const headingRef = useFocusWhenLost<HTMLHeadingElement>(focusHeading);
  return (
    <Card className="max-w-3xl text-center">
      <span
        aria-hidden="true"
        className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent-ink"
      >
        <Hourglass className="size-7" />
      </span>
      <p className="mt-5 text-xs font-semibold tracking-wide text-accent-ink uppercase">
        {messages.insights.analysisInProgress}
      </p>
      <h3 ref={headingRef} tabIndex={-1} className="mt-1 text-2xl font-semibold tracking-tight text-ink">
        {messages.insights.analyzingResponses}
      </h3>
      <p className="mx-auto mt-3 max-w-md text-[0.95rem] leading-relaxed text-ink-muted">
        {messages.insights.processingText}
      </p>
      <p className="mt-6 inline-flex items-center gap-2 text-sm text-ink-muted">
        <Spinner size="sm" label="" />
        {messages.insights.processingDuration}
      </p>
      <p className="mt-2 text-sm text-ink-muted">
        You can leave this page; your personality snapshot will be here when it is ready.
      </p>
    </Card>
  );
}
