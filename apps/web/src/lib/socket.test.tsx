import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSubscription, buildSubscriptionInfo } from '@mediadiet/contract/fixtures';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import { buildUser } from '@mediadiet/contract/fixtures';
import type { UserUpdateMessage } from '@mediadiet/contract/extension';
import {
  analysisCreatedEvent,
  configStateUpdateEvent,
  moodCheckedInEvent,
  userUpdateEvent,
} from '@mediadiet/contract/realtime';
import { TabBus } from '@/lib/broadcast';
import { SERVER_DISCONNECT_RETRY_MS } from '@/lib/socket';
import { queryKeys } from '@/lib/query-keys';
import { fakeSockets } from '@/testing/fake-socket-io';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/msw-server';

const account = buildUser({ id: 'user-7', name: 'Ada Lovelace' });
let otherTab: TabBus;
beforeEach(() => {
  otherTab = new TabBus();
});
afterEach(() => otherTab.close());

function signedIn() {
  const infoCalls: number[] = [];
  let current = account;
  server.use(
    http.post('*/auth/loggedin', () => HttpResponse.json({ success: true, loggedIn: true, user: current })),
    http.get('*/api/account/info', () => {
      infoCalls.push(Date.now());
      return HttpResponse.json({ success: true, user: current });
    }),
    http.post('*/auth/logout', () => HttpResponse.json({ success: true })),
  );
  localStorage.setItem(AUTH_TOKEN_KEY, 'sock-token');
  return { infoCalls, update: (user: typeof account) => (current = user) };
}

