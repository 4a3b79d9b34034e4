import type { Verdict } from '@mediadiet/contract/analysis';
import type { VerdictTrendBucket } from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import { cn } from '@/lib/cn';
import {
  bucketShortLabel,
  TREND_VERDICTS,
  VERDICT_STYLE,
  wholePercents,
} from '@/features/analysis/utils/verdict-trend';

/**
 * The verdict trend as stacked bars, one per week (or month), each 100 % of that bucket's pages with a verdict:
 * uplifting on top, draining at the bottom. Plain HTML boxes sized in percent (like the SVG donut, no chart
 * library): it scales to any width without distorting its text. One `img` for assistive technology; the
 * numbers are in the table beside it (verdict-trend-panel.tsx). A bucket without pages shows an empty outline.
 */
export function VerdictTrendChart({
  buckets,
  unit,
  label,
}: {
  buckets: VerdictTrendBucket[];
  unit: 'week' | 'month';
  label: string;
}) {
  return (
    <div className="min-w-0">
      <div role="img" aria-label={label} className="flex gap-2">
        <div
          aria-hidden="true"
          className="flex h-44 shrink-0 flex-col justify-between text-right text-[0.6875rem] leading-none text-ink-muted tabular-nums"
        >
          <span>100 %</span>
          <span>50 %</span>
          <span>0 %</span>
        </div>
        <div className="relative min-w-0 flex-1">
          <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-44">
            <div className="absolute inset-x-0 top-1/2 border-t border-dashed border-line" />
          </div>
          <ol
            className="relative grid items-end gap-1 sm:gap-2"
            style={{ gridTemplateColumns: `repeat(${buckets.length}, minmax(0, 1fr))` }}
          >
            {buckets.map((bucket) => (
              <BucketBar key={bucket.start} bucket={bucket} unit={unit} />
            ))}
          </ol>
        </div>
      </div>
    </div>
  );
}

function BucketBar({ bucket, unit }: { bucket: VerdictTrendBucket; unit: 'week' | 'month' }) {
  const percents = wholePercents(bucket.shares);
  const name = bucketShortLabel(bucket, unit);
  return (
    <li aria-hidden="true" className="flex min-w-0 flex-col items-center gap-1.5" data-bucket={bucket.start}>
      <div
        className={
          percents
            ? 'flex h-44 w-full max-w-12 flex-col overflow-hidden rounded-md'
            : 'h-44 w-full max-w-12 rounded-md border border-dashed border-line'
        }
      >
        {percents
          ? TREND_VERDICTS.map((verdict) =>
              bucket.counts[verdict] > 0 ? (
                <div
                  key={verdict}
                  data-verdict={verdict}
                  title={`${messages.trend.verdicts[verdict]}: ${percents[verdict]} % (${bucket.counts[verdict]})`}
                  className="min-h-px border-b border-surface last:border-b-0"
                  style={{
                    flexGrow: bucket.counts[verdict],
                    flexBasis: 0,
                    background: VERDICT_STYLE[verdict].background,
                  }}
                />
              ) : null,
            )
          : null}
      </div>
      <span className="w-full text-center text-[0.625rem] leading-tight text-ink-muted tabular-nums sm:text-[0.6875rem]">
        {name.day !== null ? <span className="block font-medium text-ink">{name.day}</span> : null}
        {name.day === null ? (
          // Twelve months on a phone: their initials, as charts do; the table names them in full.
          <>
            <span className="block sm:hidden">{name.month.slice(0, 1)}</span>
            <span className="hidden sm:block">{name.month}</span>
          </>
        ) : (
          <span className="block">{name.month}</span>
        )}
      </span>
    </li>
  );
}

/** A verdict's swatch: its colour and pattern, beside its name (decorative; the name says it). */
export function VerdictSwatch({ verdict, className }: { verdict: Verdict; className: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('shrink-0 rounded-sm', className)}
      style={{ background: VERDICT_STYLE[verdict].background }}
    />
  );
}

/** The chart's legend: each verdict's name beside its swatch (colour and pattern). */
export function VerdictTrendLegend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-ink">
      {TREND_VERDICTS.map((verdict) => (
        <li key={verdict} className="flex items-center gap-2">
          <VerdictSwatch verdict={verdict} className="size-3.5" />
          {messages.trend.verdicts[verdict]}
        </li>
      ))}
    </ul>
  );
}
