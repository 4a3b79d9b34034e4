import { Hourglass } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { Spinner } from '@/components/ui/spinner';
import { StatusCard, StatusText } from '@/features/questionnaire/components/status-card';

/**
 * SUBMITTED / PROCESSING (spec §2, §4): the answers are being analysed. The snapshot replaces this view by
 * itself when the server reports COMPLETED (the socket refreshes the account info).
 */
export function ProcessingView({ focusHeading }: { focusHeading: boolean }) {
  return (
    <StatusCard
      icon={<Hourglass className="size-7" />}
      eyebrow={messages.insights.analysisInProgress}
      title={messages.insights.analyzingResponses}
      focusHeading={focusHeading}
    >
      <StatusText>{messages.insights.processingText}</StatusText>
      <p className="mt-6 inline-flex items-center gap-2 text-sm text-ink-muted">
        <Spinner size="sm" label="" />
        {messages.insights.processingDuration}
      </p>
      <p className="mt-2 text-sm text-ink-muted">
        You can leave this page; your personality snapshot will be here when it is ready.
      </p>
    </StatusCard>
  );
}
