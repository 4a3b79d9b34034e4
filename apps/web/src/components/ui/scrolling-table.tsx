import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A table of numbers under its caption, in a box that scrolls sideways on a narrow screen. The caption stands above
 * the box, so a narrow screen scrolls the numbers, not their title; the box takes keyboard focus so it can be
 * scrolled without a pointer (axe: scrollable-region-focusable). `children` are the table's sections.
 */
export function ScrollingTable({
  caption,
  className,
  children,
}: {
  caption: string;
  className?: string;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <div>
      <p id={captionId} className="mb-2 text-xs text-ink-muted">
        {caption}
      </p>
      <div
        role="region"
        aria-labelledby={captionId}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus (axe: scrollable-region-focusable)
        tabIndex={0}
        className={cn(
          'overflow-x-auto rounded-xl border border-line focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
          className,
        )}
      >
        <table aria-labelledby={captionId} className="w-full text-left text-sm">
          {children}
        </table>
      </div>
    </div>
  );
}
