import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { IconBadge, type IconBadgeProps } from '@/components/ui/icon-badge';
import { StepHeading } from '@/features/questionnaire/components/step-heading';

export interface StatusCardProps {
  icon: ReactNode;
  tone?: IconBadgeProps['tone'];
  /** A small line above the heading ('Analysis in progress'). */
  eyebrow?: string;
  title: string;
  /** The heading takes focus when the view replaces the one that had it (useFocusWhenLost). */
  focusHeading: boolean;
  children: ReactNode;
}

/** One step of the questionnaire's way (welcome, processing, failed): a centred card with an icon and a heading. */
export function StatusCard({
  icon,
  tone = 'accent',
  eyebrow,
  title,
  focusHeading,
  children,
}: StatusCardProps) {
  return (
    <Card className="max-w-3xl text-center">
      <IconBadge size="xl" tone={tone} className="mx-auto">
        {icon}
      </IconBadge>
      {eyebrow ? (
        <p className="mt-5 text-xs font-semibold tracking-wide text-accent-ink uppercase">{eyebrow}</p>
      ) : null}
      <StepHeading focusWhenLost={focusHeading} className={eyebrow ? 'mt-1' : 'mt-5'}>
        {title}
      </StepHeading>
      {children}
    </Card>
  );
}

/** The text under a status card's heading. */
export function StatusText({ children }: { children: ReactNode }) {
  return <p className="mx-auto mt-3 max-w-md text-[0.95rem] leading-relaxed text-ink-muted">{children}</p>;
}
