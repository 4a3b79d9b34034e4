import { useId } from 'react';
import { Link } from 'react-router';
import { returnFocusState } from '@/features/analysis/utils/detail-link';
import type { InsightSummary } from '@mediadiet/contract/insights';
import { ImpactBadge } from '@/features/analysis/components/impact-badge';
import { PageHeading } from '@/features/analysis/components/page-heading';

/** One analysed page of the period (spec §2): host, created date and time, Overall Impact; opens the detail. */
export function InsightCard({ insight, href }: { insight: InsightSummary; href: string }) {
  const id = useId();
  return (
    <li className="flex min-w-0">
      <Link
        to={href}
        state={returnFocusState(`insight-${insight.id}`)}
        data-return-focus={`insight-${insight.id}`}
        aria-labelledby={`${id}-host ${id}-time`}
        aria-describedby={`${id}-impact`}
        className="group flex w-full min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-card transition-colors hover:border-line-strong hover:bg-canvas/40 print:break-inside-avoid print:shadow-none"
      >
        <PageHeading id={id} url={insight.url} createdAt={insight.createdAt} />
        <div id={`${id}-impact`}>
          <ImpactBadge score={insight.overall_score} />
        </div>
      </Link>
    </li>
  );
}
