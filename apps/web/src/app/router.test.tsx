import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AUTH_TOKEN_KEY, STORAGE_KEYS } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import { buildPlan, buildUser } from '@mediadiet/contract/fixtures';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/msw-server';
import { sessionHandlers } from '@/testing/handlers';
import { queryKeys } from '@/lib/query-keys';

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
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/auth/google?mode=redirect',
    );
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
    expect(await screen.findByRole('button', { name: 'Continue with Email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('/auth/dashboard without a token redirects to /auth/login', async () => {
    const { router } = renderApp('/auth/dashboard');
    expect(await screen.findByRole('button', { name: 'Continue with Email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
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

  it('/auth/dashboard stores the token and user the Google flow returns, then strips them from the address', async () => {
    server.use(...sessionHandlers());
    const user = encodeURIComponent(
      JSON.stringify(buildUser({ name: 'Ada Lovelace', email: 'ada@example.com' })),
    );
    const { router, queryClient } = renderApp(
      `/auth/dashboard?success=true&token=google-token&user=${user}&tab=x`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('google-token');
    expect(router.state.location.pathname).toBe('/auth/dashboard');
    expect(router.state.location.search).toBe('?tab=x');
    expect(queryClient.getQueryData(queryKeys.session)).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
  });

  it('/auth/dashboard ignores a failed Google return and stays guarded', async () => {
    const { router } = renderApp('/auth/dashboard?success=false&token=nope');
    expect(await screen.findByRole('button', { name: 'Continue with Email' })).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('');
  });

  it('/subscription requires an auth token', async () => {
    const { router } = renderApp('/subscription');
    expect(await screen.findByRole('button', { name: 'Continue with Email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('/subscription shows the subscription page when signed in', async () => {
    signIn();
    server.use(
      http.get('*/api/subscription', () =>
        HttpResponse.json({
          success: true,
          subscription: null,
          count: 0,
          tokensUsed: 0,
          currentPeriodStart: null,
          nextBilling: null,
        }),
      ),
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
