import { CloudRain, CloudSun, Minus, Sun, type LucideIcon } from 'lucide-react';
import { verdictText, type Verdict } from '@mediadiet/contract/analysis';
import type { CategoryId } from '@mediadiet/contract/categories';
import { cn } from '@/lib/cn';

/** Each verdict's small mark beside its words: an icon and a tint, never the only carrier of the meaning. */
const marks: Record<Verdict, { icon: LucideIcon; tint: string }> = {
  uplifting: { icon: Sun, tint: 'text-accent' },
  neutral: { icon: Minus, tint: 'text-ink-muted' },
  mixed: { icon: CloudSun, tint: 'text-ink-muted' },
  draining: { icon: CloudRain, tint: 'text-warning' },
};

/**
 * A page's verdict in one line of words ("Mostly draining — anger and fear"), led by a small decorative mark.
 * An analysis without a verdict (older analyses, scorers that give none) shows nothing: no verdict is guessed.
 */
export function VerdictLine({
  verdict,
  drivers,
  id,
  size = 'sm',
  className,
}: {
  verdict: Verdict | undefined;
  drivers: readonly CategoryId[] | undefined;
  id?: string;
  size?: 'sm' | 'md';
  className?: string;
}) {
  if (verdict === undefined) return null;
  const { icon: Icon, tint } = marks[verdict];
  return (
    <p
      id={id}
      data-testid="verdict"
      data-verdict={verdict}
      className={cn(
        'flex min-w-0 items-start gap-1.5 font-medium text-ink',
        size === 'md' ? 'text-base' : 'text-sm',
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('shrink-0', size === 'md' ? 'mt-1 size-4' : 'mt-0.5 size-4', tint)}
      />
      <span className="min-w-0 break-words">{verdictText(verdict, drivers)}</span>
    </p>
  );
}
