import type { RankedCategory } from '@mediadiet/contract/analysis';
import { cn } from '@/lib/cn';
import { formatAnalysisScore } from '@/features/analysis/utils/format';

/** Bars of an analysis card: one line per category, the bar as long as its 0–100 score. */
export function CategoryBars({
  label,
  categories,
  tone,
}: {
  label: string;
  categories: RankedCategory[];
  tone: 'pro' | 'mal';
}) {
  if (categories.length === 0) return null;
  return (
    <div>
      <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</p>
      <ul className="mt-1.5 flex flex-col gap-2">
        {categories.map((category) => (
          <li key={category.id} data-classification={tone}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="truncate text-ink">{category.name}</span>
              <span className="shrink-0 text-xs text-ink-muted tabular-nums">
                {formatAnalysisScore(category.score.BaseScore)}
              </span>
            </div>
            <div aria-hidden="true" className="mt-1 h-1.5 overflow-hidden rounded-full bg-sunken">
              <div
                className={cn('h-full rounded-full', tone === 'pro' ? 'bg-accent' : 'bg-warning')}
                style={{ width: `${Math.min(100, Math.max(0, category.score.BaseScore))}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
