import { http, HttpResponse } from 'msw';
import { buildUser } from '@mediadiet/contract/fixtures';
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
 */
export const defaultHandlers = [
  http.get('*/api/subscription', () =>
    HttpResponse.json({ success: true, subscription: null, count: 0, tokensUsed: 0, currentPeriodStart: null, nextBilling: null }),
  ),
];
