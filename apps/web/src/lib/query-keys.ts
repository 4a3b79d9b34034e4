import type { InsightsPeriod } from '@mediadiet/contract/insights';

/**
 * Query keys shared across features. Features do not import each other, yet the real-time and cross-tab
 * refresh (lib/socket.ts, lib/broadcast.ts) must invalidate what the auth, account and analysis features cache.
 */
export const queryKeys = {
  /** The user's ignored sites (`GET /api/account/urls`) and the disabled lists; cleared on extension disconnect. */
  urls: ['urls'] as const,
  urlsDisabled: ['urls', 'disabled'] as const,
  /** The signed-in user as `POST /auth/loggedin` reports it (`User | null`). */
  session: ['session'] as const,
  /** Everything under the account domain (`GET /api/account/info`, …). */
  account: ['account'] as const,
  accountInfo: ['account', 'info'] as const,
  /** `GET /api/account/preferences` → the time zone and the weekly letter setting (lib/preferences.ts). */
  preferences: ['account', 'preferences'] as const,
  /** Everything under the subscription domain (the subscription feature's keys all start with it). */
  subscription: ['subscription'] as const,
  /** Everything under the analysis domain (recent analyses, one analysis, insights). */
  analysis: ['analysis'] as const,
  /** `GET /api/analysis/recent`, an infinite query of `RecentAnalysesResponse` pages (cursor paging). */
  analysisRecent: ['analysis', 'recent'] as const,
  /** `GET /api/analysis/get/:id` → `Analysis`. */
  analysisDetail: (id: string) => ['analysis', 'detail', id] as const,
  /** `GET /api/goals`: the reading goals with their progress (refetched when an analysis arrives or goes). */
  goals: ['goals'] as const,
  /** Every insights query (current month and any chosen period). */
  insights: ['analysis', 'insights'] as const,
  /** `GET /api/analysis/insights` (period null: the current month) or `/insights/:month/:year`. */
  /** Everything under the mood domain. */
  mood: ['mood'] as const,
  /** `GET /api/mood` → the last 30 days' check-ins and the server's today. */
  moodCheckIns: ['mood', 'check-ins'] as const,
  /** `GET /api/mood/insight`. */
  moodInsight: ['mood', 'insight'] as const,
  /** `GET /api/labels/insights`: labels on links shown and opened per week, and the two figures. */
  labelInsights: ['labels', 'insights'] as const,
  insightsPeriod: (period: Pick<InsightsPeriod, 'mm' | 'yy'> | null) =>
    ['analysis', 'insights', period ? `${period.yy}-${period.mm ?? 'all'}` : 'current'] as const,
  /**
   * `GET /api/analysis/trends?period=…` (the verdict trend). Under the insights' key, so whatever refreshes the
   * insights (a new or forgotten page) refreshes it too.
   */
  insightsTrend: (period: Pick<InsightsPeriod, 'mm' | 'yy'>) =>
    ['analysis', 'insights', 'trend', `${period.yy}-${period.mm ?? 'all'}`] as const,
  /**
   * `GET /api/analysis/pages?period=…` (one page of the period's analysed pages, with its filters). Under the
   * insights' key too: a new or forgotten page refreshes the list.
   */
  insightsPages: (
    period: Pick<InsightsPeriod, 'mm' | 'yy'>,
    query: {
      verdict?: string | undefined;
      category?: string | undefined;
      site?: string | undefined;
      page: number;
    },
  ) => ['analysis', 'insights', 'pages', `${period.yy}-${period.mm ?? 'all'}`, query] as const,
};
