import type { TopDomain } from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import { displayHost, formatCount, formatInsightScore } from '@/features/analysis/utils/format';

/**
 * The hosts in the form the cards show them (`displayHost`): "www.bbc.com" and "bbc.com" are one row,
 * with their visits added and their scores averaged over those visits; most visited first.
 */
export function mergeTopDomains(domains: TopDomain[]): TopDomain[] {
  const merged = new Map<string, TopDomain>();
  for (const row of domains) {
    const domain = displayHost(row.domain);
    const seen = merged.get(domain);
    if (!seen) {
      merged.set(domain, { ...row, domain });
      continue;
    }
    const visitCount = seen.visitCount + row.visitCount;
    const averageScore =
      visitCount > 0
        ? (seen.averageScore * seen.visitCount + row.averageScore * row.visitCount) / visitCount
        : seen.averageScore;
    merged.set(domain, { domain, averageScore, visitCount });
  }
  return [...merged.values()].sort((a, b) => b.visitCount - a.visitCount || a.domain.localeCompare(b.domain));
}

/** Top Domains (spec §2): Domain, Score (percent, one decimal) and Visits. */
export function TopDomainsTable({ domains: rows, caption }: { domains: TopDomain[]; caption: string }) {
  const domains = mergeTopDomains(rows);
  if (domains.length === 0) return <p className="text-sm text-ink-muted">{messages.insights.emptyPeriod}</p>;
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface shadow-card print:overflow-visible print:rounded-none print:border-x-0 print:shadow-none">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-canvas/60 text-xs text-ink-muted uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold tracking-wide">
              {messages.insights.domain}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold tracking-wide">
              {messages.insights.score}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold tracking-wide">
              {messages.insights.visits}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {domains.map((row) => (
            <tr key={row.domain} className="print:break-inside-avoid">
              <th scope="row" className="px-4 py-3 font-medium [overflow-wrap:anywhere] text-ink">
                {row.domain}
              </th>
              <td className="px-4 py-3 text-right text-ink tabular-nums">
                {formatInsightScore(row.averageScore)}
              </td>
              <td className="px-4 py-3 text-right text-ink tabular-nums">{formatCount(row.visitCount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
