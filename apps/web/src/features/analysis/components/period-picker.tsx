import type { InsightDirectory } from '@mediadiet/contract/insights';
import { cn } from '@/lib/cn';
import type { Period } from '@/features/analysis/api/get-insights';
import { periodGroups, periodLabel, samePeriod } from '@/features/analysis/utils/insights';

export interface PeriodPickerProps {
  directories: InsightDirectory[];
  selected: Period | null;
  /** While insights load every button is disabled (spec §2). */
  loading: boolean;
  onSelect: (period: Period) => void;
}

/**
 * The time-period buttons (spec §2): one per month with data ("Jan '25"), plus the whole year, grouped by
 * year. A button is disabled while loading or when it is the selected one (aria-pressed says which).
 */
export function PeriodPicker({ directories, selected, loading, onSelect }: PeriodPickerProps) {
  return (
    <div role="group" aria-label="Time period" className="flex flex-col gap-3 print:hidden">
      {periodGroups(directories).map(({ yy, periods }) => (
        <div key={yy} role="group" aria-label={String(yy)} className="flex flex-wrap gap-2">
          {periods.map((period) => {
            const isSelected = samePeriod(period, selected);
            return (
              <button
                key={`${period.yy}-${period.mm ?? 'all'}`}
                type="button"
                aria-pressed={isSelected}
                disabled={loading || isSelected}
                onClick={() => onSelect(period)}
                className={cn(
                  'inline-flex h-9 items-center rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed',
                  isSelected
                    ? 'border-accent bg-accent text-white'
                    : 'border-line-strong bg-surface text-ink hover:bg-sunken disabled:opacity-55 disabled:hover:bg-surface',
                  period.mm === null && !isSelected && 'border-dashed',
                )}
              >
                {periodLabel(period)}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
