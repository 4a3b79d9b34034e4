import { lazyComponent } from '@/lib/lazy-component';
import type { AnalysisDetailProps } from '@/features/analysis/components/analysis-detail-view';

export type { AnalysisDetailProps } from '@/features/analysis/components/analysis-detail-view';

/**
 * One analysis in full (analysis-detail-view.tsx), loaded when one is first opened — the router preloads
 * it for `?analysis=<id>` — not with every dashboard visit (docs/decisions/073).
 */
export const AnalysisDetail = lazyComponent<AnalysisDetailProps>(() =>
  import('@/features/analysis/components/analysis-detail-view').then((m) => m.AnalysisDetail),
);
