import { lazyComponent } from '@/lib/lazy-component';
import type { IgnoredSitesProps } from '@/features/urls/components/ignored-sites-screen';

export type { IgnoredSitesProps } from '@/features/urls/components/ignored-sites-screen';

/**
 * The Ignored Sites screen (ignored-sites-screen.tsx), loaded when it is first shown — the router preloads
 * it for `?view=urlManagement` — not with every dashboard visit (docs/decisions/073).
 */
export const IgnoredSites = lazyComponent<IgnoredSitesProps>(() =>
  import('@/features/urls/components/ignored-sites-screen').then((m) => m.IgnoredSites),
);
