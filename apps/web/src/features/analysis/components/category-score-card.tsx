import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { isPro, type RankedCategory } from '@mediadiet/contract/analysis';
import { messages } from '@mediadiet/contract/messages';
import { cn } from '@/lib/cn';
import {
  formatAnalysisScore,
  formatEffectiveN,
  formatFigure,
  formatProbability,
} from '@/features/analysis/utils/format';
import { Term } from '@/components/ui/term';

/**
 * One category of the analysis detail (spec §2): a button that shows the Score, and when expanded the
 * Bayes factor, Probability and N. Mal categories (anything but 'pro') are tinted warm, pro ones teal.
 */
export function CategoryScoreCard({ category }: { category: RankedCategory }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const pro = isPro(category.score.Classification);
  return (
    <li
      data-classification={pro ? 'pro' : 'mal'}
      className={cn(
        'rounded-2xl border shadow-card transition-colors',
        pro ? 'border-accent/25 bg-accent-soft/50' : 'border-warning/25 bg-warning-soft/60',
      )}
    >
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={`${id}-figures`}
        onClick={() => setExpanded((open) => !open)}
        className="flex w-full items-center gap-3 rounded-2xl p-4 text-left"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-ink">{category.name}</span>
          <span className="mt-0.5 block text-sm text-ink-muted">
            {messages.history.score}{' '}
            <span className={cn('font-semibold tabular-nums', pro ? 'text-accent-ink' : 'text-warning')}>
              {formatAnalysisScore(category.score.BaseScore)}
            </span>
          </span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-5 shrink-0 text-ink-muted transition-transform', expanded && 'rotate-180')}
        />
      </button>
      <dl
        id={`${id}-figures`}
        hidden={!expanded}
        className="grid grid-cols-3 gap-2 border-t border-line/70 px-4 pt-3 pb-4 text-sm"
      >
        <Term label={messages.history.bayes} value={formatFigure(category.score.BayesFactor)} />
        <Term
          label={messages.history.probability}
          value={formatProbability(category.score.PosteriorProbability)}
        />
        <Term label={messages.history.effectiveN} value={formatEffectiveN(category.score.EffectiveN)} />
      </dl>
    </li>
  );
}
