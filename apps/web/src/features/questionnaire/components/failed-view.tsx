import { LifeBuoy, TriangleAlert } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { buttonClasses } from '@/components/ui/button';
import { env } from '@/config/env';
import { StatusCard, StatusText } from '@/features/questionnaire/components/status-card';

export const SUPPORT_SUBJECT = 'Questionnaire: technical difficulties';

/** The Contact Support link: a mail to the configured support address. */
export function supportHref(email: string = env.supportEmail): string {
  return `mailto:${email}?subject=${encodeURIComponent(SUPPORT_SUBJECT)}`;
}

/** FAILED (spec §2): 'Technical Difficulties' and Contact Support, which mails the support address. */
export function FailedView({ focusHeading }: { focusHeading: boolean }) {
  return (
    <StatusCard
      icon={<TriangleAlert className="size-7" />}
      tone="warning"
      title={messages.questionnaire.technicalDifficulties}
      focusHeading={focusHeading}
    >
      <StatusText>
        Something went wrong while we processed your answers, and your personality snapshot could not be
        created. Our support team can sort it out — write to us at{' '}
        <span className="font-medium text-ink">{env.supportEmail}</span>.
      </StatusText>
      <a href={supportHref()} className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        <LifeBuoy aria-hidden="true" className="size-5" />
        {messages.questionnaire.contactSupport}
      </a>
    </StatusCard>
  );
}
