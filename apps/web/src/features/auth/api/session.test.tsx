import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import { buildUser } from '@mediadiet/contract/fixtures';
import type { UserUpdateMessage } from '@mediadiet/contract/extension';
import { createQueryClient } from '@/lib/query-client';
import { TabBus } from '@/lib/broadcast';
import { useUserUpdateSync } from '@/lib/use-user-update-sync';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/msw-server';
import { sessionHandlers } from '@/testing/handlers';
import { sessionQueryOptions, sessionRetryDelay } from '@/features/auth/api/session';

function countLoggedIn(reply: () => Response) {
  const seen: (string | null)[] = [];
  server.use(
    http.post('*/auth/loggedin', ({ request }) => {
      seen.push(request.headers.get('authorization'));
      return reply();
    }),
  );
  return seen;
}

describe('auth state (spec §4)', () => {
  it('a stored token and no user → POST /auth/loggedin; the user then shows in the header', async () => {
    server.use(...sessionHandlers(buildUser({ name: 'Grace Hopper', email: 'grace@example.com' })));
    const seen = countLoggedIn(() =>
      HttpResponse.json({
        success: true,
        loggedIn: true,
        user: buildUser({ name: 'Grace Hopper', email: 'grace@example.com' }),
      }),
    );
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok-1');
    const user = userEvent.setup();
    renderApp('/auth/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeInTheDocument();
    expect(seen).toEqual(['Bearer tok-1']);
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menu')).toHaveTextContent('grace@example.com');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('tok-1');
  });

  it('loggedIn false → token and user cleared, back to the sign-in screen', async () => {
    countLoggedIn(() => HttpResponse.json({ success: true, loggedIn: false, user: null }));
    server.use(
      http.get('*/api/account/info', () =>
        HttpResponse.json({ success: false, error: 'Not authenticated' }, { status: 401 }),
      ),
    );
    localStorage.setItem(AUTH_TOKEN_KEY, 'revoked');
    const { router, queryClient } = renderApp('/auth/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(queryClient.getQueryData(sessionQueryOptions(null).queryKey)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Continue with Email' })).toBeInTheDocument();
  });

  it('a 401 from the check → token and user cleared as well', async () => {
    const seen = countLoggedIn(() =>
      HttpResponse.json({ success: false, error: 'Not authenticated' }, { status: 401 }),
    );
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const { router } = renderApp('/terms');

    await waitFor(() => expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull());
    expect(seen).toHaveLength(1);
    // Public pages stay where they are; only the user menu goes.
    expect(router.state.location.pathname).toBe('/terms');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  // Decision 117: only "not logged in" signs out; a check without an answer keeps the token and asks again.
  it.each([
    ['a 5xx', () => HttpResponse.json({ success: false, error: 'Internal server error' }, { status: 500 })],
    ['a network error (the tab closed mid-request, the server unreachable)', () => HttpResponse.error()],
    ['a 503 without a body', () => new HttpResponse(null, { status: 503 })],
  ])(
    '%s keeps the token, asks again and signs in once the server answers',
    async (_what, failure) => {
      server.use(...sessionHandlers(buildUser({ name: 'Grace Hopper', email: 'grace@example.com' })));
      let calls = 0;
      const seen = countLoggedIn(() => {
        calls++;
        return calls <= 2
          ? failure()
          : HttpResponse.json({ success: true, loggedIn: true, user: buildUser({ name: 'Grace Hopper' }) });
      });
      localStorage.setItem(AUTH_TOKEN_KEY, 'tok-slow');
      const { router } = renderApp('/auth/dashboard');

      await waitFor(() => expect(seen).toHaveLength(2));
      expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('tok-slow');
      expect(router.state.location.pathname).toBe('/auth/dashboard');
      // Retried after 1 s and 2 s; the third answer signs in.
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeInTheDocument();
      expect(seen).toHaveLength(3);
      expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('tok-slow');
    },
    10_000,
  );

  it('the retries back off to at most one every 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(sessionRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('asks nothing without a token', async () => {
    const seen = countLoggedIn(() => HttpResponse.json({ success: true, loggedIn: false, user: null }));
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(seen).toEqual([]);
  });
});

describe('USER_UPDATE between tabs', () => {
  const buses: TabBus[] = [];
  afterEach(() => {
    for (const bus of buses.splice(0)) bus.close();
  });

  function Tab({ bus, name }: { bus: TabBus; name: string }) {
    useUserUpdateSync(bus);
    const { data } = useQuery(sessionQueryOptions('tok'));
    return <p data-testid={name}>{data?.name ?? 'none'}</p>;
  }

  it('a user update in one tab makes the other tab refetch; the sender does not refetch itself', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    let name = 'Ada';
    const seen = countLoggedIn(() =>
      HttpResponse.json({ success: true, loggedIn: true, user: buildUser({ name }) }),
    );
    const busA = new TabBus();
    const busB = new TabBus();
    buses.push(busA, busB);
    const clientA = createQueryClient();
    const clientB = createQueryClient();
    render(
      <>
        <QueryClientProvider client={clientA}>
          <Tab bus={busA} name="tab-a" />
        </QueryClientProvider>
        <QueryClientProvider client={clientB}>
          <Tab bus={busB} name="tab-b" />
        </QueryClientProvider>
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('tab-b')).toHaveTextContent('Ada'));
    expect(screen.getByTestId('tab-a')).toHaveTextContent('Ada');
    expect(seen).toHaveLength(2);

    name = 'Ada King';
    busA.postUserUpdate(buildUser({ name }));

    await waitFor(() => expect(screen.getByTestId('tab-b')).toHaveTextContent('Ada King'));
    expect(seen).toHaveLength(3);
    expect(screen.getByTestId('tab-a')).toHaveTextContent('Ada');
  });

  it('ignores messages that are not a USER_UPDATE', async () => {
    const busA = new TabBus();
    const busB = new TabBus();
    buses.push(busA, busB);
    const received: UserUpdateMessage[] = [];
    busB.subscribe((message) => received.push(message));
    const raw = new BroadcastChannel('mediadiet');
    raw.postMessage({ type: 'SOMETHING_ELSE' });
    busA.postUserUpdate(null);
    await waitFor(() => expect(received).toEqual([{ type: 'USER_UPDATE', user: null }]));
    raw.close();
  });
});
