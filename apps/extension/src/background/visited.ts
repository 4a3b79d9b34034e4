/**
 * The pages the person read and their verdicts, kept for link labels (decision 159): a link to one of them is
 * labelled with the person's own verdict. Filled from on-device analyses as they happen, from the server's
 * results the popup fetched, and from GET /api/labels/context (background/labels.ts).
 */
import type { Verdict } from '@mediadiet/contract/analysis';
import type { CategoryId } from '@mediadiet/contract/categories';
import { pageKey } from '../labels/url';
import type { VisitedPage } from '../storage-keys';
import type { BackgroundContext } from './context';

/** Pages read kept with their verdicts, the newest first. */
export const LABEL_VISITED_MAX = 2000;

/** The newest LABEL_VISITED_MAX pages. */
export function newestVisited(all: Record<string, VisitedPage>): Record<string, VisitedPage> {
  const entries = Object.entries(all);
  if (entries.length <= LABEL_VISITED_MAX) return all;
  return Object.fromEntries(entries.sort((a, b) => b[1].at - a[1].at).slice(0, LABEL_VISITED_MAX));
}

/**
 * A page the person read and its verdict, kept for labels: from an on-device analysis as it happens, and from the
 * server's result the popup fetched. Without a verdict (an older analyzer), nothing is kept.
 */
export async function rememberVisited(
  ctx: BackgroundContext,
  url: string,
  analysis: { verdict?: Verdict; drivers?: CategoryId[] },
): Promise<void> {
  const { verdict } = analysis;
  const key = pageKey(url);
  if (!verdict || !key) return;
  const page: VisitedPage = { verdict, drivers: (analysis.drivers ?? []).slice(0, 2), at: ctx.now() };
  await ctx.store.update('labelVisited', (all = {}) => ({ value: newestVisited({ ...all, [key]: page }), result: undefined }));
}

