import { cn } from '@/lib/cn';

/**
 * One term of a description list (`<dl>`) with its value: the figures of a category, the history's totals, the
 * mood insight's numbers. The looks differ in weight only; the markup is the same, so a screen reader reads
 * "term, value" everywhere. `stat` shows the value above its term (the value comes first in the markup too).
 */
const looks = {
  /** Small, in a row of figures inside a card. */
  figure: {
    box: 'min-w-0',
    term: 'text-xs text-ink-muted',
    value: 'truncate font-medium text-ink tabular-nums',
  },
  /** A figure on a tinted tile of its own. */
  tile: {
    box: 'rounded-xl border border-line bg-canvas/60 px-4 py-3',
    term: 'text-sm text-ink-muted',
    value: 'mt-0.5 text-xl font-semibold tabular-nums text-ink',
  },
  /** A headline number on a card of its own, its term below it. */
  stat: {
    box: 'flex flex-col-reverse justify-end gap-1 rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5',
    term: 'text-xs font-medium text-ink-muted sm:text-sm',
    value: 'text-2xl font-semibold tracking-tight text-ink tabular-nums sm:text-3xl',
  },
} as const;

export function Term({
  label,
  value,
  look = 'figure',
}: {
  label: string;
  value: string;
  look?: keyof typeof looks;
}) {
  const style = looks[look];
  const term = <dt className={style.term}>{label}</dt>;
  const shown = <dd className={style.value}>{value}</dd>;
  return (
    <div className={cn(style.box)}>
      {look === 'stat' ? (
        <>
          {shown}
          {term}
        </>
      ) : (
        <>
          {term}
          {shown}
        </>
      )}
    </div>
  );
}
