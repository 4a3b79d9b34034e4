import { http, HttpResponse } from 'msw';
import {
  buildInsightPages,
  buildInsights,
  buildSubscriptionInfo,
  buildUser,
  buildVerdictTrend,
} from '@mediadiet/contract/fixtures';
import type { User } from '@mediadiet/contract/user';

/** MSW handlers for a signed-in session: `POST /auth/loggedin` and `GET /api/account/info` answer with `user`. */
export function sessionHandlers(user: User = buildUser()) {
  return [
    http.post('*/auth/loggedin', () => HttpResponse.json({ success: true, loggedIn: true, user })),
    http.get('*/api/account/info', () => HttpResponse.json({ success: true, user })),
  ];
}

/**
 * Answers every test by default (msw-server.ts): `GET /api/subscription` → no subscription. The dashboard
 * asks for it to build its navigation; tests that need a plan put their own handler in front.
 * The insights view asks for the history, the insights and the verdict trend: by default there are none.
 */
export const defaultHandlers = [
  http.get('*/api/subscription', () => HttpResponse.json(buildSubscriptionInfo())),
  http.get('*/api/analysis/recent', () =>
    HttpResponse.json({
      success: true,
      results: [],
      totals: { touchpoints: 0, tokens: 0 },
      nextCursor: null,
    }),
  ),
  http.get('*/api/analysis/insights', () =>
    HttpResponse.json(buildInsights({ results: [], totalResults: 0, topDomains: [], directories: [] })),
  ),
  // The dashboard's Goals card: no goals set.
  http.get('*/api/goals', () => HttpResponse.json({ success: true, goals: [] })),
  // Mood: today's check-in is done (so the dashboard offers none) and the insight still needs check-ins.
  http.get('*/api/mood', () =>
    HttpResponse.json({
      success: true,
      today: '2025-03-01',
      checkIns: [
        {
          day: '2025-03-01',
          score: 3,
          note: null,
          createdAt: '2025-03-01T09:00:00.000Z',
          updatedAt: '2025-03-01T09:00:00.000Z',
        },
      ],
    }),
  ),
  http.get('*/api/mood/insight', () =>
    HttpResponse.json({
      success: true,
      checkIns: 1,
      required: 14,
      n: null,
      r: null,
      interval: null,
      sentence: 'Check in 13 more days to see how your reading relates to your mood.',
    }),
  ),
  // Labels on links: the extension has shown none yet.
  http.get('*/api/labels/insights', () =>
    HttpResponse.json({
      success: true,
      today: '2025-03-01',
      since: null,
      weeks: [],
      opened: null,
      beforeLabels: null,
    }),
  ),
  // The verdict trend of the Insights' Trends tab: nothing counted.
  http.get('*/api/analysis/trends', () => HttpResponse.json(buildVerdictTrend())),
  // The Insights' list of analysed pages: none.
  http.get('*/api/analysis/pages', () => HttpResponse.json(buildInsightPages({ results: [] }))),
  // The account's preferences: the zone the test browser is in (so the dashboard neither takes nor offers
  // another), the weekly letter off. Settings' own tests answer other ones.
  http.get('*/api/account/preferences', () =>
    HttpResponse.json({
      success: true,
      preferences: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, weeklyLetter: false },
    }),
  ),
  // Settings → Signed-in devices: this device only, no paired browser.
  http.get('*/api/account/devices', () =>
    HttpResponse.json({
      success: true,
      sessions: [
        {
          id: '00000000-0000-4000-8000-0000000000d1',
          browser: 'Chrome on Linux',
          place: '127.0.0.x',
          createdAt: '2025-03-01T10:00:00.000Z',
          lastSeenAt: '2025-03-01T10:00:00.000Z',
          current: true,
        },
      ],
      extensions: [],
    }),
  ),
];
