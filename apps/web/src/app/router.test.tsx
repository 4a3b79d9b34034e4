import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AUTH_TOKEN_KEY, STORAGE_KEYS } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import { buildPlan, buildSubscriptionInfo, buildUser } from '@mediadiet/contract/fixtures';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/msw-server';
import { sessionHandlers } from '@/testing/handlers';
import { queryKeys } from '@/lib/query-keys';
import { OAUTH_BINDING_KEY } from '@mediadiet/contract/auth';

const BINDING = 'b'.repeat(43);
const CODE = 'c'.repeat(43);

/** POST /auth/google/exchange answering with `user` and a session token; records the bodies it got. */
function exchangeHandler(user: ReturnType<typeof buildUser>, token: string) {
  const bodies: unknown[] = [];
  const handler = http.post('*/auth/google/exchange', async ({ request }) => {
    bodies.push(await request.json());
    return HttpResponse.json({ success: true, token, user });
  });
  return { handler, bodies };
}

/** The guard has sent the visitor to /auth/login, which shows the sign-in form. */
async function expectSignInAtLogin(router: ReturnType<typeof renderApp>['router']) {
  expect(await screen.findByRole('button', { name: 'Continue with Email' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/auth/login');
}

const signIn = () => {
  localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
  server.use(...sessionHandlers());
};

describe('routes and guards (spec §2)', () => {
  it('/ shows the landing page without the header', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /master your media diet/i }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('/auth/login shows the initial sign-in state inside the header shell', async () => {
    renderApp('/auth/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: /sign in to media diet/i }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    // Nothing is stored until the visitor heads for Google; then the link's own flow carries this browser's
    // binding value, stored before the Google window opens.
    const google = screen.getByRole('link', { name: 'Continue with Google' });
    expect(localStorage.getItem(OAUTH_BINDING_KEY)).toBeNull();
    expect(google).toHaveAttribute('href', '/auth/google?mode=redirect');
    act(() => google.focus());
    const binding = localStorage.getItem(OAUTH_BINDING_KEY);
    expect(binding).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(google).toHaveAttribute('href', `/auth/google?mode=redirect&binding=${binding}`);
    expect(screen.getByRole('button', { name: 'Continue with Email' })).toBeEnabled();
    // Terms and Privacy stay reachable from the footer on every step.
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    // Not signed in: no user menu.
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('/auth/login shows the register variant when gotoRegister is set', async () => {
    localStorage.setItem(STORAGE_KEYS.gotoRegister, 'true');
    const user = userEvent.setup();
    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(messages.auth.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.auth.emailRequired)).toBeInTheDocument();
  });

  it('/auth/login redirects to /auth/dashboard when an auth token exists', async () => {
    signIn();
    const { router } = renderApp('/auth/login');
    expect(await screen.findByRole('heading', { level: 2, name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/dashboard');
  });

  it('/auth/register redirects to /auth/login', async () => {
    const { router } = renderApp('/auth/register');
    await expectSignInAtLogin(router);
  });

  it('/auth/dashboard without a token redirects to /auth/login', async () => {
    const { router } = renderApp('/auth/dashboard');
    await expectSignInAtLogin(router);
  });

  it('/auth/dashboard with a token shows the dashboard with its Settings view and the user menu', async () => {
    signIn();
    renderApp('/auth/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('/auth/dashboard redeems the code the Google flow returns with this browser’s binding, stores the session, then strips the parameters', async () => {
    server.use(...sessionHandlers());
    const ada = buildUser({ name: 'Ada Lovelace', email: 'ada@example.com' });
    localStorage.setItem(OAUTH_BINDING_KEY, BINDING);
    const exchanged = exchangeHandler(ada, 'ada-session');
    server.use(exchanged.handler);
    const user = encodeURIComponent(JSON.stringify(ada));
    const { router, queryClient } = renderApp(
      `/auth/dashboard?success=true&token=${CODE}&user=${user}&tab=x`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(exchanged.bodies).toEqual([{ token: CODE, binding: BINDING }]);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('ada-session');
    // The next Google sign-in gets a new binding value.
    expect(localStorage.getItem(OAUTH_BINDING_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/dashboard');
    expect(router.state.location.search).toBe('?tab=x');
    expect(queryClient.getQueryData(queryKeys.session)).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
  });

  it('/auth/dashboard ignores a failed Google return and stays guarded', async () => {
    const { router } = renderApp('/auth/dashboard?success=false&token=nope');
    await expectSignInAtLogin(router);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('/subscription requires an auth token', async () => {
    const { router } = renderApp('/subscription');
    await expectSignInAtLogin(router);
  });

  it('/subscription shows the subscription page when signed in', async () => {
    signIn();
    server.use(
      http.get('*/api/subscription', () => HttpResponse.json(buildSubscriptionInfo())),
      http.get('*/api/subscription/plans', () =>
        HttpResponse.json({
          success: true,
          plans: {
            free: buildPlan({ id: 'free', name: 'Free', amount: 0 }),
            basic: buildPlan(),
            premium: buildPlan({ id: 'premium', name: 'Premium' }),
          },
        }),
      ),
    );
    renderApp('/subscription');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Subscription Status' })).toBeInTheDocument();
  });

  it.each([
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy'],
  ])('%s is a public page', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it("an unknown path shows 'Unexpected Application Error!' with a link home", async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(messages.routeError).toBe('Unexpected Application Error!');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('following the link home from the error page shows the landing page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/nope');
    await user.click(await screen.findByRole('link', { name: 'Go to the home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: /master your media diet/i }),
    ).toBeInTheDocument();
  });
});

describe('a Google return link (login CSRF, docs/decisions/108)', () => {
  /** The switch dialog (found by its title: a role query over the whole dashboard is slow in jsdom). */
  const findSwitchDialog = async () => {
    const title = await screen.findByText(messages.security.switchAccountTitle);
    const dialog = title.closest<HTMLElement>('[role="alertdialog"]');
    expect(dialog).not.toBeNull();
    expect(dialog).toHaveAccessibleName(messages.security.switchAccountTitle);
    return dialog!;
  };
  const toasts = () => within(screen.getByTestId('toasts'));
  const link = (user: ReturnType<typeof buildUser>) =>
    `/auth/dashboard?success=true&token=${CODE}&user=${encodeURIComponent(JSON.stringify(user))}`;

  it('is refused when this browser started no Google sign-in: nothing is stored, nothing is asked', async () => {
    const attacker = buildUser({ name: 'Mallory', email: 'mallory@example.com' });
    const exchanged = exchangeHandler(attacker, 'mallory-session');
    server.use(exchanged.handler);
    const { router } = renderApp(link(attacker));
    expect(await toasts().findByText(messages.security.googleCodeRefused)).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(exchanged.bodies).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('shows the server’s refusal (a code from another flow) and keeps the person signed out', async () => {
    localStorage.setItem(OAUTH_BINDING_KEY, BINDING);
    server.use(
      http.post('*/auth/google/exchange', () =>
        HttpResponse.json({ success: false, error: messages.security.googleCodeRefused }, { status: 400 }),
      ),
    );
    renderApp(link(buildUser({ email: 'mallory@example.com' })));
    expect(await toasts().findByText(messages.security.googleCodeRefused)).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  /** Ada is signed in; a Google link for Bea's account arrives; the sign-outs the app asks for are recorded. */
  function adaSignedInWithLinkForBea() {
    const me = buildUser({ name: 'Ada', email: 'ada@example.com' });
    localStorage.setItem(AUTH_TOKEN_KEY, 'ada-session');
    server.use(...sessionHandlers(me));
    localStorage.setItem(OAUTH_BINDING_KEY, BINDING);
    const other = buildUser({
      id: '00000000-0000-4000-8000-00000000000b',
      name: 'Bea',
      email: 'bea@example.com',
    });
    server.use(exchangeHandler(other, 'bea-session').handler);
    const loggedOut: (string | null)[] = [];
    server.use(
      http.post('*/auth/logout', ({ request }) => {
        loggedOut.push(request.headers.get('authorization'));
        return HttpResponse.json({ success: true });
      }),
    );
    return { other, loggedOut };
  }

  it('never replaces a signed-in user silently: another account asks first, and staying keeps the current one', async () => {
    const { other, loggedOut } = adaSignedInWithLinkForBea();
    const userEvent_ = userEvent.setup();
    renderApp(link(other));
    const dialog = await findSwitchDialog();
    expect(dialog).toHaveAccessibleDescription(
      messages.security.switchAccount('ada@example.com', 'bea@example.com'),
    );
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('ada-session');
    await userEvent_.click(
      within(dialog).getByRole('button', { name: messages.security.stay('ada@example.com') }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('ada-session');
    // The session the link would have started is ended.
    await waitFor(() => expect(loggedOut).toEqual(['Bearer bea-session']));
  });

  it('switches only when the person chooses to (the current session is signed out first)', async () => {
    const { other, loggedOut } = adaSignedInWithLinkForBea();
    const userEvent_ = userEvent.setup();
    const { queryClient } = renderApp(link(other));
    const dialog = await findSwitchDialog();
    await userEvent_.click(
      within(dialog).getByRole('button', { name: messages.security.switchTo('bea@example.com') }),
    );
    await waitFor(() => expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('bea-session'));
    expect(loggedOut).toEqual(['Bearer ada-session']);
    expect(queryClient.getQueryData(queryKeys.session)).toMatchObject({ email: 'bea@example.com' });
  });

  it('keeps the current session when the link is for the same account (the new one is ended)', async () => {
    const me = buildUser({ name: 'Ada', email: 'ada@example.com' });
    localStorage.setItem(AUTH_TOKEN_KEY, 'ada-session');
    server.use(...sessionHandlers(me));
    localStorage.setItem(OAUTH_BINDING_KEY, BINDING);
    server.use(exchangeHandler(me, 'ada-second-session').handler);
    const loggedOut: (string | null)[] = [];
    server.use(
      http.post('*/auth/logout', ({ request }) => {
        loggedOut.push(request.headers.get('authorization'));
        return HttpResponse.json({ success: true });
      }),
    );
    renderApp(link(me));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    await waitFor(() => expect(loggedOut).toEqual(['Bearer ada-second-session']));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('ada-session');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
