import { useEffect, useRef, type ReactNode } from 'react';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { topCategories, type Analysis, type RankedCategory } from '@mediadiet/contract/analysis';
import { CATEGORY_IDS } from '@mediadiet/contract/categories';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDisplayTimeZone } from '@/lib/preferences';
import { notify } from '@/lib/toast';
import { useAnalysis } from '@/features/analysis/api/get-analysis';
import { CategoryScoreCard } from '@/features/analysis/components/category-score-card';
import { ForgetAnalysis } from '@/features/analysis/components/forget-analysis';
import { NumbersHelp } from '@/features/analysis/components/numbers-help';
import { PatternStrengthBadge } from '@/features/analysis/components/pattern-strength-badge';
import { VerdictLine } from '@/features/analysis/components/verdict-line';
import {
  formatCount,
  formatDateTime,
  formatFigure,
  formatProbability,
  hasTitle,
  hostnameOf,
} from '@/features/analysis/utils/format';

export interface AnalysisDetailProps {
  id: string;
  /** The Back button (the route goes back in history when it can). */
  onBack: () => void;
  /** Leave the detail without a history step (there is nothing to show). */
  onClose: () => void;
}

/**
 * The analysis detail (spec §2): Back; led by the page's title (its site when it has none) and its verdict in
 * words; URL, Tokens, Created, correlation, Bayes factor and probability, with "What do these numbers mean?";
 * the pro and mal category cards. A loading failure shows 'Failed to load analysis details'; no analysis
 * data (no id, or the server has none for it: 404) shows the toast 'Error fetching your data' and closes.
 */
export function AnalysisDetail({ id, onBack, onClose }: AnalysisDetailProps) {
  const query = useAnalysis(id);
  const noData = id.trim() === '' || (query.error instanceof ApiError && query.error.status === 404);

  useEffect(() => {
    if (!noData) return;
    notify.error(messages.loading.fetchingData, { toastId: `analysis-missing-${id}` });
    onClose();
  }, [noData, id, onClose]);

  const back = (
    <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2 self-start print:hidden">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {messages.history.back}
    </Button>
  );

  if (noData) return null;
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <PageSpinner className="min-h-40" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <LoadError title={messages.loading.analysisDetails} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {back}
        <ForgetAnalysis analysis={query.data} look="button" onForgotten={onClose} className="print:hidden" />
      </div>
      <AnalysisDetailBody analysis={query.data} />
    </div>
  );
}

function AnalysisDetailBody({ analysis }: { analysis: Analysis }) {
  const timeZone = useDisplayTimeZone();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the detail they opened.
  useEffect(() => headingRef.current?.focus(), []);

  const { pro, mal } = topCategories(analysis.categoryScores, CATEGORY_IDS.length);
  const figures = analysis.classificationAnalysis;
  const titled = hasTitle(analysis.title);
  return (
    <article aria-labelledby="analysis-detail-title" className="flex flex-col gap-6">
      <Card className="flex flex-col gap-5">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Analysis details</p>
          <h3
            id="analysis-detail-title"
            ref={headingRef}
            tabIndex={-1}
            className={cn(
              'mt-1 text-2xl font-semibold tracking-tight text-ink outline-none',
              titled ? 'break-words' : 'truncate',
            )}
          >
            {titled ? analysis.title : hostnameOf(analysis.url)}
          </h3>
          {titled ? (
            <p className="mt-1 text-sm break-all text-ink-muted">{hostnameOf(analysis.url)}</p>
          ) : null}
          <VerdictLine verdict={analysis.verdict} drivers={analysis.drivers} size="md" className="mt-3" />
        </div>
        <dl data-testid="analysis-summary" className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-3">
          <Field label="URL" wide>
            <a
              href={analysis.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-full items-center gap-1 break-all text-accent-ink underline underline-offset-2"
            >
              <span className="min-w-0">{analysis.url}</span>
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Field>
          <Field label="Tokens">{formatCount(analysis.tokens)}</Field>
          <Field label="Created">
            <time dateTime={analysis.createdAt}>{formatDateTime(analysis.createdAt, timeZone)}</time>
          </Field>
          <Field label="Correlation">{formatFigure(figures.correlationCoefficient)}</Field>
          <Field label="Bayes factor">{formatFigure(figures.bayesFactor)}</Field>
          <Field label="Probability">{formatProbability(figures.posteriorProbability)}</Field>
        </dl>
        <PatternStrengthBadge correlation={figures.correlationCoefficient} />
        <NumbersHelp />
      </Card>
      <CategoryGroup
        kind="pro"
        title="Pro categories"
        description="Content that tends to lift and steady you."
        categories={pro}
      />
      <CategoryGroup
        kind="mal"
        title="Mal categories"
        description="Content that tends to unsettle or drain you."
        categories={mal}
      />
    </article>
  );
}

function Field({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0 lg:col-span-3' : 'min-w-0'}>
      <dt className="text-xs font-medium text-ink-muted">{label}</dt>
      <dd className="mt-0.5 text-ink tabular-nums">{children}</dd>
    </div>
  );
}

function CategoryGroup({
  kind,
  title,
  description,
  categories,
}: {
  kind: 'pro' | 'mal';
  title: string;
  description: string;
  categories: RankedCategory[];
}) {
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby={`detail-${kind}-title`}>
      <h4 id={`detail-${kind}-title`} className="font-semibold text-ink">
        {title}
      </h4>
      <p className="mt-0.5 text-sm text-ink-muted">{description}</p>
      <ul className="mt-3 grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {categories.map((category) => (
          <CategoryScoreCard key={category.id} category={category} />
        ))}
      </ul>
    </section>
  );
}