describe('useUserRealtime (lib/socket.ts)', () => {
  it('connects on /socket.io with the token while signed in and listens for this user', async () => {
    signedIn();
    renderApp('/auth/dashboard');
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    const socket = fakeSockets[0]!;
    expect(socket.options).toMatchObject({ path: '/socket.io', auth: { token: 'sock-token' } });
    expect(socket.listenerCount(userUpdateEvent('user-7'))).toBe(1);
    expect(socket.listenerCount(configStateUpdateEvent('user-7'))).toBe(1);
    expect(socket.listenerCount(analysisCreatedEvent('user-7'))).toBe(1);
  });

  it('on update_user_{id}: refetches the account info, updates the user and tells the other tabs', async () => {
    const { infoCalls, update } = signedIn();
    const broadcasts: UserUpdateMessage[] = [];
    otherTab.subscribe((message) => broadcasts.push(message));
    renderApp('/auth/dashboard');
    expect(await screen.findByText(account.email)).toBeInTheDocument();
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    const before = infoCalls.length;

    const renamed = update({ ...account, name: 'Ada King', email: 'ada.king@example.com' });
    act(() => {
      fakeSockets[0]!.emitFromServer(userUpdateEvent('user-7'), {
        userId: 'user-7',
        state: 'COMPLETED',
        user: renamed,
      });
    });

    expect(await screen.findByText('ada.king@example.com')).toBeInTheDocument();
    expect(infoCalls.length).toBe(before + 1);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    await waitFor(() => expect(broadcasts).toEqual([{ type: 'USER_UPDATE', user: renamed }]));
  });

  it('on config_state_update_{id}: refetches the account info', async () => {
    const { infoCalls } = signedIn();
    renderApp('/auth/dashboard');
    expect(await screen.findByText(account.email)).toBeInTheDocument();
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    const before = infoCalls.length;
    act(() => {
      fakeSockets[0]!.emitFromServer(configStateUpdateEvent('user-7'), {
        userId: 'user-7',
        state: 'SUBMITTED',
      });
    });
    await waitFor(() => expect(infoCalls.length).toBe(before + 1));
  });

  it('on mood_checked_in_{id} (a check-in here, in another tab or in the popup): the mood refetches', async () => {
    signedIn();
    const { queryClient } = renderApp('/auth/dashboard');
    expect(await screen.findByText(account.email)).toBeInTheDocument();
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    queryClient.setQueryData([...queryKeys.mood, 'list', 30], { success: true, checkIns: [] });
    act(() => fakeSockets[0]!.emitFromServer(moodCheckedInEvent('user-7'), undefined));
    expect(queryClient.getQueryState([...queryKeys.mood, 'list', 30])?.isInvalidated).toBe(true);
  });

  it('disconnects on logout and does not connect without a token', async () => {
    signedIn();
    const user = userEvent.setup();
    renderApp('/auth/dashboard');
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await screen.findByRole('button', { name: 'Continue with Email' });
    expect(fakeSockets[0]!.connected).toBe(false);
    expect(fakeSockets[0]!.listenerCount(userUpdateEvent('user-7'))).toBe(0);
    expect(fakeSockets[0]!.listenerCount(analysisCreatedEvent('user-7'))).toBe(0);
    expect(fakeSockets).toHaveLength(1);
  });

  it('disconnects when unmounted', async () => {
    signedIn();
    const { unmount } = renderApp('/auth/dashboard');
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    unmount();
    expect(fakeSockets[0]!.connected).toBe(false);
  });

  describe('after the server went away (a restart, issue 28)', () => {
    afterEach(() => vi.useRealTimers());

    it('back again, refetches what it may have missed: history, insights, account and session', async () => {
      const { infoCalls } = signedIn();
      let loggedIn = 0;
      server.use(
        http.post('*/auth/loggedin', () => {
          loggedIn += 1;
          return HttpResponse.json({ success: true, loggedIn: true, user: account });
        }),
      );
      const { queryClient } = renderApp('/auth/dashboard');
      expect(await screen.findByText(account.email)).toBeInTheDocument();
      await waitFor(() => expect(fakeSockets).toHaveLength(1));
      const socket = fakeSockets[0]!;
      act(() => socket.emitFromServer('connect', undefined));
      queryClient.setQueryData(queryKeys.analysisRecent, { pages: [], pageParams: [] });
      queryClient.setQueryData(queryKeys.insightsPeriod(null), { success: true });
      const before = { info: infoCalls.length, loggedIn };
      expect(queryClient.getQueryState(queryKeys.analysisRecent)?.isInvalidated).toBe(false);

      // The connection drops (the server stops) and comes back (it started again).
      act(() => socket.emitFromServer('disconnect', 'transport close'));
      expect(socket.connectCalls).toBe(0);
      act(() => socket.emitFromServer('connect', undefined));
      expect(queryClient.getQueryState(queryKeys.analysisRecent)?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(queryKeys.insightsPeriod(null))?.isInvalidated).toBe(true);
      await waitFor(() => expect(infoCalls.length).toBe(before.info + 1));
      await waitFor(() => expect(loggedIn).toBe(before.loggedIn + 1));
      expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('sock-token');
    });

    it('a first connection that came only after failed tries refetches too; one at the first try does not', async () => {
      signedIn();
      const { queryClient } = renderApp('/auth/dashboard');
      expect(await screen.findByText(account.email)).toBeInTheDocument();
      await waitFor(() => expect(fakeSockets).toHaveLength(1));
      const socket = fakeSockets[0]!;
      queryClient.setQueryData(queryKeys.analysisRecent, { pages: [], pageParams: [] });

      // The history was read while the server was going away: the connection fails, then succeeds.
      act(() => socket.emitFromServer('connect_error', new Error('xhr poll error')));
      act(() => socket.emitFromServer('connect', undefined));
      expect(queryClient.getQueryState(queryKeys.analysisRecent)?.isInvalidated).toBe(true);

      // A later connection at the first try (no failure, no drop) reads nothing again.
      queryClient.setQueryData(queryKeys.analysisRecent, { pages: [], pageParams: [] });
      act(() => socket.emitFromServer('connect', undefined));
      expect(queryClient.getQueryState(queryKeys.analysisRecent)?.isInvalidated).toBe(false);
    });

    it('asks to connect again after "io server disconnect", which socket.io itself never retries', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      signedIn();
      renderApp('/auth/dashboard');
      await waitFor(() => expect(fakeSockets).toHaveLength(1));
      const socket = fakeSockets[0]!;
      act(() => socket.emitFromServer('disconnect', 'io server disconnect'));
      expect(socket.connectCalls).toBe(0);
      await act(() => vi.advanceTimersByTimeAsync(SERVER_DISCONNECT_RETRY_MS));
      expect(socket.connectCalls).toBe(1);
    });
  });
});

describe('a subscription made in another tab (spec §4 USER_UPDATE, §7 update_user_{id})', () => {
  /** The subscription call answers none until `subscribe()`. */
  function withoutSubscriptionYet() {
    let subscription: ReturnType<typeof buildSubscription> | null = null;
    server.use(
      http.get('*/api/subscription', () => HttpResponse.json(buildSubscriptionInfo({ subscription }))),
    );
    return { subscribe: () => (subscription = buildSubscription({ plan: 'basic' })) };
  }

  it('turns the gray LED red when update_user_{id} arrives', async () => {
    signedIn();
    const { subscribe } = withoutSubscriptionYet();
    renderApp('/auth/dashboard');
    expect(
      await screen.findByRole('button', { name: 'Extension status: Create Subscription' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(fakeSockets).toHaveLength(1));
    subscribe();
    act(() => {
      fakeSockets[0]!.emitFromServer(userUpdateEvent('user-7'), {
        userId: 'user-7',
        state: 'NOT_STARTED',
        user: account,
      });
    });
    expect(
      await screen.findByRole('button', { name: 'Extension status: Setup Required' }),
    ).toBeInTheDocument();
  }, 20_000);
});
