import type { ReactNode } from 'react';
import { useFocusWhenLost } from '@/features/questionnaire/hooks/use-focus-when-lost';
import { cn } from '@/lib/cn';

export interface StepHeadingProps {
  /** Take focus when the step replaces the one that had it (useFocusWhenLost). */
  focusWhenLost: boolean;
  id?: string;
  className?: string;
  children: ReactNode;
}

/**
 * The heading of a step of the questionnaire's way (offer, welcome, processing, failed, snapshot): keyboard and
 * screen-reader users who came from the previous step continue here.
 */
export function StepHeading({ focusWhenLost, id, className, children }: StepHeadingProps) {
  const ref = useFocusWhenLost<HTMLHeadingElement>(focusWhenLost);
  return (
    <h3
      ref={ref}
      id={id}
      tabIndex={-1}
      className={cn(className, 'text-2xl font-semibold tracking-tight text-ink')}
    >
      {children}
    </h3>
  );
}
