/**
 * The on-device analyzer runs in a module worker of its own, loaded only when on-device analysis is on, so the
 * background (a Chromium service worker / Firefox event page) never parses it in server mode (decision 124).
 * Firefox's background starts the worker itself; Chromium's service worker cannot (no `Worker` there), so it
 * opens an offscreen document that starts it.
 */
import type { AnalysisScores, Verdict } from '@mediadiet/contract/analysis';
import type { CategoryId } from '@mediadiet/contract/categories';

export interface AnalyzeInput {
  title: string;
  text: string;
  url: string;
}

/** A link to label (decision 159): its visible headline as the title, the snippet under it as the text. */
export interface HeadlineInput {
  title: string;
  text: string;
}

/**
 * What labelling needs of a headline's analysis: the verdict, its drivers, the valence and every category's
 * BaseScore (labels/label.ts recomputes the lean from them). None of these depends on a reader's profile (the
 * analyzer's profile enters pattern strength and overall impact only), so one result serves every person.
 */
export interface HeadlineResult {
  verdict: Verdict;
  drivers: CategoryId[];
  valence: number;
  scores: Record<CategoryId, number>;
}

/** The analyzer's full result, as far as a headline's result is taken from it. */
interface AnalysisLike {
  verdict?: Verdict;
  drivers?: CategoryId[];
  valence?: number;
  categoryScores: Partial<Record<CategoryId, { BaseScore: number }>>;
}

/** The part of an analysis labelling keeps (null when it has no verdict: an analyzer before 2.0.0). */
export function headlineResult(r: AnalysisLike): HeadlineResult | null {
  if (!r.verdict) return null;
  const scores = {} as Record<CategoryId, number>;
  for (const [id, s] of Object.entries(r.categoryScores)) if (s) scores[id as CategoryId] = s.BaseScore;
  return { verdict: r.verdict, drivers: [...(r.drivers ?? [])], valence: r.valence ?? 0, scores };
}

/** What the worker is asked: one page, or a batch of headlines (one round trip for a page of results). */
export type AnalyzerPayload = { input: AnalyzeInput } | { headlines: HeadlineInput[] };

/** Background → worker (postMessage). */
export type WorkerRequest = { id: number } & AnalyzerPayload;

/**
 * Worker → background: a page's scores, a batch's results in order (null for a headline that could not be
 * analysed), or the error of the whole request.
 */
export type WorkerReply =
  | { id: number; scores: AnalysisScores }
  | { id: number; results: (HeadlineResult | null)[] }
  | { id: number; error: string };

/** Chromium service worker → offscreen document (runtime.sendMessage); the reply is a WorkerReply without id. */
export type OffscreenRequest = { target: typeof OFFSCREEN_TARGET } & AnalyzerPayload;

export const OFFSCREEN_TARGET = 'mediadiet-analyzer';

export function isOffscreenRequest(message: unknown): message is OffscreenRequest {
  const m = message as { target?: unknown; input?: unknown; headlines?: unknown } | null;
  if (typeof m !== 'object' || m === null || m.target !== OFFSCREEN_TARGET) return false;
  return (typeof m.input === 'object' && m.input !== null) || Array.isArray(m.headlines);
}
