import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { VERDICTS, VerdictSchema } from '@mediadiet/contract/analysis';
import {
  CATEGORIES,
  CategoryIdSchema,
  MAL_CATEGORY_IDS,
  PRO_CATEGORY_IDS,
} from '@mediadiet/contract/categories';
import type { InsightPage, InsightPagesFilters } from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { QueryFallback } from '@/components/ui/load-error';
import { inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import type { Period } from '@/features/analysis/api/get-insights';
import { useInsightPages } from '@/features/analysis/api/get-insight-pages';
import { ImpactBadge } from '@/features/analysis/components/impact-badge';
import { PageHeading } from '@/features/analysis/components/page-heading';
import { useAnalysisHref } from '@/features/analysis/hooks/use-analysis-href';
import { formatCount } from '@/features/analysis/utils/format';
import { PAGES_PARAMS } from '@/features/analysis/utils/insights';


const SITE = /^[a-z0-9.-]{1,253}$/i;

/** The filters and page of the address; anything that is not one of ours is left out. */
function usePagesParams() {
  const [params, setParams] = useSearchParams();
  const verdict = VerdictSchema.safeParse(params.get(PAGES_PARAMS.verdict));
  const category = CategoryIdSchema.safeParse(params.get(PAGES_PARAMS.category));
  const site = params.get(PAGES_PARAMS.site) ?? '';
  const page = Number(params.get(PAGES_PARAMS.page) ?? '1');
  const filters: InsightPagesFilters = {
    ...(verdict.success ? { verdict: verdict.data } : {}),
    ...(category.success ? { category: category.data } : {}),
    ...(SITE.test(site) ? { site } : {}),
  };
  /** Sets (or, with '', removes) the given parameters; any filter change goes back to the first page. */
  const update = (changes: Partial<Record<keyof typeof PAGES_PARAMS, string>>) =>
    void setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (changes.page === undefined) out.delete(PAGES_PARAMS.page);
        for (const [key, value] of Object.entries(changes)) {
          const name = PAGES_PARAMS[key as keyof typeof PAGES_PARAMS];
          if (value === '' || (key === 'page' && value === '1')) out.delete(name);
          else out.set(name, value);
        }
        return out;
      },
      { replace: true },
    );
  return {
    filters,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    update,
  };
}

const selectClasses = cn(inputClasses, 'h-10 pr-8 text-sm');

/**
 * The period's analysed pages (spec §2 "Insight cards"; issue 29): one compact list, newest first, every page
 * of the period reachable by "Previous" / "Next", and filters by verdict, by the category that drives the
 * verdict and by site. Each row keeps the spec's host, created date and time and Overall Impact, leads with
 * the page's title and verdict when known, and opens the detail. Loads on its own: a spinner, the error with
 * "Try again", 'No insights available for this period' for an empty period, and a way back when the filters
 * match nothing.
 */
