import type { AnalysisScores } from '@mediadiet/contract/analysis';
import type { AnalyzeHeadlines } from '../analyzer/client';
import type { HeadlineResult } from '../analyzer/protocol';
import type { BrowserApi } from '../browser';
import type { Lru } from '../labels/lru';
import type { ExtensionConfig } from '../config';
import type { Api } from './api';
import type { TouchpointQueue } from './queue';
import type { Store } from './store';

/** The on-device analyzer: in the extension a worker loaded on first use (src/analyzer/client.ts). */
export type AnalyzeFn = (input: { title: string; text: string; url: string }) => AnalysisScores | Promise<AnalysisScores>;

/** Everything the background's handlers share; tests build one with fakes. */
export interface BackgroundContext {
  browser: BrowserApi;
  config: ExtensionConfig;
  store: Store;
  api: Api;
  queue: TouchpointQueue;
  now: () => number;
  analyze: AnalyzeFn;
  /** The analyzer on a batch of link headlines, in the same worker (decision 159). */
  analyzeHeadlines: AnalyzeHeadlines;
  /** Headline results by content hash (headline + snippet), in memory only. */
  labelCache: Lru<string, HeadlineResult>;
  /** Fetch the server's disabled list when older than DISABLED_TTL_MS (or always with force). */
  refreshDisabled: (force?: boolean) => Promise<void>;
}
