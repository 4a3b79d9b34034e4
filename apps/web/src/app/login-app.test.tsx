import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AUTH_TOKEN_KEY, STORAGE_KEYS } from '@mediadiet/contract/constants';
import { buildUser } from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import { server } from '@/testing/msw-server';
import { setAuthToken } from '@/lib/storage';
import { LoginApp, type Leave } from '@/app/login-app';

const EMAIL = 'ada@example.com';

/** The signed-out sign-in page at `address`, recording where it hands over to the full app. */
function renderLoginApp(address = '/auth/login') {
  window.history.replaceState(null, '', address);
  const leave = vi.fn<Leave>();
  const view = render(<LoginApp leave={leave} />);
  return { ...view, leave, user: userEvent.setup() };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the sign-in page without the router (first visit to /auth/login signed out)', () => {
  it('shows the shell (header, main, footer) and the initial sign-in state', () => {
    renderLoginApp();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Media Diet' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Media Diet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.auth.continueWithGoogle })).toHaveAttribute(
      'href',
      '/auth/google?mode=redirect',
    );
    expect(screen.getByRole('button', { name: messages.auth.continueWithEmail })).toBeInTheDocument();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  });

  it('opens on the register state when gotoRegister is set', () => {
    localStorage.setItem(STORAGE_KEYS.gotoRegister, 'true');
    renderLoginApp();
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
  });

  it('shows the `error` parameter as a toast and removes it from the address, staying on the page', async () => {
    const { leave } = renderLoginApp('/auth/login?error=google_failed&x=1');
    expect(await screen.findByText(messages.signInError.google_failed)).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe('?x=1'));
    expect(window.location.pathname).toBe('/auth/login');
    expect(leave).not.toHaveBeenCalled();
  });

  it('hands over to the app when a link of the app is followed (Terms, home)', async () => {
    const { leave, user } = renderLoginApp();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Legal' })).getByRole('link', { name: 'Terms' }),
    );
    expect(leave).toHaveBeenCalledWith('/terms', { replace: undefined });
  });

  it('signing in with the PIN stores the token and hands over to /auth/dashboard with the user', async () => {
    const account = buildUser({ email: EMAIL, name: 'Ada Lovelace' });
    server.use(
      http.post('*/auth/pin', () => HttpResponse.json({ success: true, message: 'ok' })),
      http.post('*/auth/verify', () =>
        HttpResponse.json({ success: true, token: 'new-session', user: account }),
      ),
    );
    const { leave, user } = renderLoginApp();
    await user.click(screen.getByRole('button', { name: messages.auth.continueWithEmail }));
    await user.type(await screen.findByLabelText('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: messages.auth.sendPin }));
    await user.type(await screen.findByLabelText('6-digit PIN'), '123456');
    await user.click(screen.getByRole('button', { name: messages.auth.verifyPin }));

    await waitFor(() =>
      expect(leave).toHaveBeenCalledWith('/auth/dashboard', { replace: true, user: account }),
    );
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('new-session');
    expect(localStorage.getItem(STORAGE_KEYS.gotoRegister)).toBeNull();
  });

  it('a sign-in in another tab sends this one on to the dashboard', async () => {
    const { leave } = renderLoginApp();
    act(() => setAuthToken('from-another-tab'));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/auth/dashboard', { replace: true }));
  });
});
