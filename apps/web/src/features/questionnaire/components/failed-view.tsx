import { LifeBuoy, TriangleAlert } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { env } from '@/config/env';
import { useFocusWhenLost } from '@/features/questionnaire/hooks/use-focus-when-lost';

export const SUPPORT_SUBJECT = 'Questionnaire: technical difficulties';

/** The Contact Support link: a mail to the configured support address. */
export function supportHref(email: string = env.supportEmail): string {
  return `mailto:${email}?subject=${encodeURIComponent(SUPPORT_SUBJECT)}`;
}

/** FAILED (spec §2): 'Technical Difficulties' and Contact Support, which mails the support address. */
export function FailedView({ focusHeading }: { focusHeading: boolean }) {
  const headingRef = useFocusWhenLost<HTMLHeadingElement>(focusHeading);
  return (
    <Card className="max-w-3xl text-center">
      <span
        aria-hidden="true"
        className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-warning-soft text-warning"
      >
        <TriangleAlert className="size-7" />
      </span>
      <h3 ref={headingRef} tabIndex={-1} className="mt-5 text-2xl font-semibold tracking-tight text-ink">
        {messages.questionnaire.technicalDifficulties}
      </h3>
      <p className="mx-auto mt-3 max-w-md text-[0.95rem] leading-relaxed text-ink-muted">
        Something went wrong while we processed your answers, and your personality snapshot could not be
        created. Our support team can sort it out — write to us at{' '}
        <span className="font-medium text-ink">{env.supportEmail}</span>.
      </p>
      <a href={supportHref()} className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        <LifeBuoy aria-hidden="true" className="size-5" />
        {messages.questionnaire.contactSupport}
      </a>
    </Card>
  );
}
