import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { RecentAnalysesResponse } from '@mediadiet/contract/analysis';
import { buildAnalysis } from '@mediadiet/contract/fixtures';
import { applyAnalysisCreated, prependRecentAnalysis, type RecentAnalysesCache } from '@/lib/analysis-cache';
import { queryKeys } from '@/lib/query-keys';

const old = buildAnalysis({ id: 'old', tokens: 100 });
const older = buildAnalysis({ id: 'older', tokens: 50 });
const fresh = buildAnalysis({ id: 'fresh', tokens: 700 });

function cache(): RecentAnalysesCache {
  const first: RecentAnalysesResponse = {
    success: true,
    results: [old],
    totals: { touchpoints: 2, tokens: 150 },
    nextCursor: 'c1',
  };
  const second: RecentAnalysesResponse = { ...first, results: [older], nextCursor: null };
  return { pages: [first, second], pageParams: [undefined, 'c1'] };
}

describe('prependRecentAnalysis', () => {
  it('puts the new analysis first on the first page and counts it in the window totals', () => {
    const next = prependRecentAnalysis(cache(), fresh)!;
    expect(next.pages[0]!.results.map((a) => a.id)).toEqual(['fresh', 'old']);
    expect(next.pages[0]!.totals).toEqual({ touchpoints: 3, tokens: 850 });
    expect(next.pages[1]!.results.map((a) => a.id)).toEqual(['older']);
    expect(next.pageParams).toEqual([undefined, 'c1']);
  });

  it('ignores an analysis already listed on any page, and an empty cache', () => {
    const current = cache();
    expect(prependRecentAnalysis(current, older)).toBe(current);
    expect(prependRecentAnalysis(undefined, fresh)).toBeUndefined();
  });
});

describe('applyAnalysisCreated', () => {
  it('updates the cached history and detail, and marks every insights query stale', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.analysisRecent, cache());
    client.setQueryData(queryKeys.insightsPeriod(null), { any: 1 });
    client.setQueryData(queryKeys.insightsPeriod({ mm: null, yy: 2025 }), { any: 2 });
    applyAnalysisCreated(client, fresh);
    const recent = client.getQueryData<RecentAnalysesCache>(queryKeys.analysisRecent)!;
    expect(recent.pages[0]!.results[0]!.id).toBe('fresh');
    expect(client.getQueryData(queryKeys.analysisDetail('fresh'))).toEqual(fresh);
    expect(client.getQueryState(queryKeys.insightsPeriod(null))!.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.insightsPeriod({ mm: null, yy: 2025 }))!.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.analysisRecent)!.isInvalidated).toBe(false);
  });

  it('during a load of the history that read before the analysis was stored, keeps the analysis listed', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.analysisRecent, cache());
    // The server's answers: the first load read before `fresh` was stored, the next one after.
    const answers: { answer: RecentAnalysesResponse; release: () => void }[] = [];
    const withFresh: RecentAnalysesResponse = { ...cache().pages[0]!, results: [fresh, old], nextCursor: null };
    const withoutFresh: RecentAnalysesResponse = { ...cache().pages[0]!, nextCursor: null };
    let loads = 0;
    const load = client.fetchInfiniteQuery({
      queryKey: queryKeys.analysisRecent,
      initialPageParam: undefined as string | undefined,
      getNextPageParam: () => undefined,
      queryFn: () => {
        const answer = loads++ === 0 ? withoutFresh : withFresh;
        return new Promise<RecentAnalysesResponse>((resolve) =>
          answers.push({ answer, release: () => resolve(answer) }),
        );
      },
    });
    await Promise.resolve();
    expect(client.isFetching({ queryKey: queryKeys.analysisRecent })).toBe(1);

    applyAnalysisCreated(client, fresh);
    // The stale answer arrives after the event, then whatever was asked since.
    answers[0]!.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const pending of answers.slice(1)) pending.release();
    await load.catch(() => undefined);

    const recent = client.getQueryData<RecentAnalysesCache>(queryKeys.analysisRecent)!;
    expect(recent.pages[0]!.results.map((a) => a.id)).toContain('fresh');
    expect(client.isFetching({ queryKey: queryKeys.analysisRecent })).toBe(0);
  });

  it('without a cached history, marks it stale so it loads when shown', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.analysisRecent, { pages: [], pageParams: [] });
    applyAnalysisCreated(client, fresh);
    expect(client.getQueryState(queryKeys.analysisRecent)!.isInvalidated).toBe(true);
  });
});
