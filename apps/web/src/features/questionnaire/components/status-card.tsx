import type { ReactNode, Ref } from 'react';
import { Card } from '@/components/ui/card';
import { IconBadge, type IconBadgeProps } from '@/components/ui/icon-badge';
import { cn } from '@/lib/cn';

export interface StatusCardProps {
  icon: ReactNode;
  tone?: IconBadgeProps['tone'];
  /** A small line above the heading ('Analysis in progress'). */
  eyebrow?: string;
  title: string;
  /** The heading takes focus when the view replaces the one that had it (useFocusWhenLost). */
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/** One step of the questionnaire's way (welcome, processing, failed): a centred card with an icon and a heading. */
export function StatusCard({ icon, tone = 'accent', eyebrow, title, headingRef, children }: StatusCardProps) {
  return (
    <Card className="max-w-3xl text-center">
      <IconBadge size="xl" tone={tone} className="mx-auto">
        {icon}
      </IconBadge>
      {eyebrow ? (
        <p className="mt-5 text-xs font-semibold tracking-wide text-accent-ink uppercase">{eyebrow}</p>
      ) : null}
      <h3
        ref={headingRef}
        tabIndex={-1}
        className={cn(eyebrow ? 'mt-1' : 'mt-5', 'text-2xl font-semibold tracking-tight text-ink')}
      >
        {title}
      </h3>
      {children}
    </Card>
  );
}

/** The text under a status card's heading. */
export function StatusText({ children }: { children: ReactNode }) {
  return <p className="mx-auto mt-3 max-w-md text-[0.95rem] leading-relaxed text-ink-muted">{children}</p>;
}