export function InsightPages({ period, sites }: { period: Period; sites: readonly string[] }) {
  const titleId = useId();
  const { filters, page, update } = usePagesParams();
  const query = useInsightPages(period, filters, page);
  const filtered = Object.keys(filters).length > 0;
  const data = query.data;
  const siteOptions = filters.site && !sites.includes(filters.site) ? [filters.site, ...sites] : sites;

  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h4 id={titleId} className="font-semibold text-ink">
          {messages.insights.pagesTitle}
        </h4>
        {data && data.total > 0 && data.results.length > 0 ? (
          <p data-testid="pages-range" className="text-sm text-ink-muted tabular-nums">
            {messages.insights.pagesRange(
              formatCount((data.page - 1) * data.pageSize + 1),
              formatCount((data.page - 1) * data.pageSize + data.results.length),
              formatCount(data.total),
            )}
          </p>
        ) : null}
      </div>
      <div
        role="group"
        aria-label={`Filter the ${messages.insights.pagesTitle.toLowerCase()}`}
        className="grid gap-3 sm:grid-cols-3 print:hidden"
      >
        <FilterSelect
          label={messages.insights.filterVerdict}
          value={filters.verdict ?? ''}
          onChange={(value) => update({ verdict: value })}
        >
          <option value="">{messages.insights.allVerdicts}</option>
          {VERDICTS.map((verdict) => (
            <option key={verdict} value={verdict}>
              {messages.trend.verdicts[verdict]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label={messages.insights.filterCategory}
          value={filters.category ?? ''}
          onChange={(value) => update({ category: value })}
        >
          <option value="">{messages.insights.allCategories}</option>
          <optgroup label="Pro">
            {PRO_CATEGORY_IDS.map((id) => (
              <option key={id} value={id}>
                {CATEGORIES[id].name}
              </option>
            ))}
          </optgroup>
          <optgroup label="Mal">
            {MAL_CATEGORY_IDS.map((id) => (
              <option key={id} value={id}>
                {CATEGORIES[id].name}
              </option>
            ))}
          </optgroup>
        </FilterSelect>
        <FilterSelect
          label={messages.insights.filterSite}
          value={filters.site ?? ''}
          onChange={(value) => update({ site: value })}
        >
          <option value="">{messages.insights.allSites}</option>
          {siteOptions.map((site) => (
            <option key={site} value={site}>
              {site}
            </option>
          ))}
        </FilterSelect>
      </div>
      {!data ? (
        <QueryFallback query={query} title={messages.insights.pagesLoadError} />
      ) : data.total === 0 ? (
        <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-sunken p-4">
          <p className="text-sm text-ink-muted">
            {filtered ? messages.insights.noMatch : messages.insights.emptyPeriod}
          </p>
          {filtered ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => update({ verdict: '', category: '', site: '' })}
            >
              {messages.insights.clearFilters}
            </Button>
          ) : null}
        </div>
      ) : (
        <div
          aria-busy={query.isPlaceholderData || undefined}
          className={cn('flex flex-col gap-3 transition-opacity', query.isPlaceholderData && 'opacity-60')}
        >
          {query.isError ? <QueryFallback query={query} title={messages.insights.pagesLoadError} /> : null}
          <PagesList pages={data.results} />
          {data.pageCount > 1 || data.page > 1 ? (
            <nav
              aria-label={`${messages.insights.pagesTitle}: pages`}
              className="flex items-center justify-between gap-3 print:hidden"
            >
              <Button
                variant="secondary"
                size="sm"
                disabled={data.page <= 1}
                onClick={() => update({ page: String(Math.min(data.page, data.pageCount + 1) - 1) })}
              >
                <ChevronLeft aria-hidden="true" className="size-4" />
                {messages.insights.previousPage}
              </Button>
              <p aria-live="polite" className="text-sm text-ink-muted tabular-nums">
                {messages.insights.pageOf(data.page, Math.max(data.pageCount, data.page))}
              </p>
              <Button
                variant="secondary"
                size="sm"
                disabled={data.page >= data.pageCount}
                onClick={() => update({ page: String(data.page + 1) })}
              >
                {messages.insights.nextPage}
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </nav>
          ) : null}
        </div>
      )}
    </section>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-ink-muted">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={selectClasses}
      >
        {children}
      </select>
    </div>
  );
}

function PagesList({ pages }: { pages: InsightPage[] }) {
  const hrefOf = useAnalysisHref();
  if (pages.length === 0) return null;
  return (
    <ul
      aria-label={messages.insights.pagesTitle}
      className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface shadow-card print:overflow-visible print:rounded-none print:border-x-0 print:shadow-none"
    >
      {pages.map((page) => (
        <PageRow key={page.id} page={page} href={hrefOf(page.id)} />
      ))}
    </ul>
  );
}

/** One analysed page: title (or host), verdict, host and time, Overall Impact; opens the detail. */
function PageRow({ page, href }: { page: InsightPage; href: string }) {
  const id = useId();
  return (
    <li className="group relative flex min-w-0 flex-col gap-2 px-4 py-3 transition-colors hover:bg-canvas/40 sm:flex-row sm:items-center sm:justify-between sm:gap-4 print:break-inside-avoid print:px-1 print:py-2">
      <PageHeading
        id={id}
        page={page}
        link={{
          to: href,
          returnFocus: `insight-${page.id}`,
          rest: `${id}-impact`,
          // Inside the row: the list clips what lies outside it.
          className: 'focus-visible:after:-outline-offset-2',
        }}
        className="flex-1"
      />
      <div id={`${id}-impact`} className="shrink-0">
        <ImpactBadge score={page.overall_score} />
      </div>
    </li>
  );
}
