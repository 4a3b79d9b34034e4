import { useId } from 'react';
import { topCategories, type RecentAnalysis } from '@mediadiet/contract/analysis';
import { CARD_MAX_CATEGORIES_PER_CLASS } from '@mediadiet/contract/constants';
import { CategoryBars } from '@/features/analysis/components/category-bars';
import { ForgetAnalysis } from '@/features/analysis/components/forget-analysis';
import { PatternStrengthBadge } from '@/features/analysis/components/pattern-strength-badge';
import { PageHeading } from '@/features/analysis/components/page-heading';

/**
 * One touch point of the history (spec §2): led by the page's title (its site when it has none) and its verdict
 * in words, then the site, date and time, Pattern Strength, and bars for the top two pro and top two mal
 * categories. The title is the link to the analysis detail, stretched over the whole card, named by title, site
 * and time and described by the verdict and the rest; above it (never inside it), "Forget this page".
 */
export function AnalysisCard({ analysis, href }: { analysis: RecentAnalysis; href: string }) {
  const id = useId();
  const { pro, mal } = topCategories(analysis.categoryScores, CARD_MAX_CATEGORIES_PER_CLASS);
  return (
    <li className="group relative flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card transition-colors hover:border-line-strong hover:bg-canvas/40">
      <PageHeading
        id={id}
        page={analysis}
        link={{
          to: href,
          returnFocus: `analysis-${analysis.id}`,
          rest: `${id}-body`,
          className: 'after:rounded-2xl',
        }}
        className="pr-9"
      />
      <div id={`${id}-body`} className="flex flex-col gap-4 @container">
        <PatternStrengthBadge correlation={analysis.classificationAnalysis.correlationCoefficient} />
        <div className="grid gap-4 @xs:grid-cols-2">
          <CategoryBars label="Pro" categories={pro} tone="pro" />
          <CategoryBars label="Mal" categories={mal} tone="mal" />
        </div>
      </div>
      <ForgetAnalysis analysis={analysis} look="icon" className="absolute top-3 right-3 z-10" />
    </li>
  );
}
