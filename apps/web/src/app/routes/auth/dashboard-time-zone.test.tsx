import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toRecentAnalysis } from '@mediadiet/contract/analysis';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import {
  buildAnalysis,
  buildSubscription,
  buildSubscriptionInfo,
  buildUser,
} from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import type { Preferences, PreferencesUpdate } from '@mediadiet/contract/preferences';
import type { User } from '@mediadiet/contract/user';
import { timeZoneOfferKey } from '@/lib/storage';
import * as timeZones from '@/lib/time-zones';
import { installFakeChrome, type FakeChrome } from '@/testing/fake-chrome';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/msw-server';
import { sessionHandlers } from '@/testing/handlers';

/**
 * The dashboard and the account's time zone (issue 29, decision 155): the browser's zone taken by a new account
 * still on UTC, offered to an older one; and the dates shown on the account's calendar.
 */

const text = messages.preferences;

let chrome: FakeChrome | undefined;
afterEach(() => chrome?.uninstall());
const OLD = '2025-01-15T10:00:00.000Z';

/** A Basic subscriber on the dashboard, whose browser is in `browser` and whose account holds `preferences`. */
function dashboard({
  browser,
  preferences,
  user = {},
}: {
  browser: string;
  preferences: Preferences;
  user?: Partial<User>;
}) {
  vi.spyOn(timeZones, 'browserTimeZone').mockReturnValue(browser);
  const account = buildUser({
    id: 'user-tz',
    createdAt: OLD,
    state: { hasHadFreeTrial: true, shouldShowExtensionWizard: false },
    configs: { state: 'COMPLETED', lastSubmitted: null },
    ...user,
  });
  let current = preferences;
  const patches: PreferencesUpdate[] = [];
  server.use(
    ...sessionHandlers(account),
    http.get('*/api/subscription', () =>
      HttpResponse.json(
        buildSubscriptionInfo({ subscription: buildSubscription({ plan: 'basic', status: 'active' }) }),
      ),
    ),
    http.get('*/api/account/preferences', () => HttpResponse.json({ success: true, preferences: current })),
    http.patch('*/api/account/preferences', async ({ request }) => {
      const body = (await request.json()) as PreferencesUpdate;
      patches.push(body);
      current = { ...current, ...body };
      return HttpResponse.json({ success: true, preferences: current });
    }),
  );
  localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
  const events = userEvent.setup();
  renderApp('/auth/dashboard');
  return { user: events, patches, account };
}

const offer = () => screen.queryByRole('region', { name: text.offerTitle });
const toasts = () => within(screen.getByTestId('toasts'));

describe('the browser’s time zone for an account still on UTC', () => {
  it('is offered to an older account, without blocking the dashboard, and taken with one click', async () => {
    const { user, patches } = dashboard({
      browser: 'Europe/Berlin',
      preferences: { timeZone: 'UTC', weeklyLetter: false },
    });
    const region = await screen.findByRole('region', { name: text.offerTitle });
    expect(region).toHaveTextContent(text.offer('Europe/Berlin'));
    // The insights are there beside it.
    expect(await screen.findByRole('region', { name: 'History' })).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: text.offerAccept('Europe/Berlin') }));
    expect(await toasts().findByText(text.timeZoneSaved('Europe/Berlin'))).toBeInTheDocument();
    expect(patches).toEqual([{ timeZone: 'Europe/Berlin' }]);
    await waitFor(() => expect(offer()).toBeNull());
  });

  it('goes away with “Keep UTC” and does not come back in this browser', async () => {
    const { user, patches } = dashboard({
      browser: 'America/Chicago',
      preferences: { timeZone: 'UTC', weeklyLetter: false },
    });
    const region = await screen.findByRole('region', { name: text.offerTitle });
    await user.click(within(region).getByRole('button', { name: text.offerDecline }));
    await waitFor(() => expect(offer()).toBeNull());
    expect(localStorage.getItem(timeZoneOfferKey('user-tz'))).toBe('America/Chicago');
    expect(patches).toEqual([]);
  });

  it('is taken at once by a new account, which is told so', async () => {
    const { patches } = dashboard({
      browser: 'Asia/Tokyo',
      preferences: { timeZone: 'UTC', weeklyLetter: false },
      user: { createdAt: new Date().toISOString() },
    });
    expect(await toasts().findByText(text.detected('Asia/Tokyo'))).toBeInTheDocument();
    expect(patches).toEqual([{ timeZone: 'Asia/Tokyo' }]);
    expect(offer()).toBeNull();
  });

  it('is neither offered nor taken when the account has a zone of its own, or the browser is in UTC', async () => {
    const own = dashboard({
      browser: 'Europe/Paris',
      preferences: { timeZone: 'Asia/Tokyo', weeklyLetter: false },
    });
    expect(await screen.findByRole('region', { name: 'History' })).toBeInTheDocument();
    expect(offer()).toBeNull();
    expect(own.patches).toEqual([]);
  });

  it('is not offered in Settings, which has its own button', async () => {
    dashboard({ browser: 'Europe/Berlin', preferences: { timeZone: 'Etc/UTC', weeklyLetter: false } });
    await screen.findByRole('region', { name: text.offerTitle });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Settings' }));
    const settings = await screen.findByRole('region', { name: text.title });
    expect(await within(settings).findByText(text.browserZone('Europe/Berlin'))).toBeInTheDocument();
    expect(offer()).toBeNull();
  });
});

describe('dates on the account’s calendar', () => {
  it('shows the history’s times in the account’s zone, named, when it is not the browser’s', async () => {
    const page = buildAnalysis({
      id: 'a-la',
      url: 'https://la.example.com/x',
      createdAt: '2026-12-01T03:00:00.000Z',
    });
    server.use(
      http.get('*/api/analysis/recent', () =>
        HttpResponse.json({
          success: true,
          results: [toRecentAnalysis(page)],
          totals: { touchpoints: 1, tokens: page.tokens },
          nextCursor: null,
        }),
      ),
    );
    // A connected extension: the History lists its cards.
    chrome = installFakeChrome(true);
    dashboard({
      browser: 'UTC',
      preferences: { timeZone: 'America/Los_Angeles', weeklyLetter: false },
      user: { extension: { status: 'on', isInstalled: true } },
    });
    const history = await screen.findByRole('region', { name: 'History' });
    // 03:00 UTC on 1 December is 7 PM on 30 November in Los Angeles: the month the insights file it under.
    expect(await within(history).findByText('Nov 30, 2026, 7:00 PM PST')).toBeInTheDocument();
  });
});
