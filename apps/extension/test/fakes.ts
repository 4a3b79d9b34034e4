import type { AnalysisScores } from '@mediadiet/contract/analysis';
import type { BrowserApi, MessageListener } from '../src/browser';
import { configFromEnv, type ExtensionConfig } from '../src/config';
import { createBackground } from '../src/background/index';
import type { AnalyzeFn, BackgroundContext } from '../src/background/context';
import type { AnalyzeHeadlines } from '../src/analyzer/client';
import type { CategoryId } from '@mediadiet/contract/categories';

/** A small in-memory `chrome.*`: storage, alarms, listeners you can fire. */
export function fakeBrowser() {
  const data: Record<string, unknown> = {};
  const alarms = new Map<string, { when?: number; periodInMinutes?: number }>();
  const listeners = {
    message: [] as MessageListener[],
    external: [] as MessageListener[],
    alarm: [] as ((a: { name: string }) => void)[],
  };
  const clone = <T>(v: T): T => (v === undefined ? v : (structuredClone(v)));
  /** Pages the extension opened with tabs.create. */
  const opened: string[] = [];
  const browser: BrowserApi = {
    runtime: {
      id: 'self-id',
      getManifest: () => ({ version: '0.1.0' }),
      getURL: (path) => `chrome-extension://self-id/${path}`,
      sendMessage: () => Promise.resolve(undefined),
      onMessage: { addListener: (l) => listeners.message.push(l) },
      onMessageExternal: { addListener: (l) => listeners.external.push(l) },
    },
    storage: {
      local: {
        get: (keys) => {
          const list = keys === null ? Object.keys(data) : Array.isArray(keys) ? keys : [keys];
          return Promise.resolve(Object.fromEntries(list.filter((k) => k in data).map((k) => [k, clone(data[k])])));
        },
        set: (items) => {
          for (const [k, v] of Object.entries(items)) data[k] = clone(v);
          return Promise.resolve();
        },
        remove: (keys) => {
          for (const k of Array.isArray(keys) ? keys : [keys]) delete data[k];
          return Promise.resolve();
        },
      },
    },
    alarms: {
      create: (name, info) => void alarms.set(name, info),
      clear: (name) => Promise.resolve(alarms.delete(name)),
      get: (name) => {
        const alarm = alarms.get(name);
        return Promise.resolve(alarm ? { name, scheduledTime: alarm.when ?? 0 } : undefined);
      },
      onAlarm: { addListener: (l) => listeners.alarm.push(l) },
    },
    tabs: {
      query: () => Promise.resolve([]),
      create: ({ url }) => {
        opened.push(url);
        return Promise.resolve({});
      },
    },
  };
  return { browser, data, alarms, listeners, opened };
}

export interface FetchCall {
  method: string;
  path: string;
  auth: string | null;
  body: unknown;
}

/** An injected fetch: answers by "METHOD /path" from `routes` (status + JSON), records every call. */
export function fakeFetch(routes: Record<string, { status: number; body?: unknown } | 'network'> = {}) {
  const calls: FetchCall[] = [];
  const fn = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    calls.push({
      method,
      path: url.pathname,
      auth: headers.get('authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const r = routes[`${method} ${url.pathname}`] ?? { status: 404, body: { error: 'Not found' } };
    if (r === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(
      new Response(r.body === undefined ? null : JSON.stringify(r.body), {
        status: r.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { fetch: fn, calls, routes };
}

export const TEST_CONFIG: ExtensionConfig = configFromEnv(
  { MEDIADIET_API_BASE: 'http://api.test', MEDIADIET_WEB_ORIGIN: 'https://app.test', MEDIADIET_DWELL_MS: '3000' },
  '1.2.3',
);

export const fakeScores: AnalyzeFn = () => ({
  tokens: 42,
  categoryScores: {} as AnalysisScores['categoryScores'],
  classificationAnalysis: { correlationCoefficient: 0.5, bayesFactor: 2, posteriorProbability: 0.6 },
  overallScore: 50,
});

/** A headline analyzer that finds every headline neutral, with nothing felt. */
export const neutralHeadlines: AnalyzeHeadlines = (items) =>
  Promise.resolve(items.map(() => ({ verdict: 'neutral' as const, drivers: [], valence: 0, scores: {} as Record<CategoryId, number> })));

export function setup(
  opts: { routes?: Parameters<typeof fakeFetch>[0]; analyze?: AnalyzeFn; analyzeHeadlines?: AnalyzeHeadlines; now?: number } = {},
) {
  const b = fakeBrowser();
  const f = fakeFetch(opts.routes);
  let now = opts.now ?? Date.parse('2026-03-01T10:00:00Z');
  const ctx: BackgroundContext = createBackground({
    browser: b.browser,
    config: TEST_CONFIG,
    fetch: f.fetch,
    analyze: opts.analyze ?? fakeScores,
    analyzeHeadlines: opts.analyzeHeadlines ?? neutralHeadlines,
    now: () => now,
  });
  return {
    ...b,
    ...f,
    ctx,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

export const VALID_USER_ID = 'user_123';
