/**
 * The on-device analyzer runs in a module worker of its own, loaded only when on-device analysis is on, so the
 * background (a Chromium service worker / Firefox event page) never parses it in server mode (decision 124).
 * Firefox's background starts the worker itself; Chromium's service worker cannot (no `Worker` there), so it
 * opens an offscreen document that starts it.
 */
import type { AnalysisScores } from '@mediadiet/contract/analysis';

export interface AnalyzeInput {
  title: string;
  text: string;
  url: string;
}

/** Background → worker (postMessage). */
export interface WorkerRequest {
  id: number;
  input: AnalyzeInput;
}

/** Worker → background. */
export type WorkerReply = { id: number; scores: AnalysisScores } | { id: number; error: string };

/** Chromium service worker → offscreen document (runtime.sendMessage); the reply is a WorkerReply without id. */
export interface OffscreenRequest {
  target: typeof OFFSCREEN_TARGET;
  input: AnalyzeInput;
}

export const OFFSCREEN_TARGET = 'mediadiet-analyzer';

export function isOffscreenRequest(message: unknown): message is OffscreenRequest {
  const m = message as Partial<OffscreenRequest> | null;
  return typeof m === 'object' && m !== null && m.target === OFFSCREEN_TARGET && typeof m.input === 'object';
}
