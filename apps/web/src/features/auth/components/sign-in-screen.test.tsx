import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AUTH_TOKEN_KEY, STORAGE_KEYS } from '@mediadiet/contract/constants';
import { buildUser } from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/msw-server';
import { sessionHandlers } from '@/testing/handlers';
import { queryKeys } from '@/lib/query-keys';
import { OAUTH_BINDING_KEY } from '@mediadiet/contract/auth';

const EMAIL = 'ada@example.com';

const card = () => screen.getByTestId('sign-in-card');
const toasts = () => within(screen.getByTestId('toasts'));

/** Records the JSON bodies the server received on a path. */
function recordPosts(
  path: string,
  reply: () => Response = () => HttpResponse.json({ success: true, message: 'ok' }),
) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`*${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
  );
  return bodies;
}

async function openLogin() {
  const user = userEvent.setup();
  const view = renderApp('/auth/login');
  await user.click(await screen.findByRole('button', { name: messages.auth.continueWithEmail }));
  // The forms' code loads on the way to them (lazy-sign-in-forms.ts).
  await screen.findByLabelText('Email');
  return { user, ...view };
}

async function reachVerify() {
  recordPosts('/auth/pin');
  const view = await openLogin();
  await view.user.type(screen.getByLabelText('Email'), EMAIL);
  await view.user.click(screen.getByRole('button', { name: messages.auth.sendPin }));
  await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' });
  return view;
}

describe('sign-in screen: initial state', () => {
  it('offers Google and e-mail, in the standard variant (no Resend PIN, no card legal links)', async () => {
    renderApp('/auth/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to Media Diet' }),
    ).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-step', 'initial');
    expect(card()).toHaveAttribute('data-variant', 'standard');
    expect(screen.getByRole('link', { name: messages.auth.continueWithGoogle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.auth.continueWithEmail })).toBeInTheDocument();
    expect(within(card()).queryByRole('link', { name: 'Terms' })).not.toBeInTheDocument();
  });

  it('shows the `error` query parameter as an error toast and removes it from the address', async () => {
    const { router } = renderApp('/auth/login?error=google_not_configured');
    const text = messages.signInError.google_not_configured;
    expect(await toasts().findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(toasts().getAllByText(text)).toHaveLength(1);
  });

  it('shows only catalogue texts for `error`: any other value gives the generic message, never its own words', async () => {
    const phishing = 'Your account is locked, unlock at https://evil.example/unlock';
    const { router } = renderApp(`/auth/login?error=${encodeURIComponent(phishing)}`);
    expect(await toasts().findByText(messages.signInError.generic)).toBeInTheDocument();
    expect(screen.queryByText(phishing)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('evil.example');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it.each([STORAGE_KEYS.gotoRegister, STORAGE_KEYS.goRegister])(
    'opens on the register state when %s is set',
    async (key) => {
      localStorage.setItem(key, 'true');
      renderApp('/auth/login');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
      ).toBeInTheDocument();
      expect(card()).toHaveAttribute('data-step', 'register');
    },
  );

  it('redirects to /auth/dashboard when a token exists', async () => {
    server.use(...sessionHandlers());
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    const { router } = renderApp('/auth/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard'));
  });
});

describe('sign-in screen: login state', () => {
  it('moves focus to the e-mail field and links to register and back', async () => {
    const { user } = await openLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in with e-mail' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'New here? Register' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: '← Other ways to sign in' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Sign in to Media Diet' });
    expect(heading).toHaveFocus();
  });

  it("requires the e-mail: 'Please enter your email'", async () => {
    const bodies = recordPosts('/auth/pin');
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: messages.auth.sendPin }));
    expect(await screen.findByText(messages.auth.enterEmail)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.auth.enterEmail);

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: messages.auth.sendPin }));
    expect(await screen.findByText(messages.auth.invalidEmail)).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("sends the PIN, toasts 'PIN sent! Check your email.' and moves to the verify state", async () => {
    const bodies = recordPosts('/auth/pin');
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), `  ${EMAIL} `);
    await user.click(screen.getByRole('button', { name: messages.auth.sendPin }));

    expect(await toasts().findByText(messages.success.pinSent)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    expect(bodies).toEqual([{ email: EMAIL }]);
    expect(card()).toHaveTextContent(EMAIL);
    expect(screen.getByLabelText('6-digit PIN')).toHaveFocus();
  });

  it('shows the server error text when the PIN request fails', async () => {
    recordPosts('/auth/pin', () =>
      HttpResponse.json({ success: false, error: messages.server.unknownEmail }, { status: 404 }),
    );
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: messages.auth.sendPin }));

    expect(await within(card()).findByText(messages.server.unknownEmail)).toBeInTheDocument();
    expect(toasts().getByText(messages.server.unknownEmail)).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-step', 'login');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });
});

describe('sign-in screen: register state', () => {
  async function openRegister() {
    localStorage.setItem(STORAGE_KEYS.gotoRegister, 'true');
    const user = userEvent.setup();
    const view = renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    return { user, ...view };
  }

  /** Registers `name` with EMAIL through the form. */
  async function register(user: UserEvent, name = 'Ada') {
    await user.type(screen.getByLabelText('Name'), name);
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Register' }));
  }

  it('requires the name and the e-mail, each with its message', async () => {
    const bodies = recordPosts('/auth/register');
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(messages.auth.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.auth.emailRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.queryByText(messages.auth.nameRequired)).not.toBeInTheDocument());
    expect(screen.getByText(messages.auth.emailRequired)).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('registers, toasts the success message and moves to the verify state', async () => {
    const bodies = recordPosts('/auth/register');
    const { user } = await openRegister();
    await register(user, 'Ada Lovelace');

    expect(await toasts().findByText(messages.success.registration)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Ada Lovelace', email: EMAIL }]);
  });

  it("a 'duplicate' error switches to login with the e-mail filled in and clears the register flag", async () => {
    recordPosts('/auth/register', () =>
      HttpResponse.json({ success: false, error: messages.server.duplicateEmail }, { status: 409 }),
    );
    const { user } = await openRegister();
    await register(user);

    expect(await toasts().findByText(messages.auth.duplicateEmail)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in with e-mail' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(localStorage.getItem(STORAGE_KEYS.gotoRegister)).toBeNull();
  });

  it('shows any other server error and stays on register', async () => {
    recordPosts('/auth/register', () =>
      HttpResponse.json(
        { success: false, error: 'Too many requests. Please try again later.' },
        { status: 429 },
      ),
    );
    const { user } = await openRegister();
    await register(user);

    expect(await screen.findByTestId('register-error')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
    expect(toasts().getByText('Too many requests. Please try again later.')).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-step', 'register');
  });
});

describe('sign-in screen: verify state (extended variant)', () => {
  it('adds Terms and Privacy links and Resend PIN', async () => {
    const view = await reachVerify();
    const bodies = recordPosts('/auth/pin');
    expect(card()).toHaveAttribute('data-variant', 'extended');
    expect(within(card()).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(within(card()).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');

    await view.user.click(screen.getByRole('button', { name: messages.auth.resendPin }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ email: EMAIL });
    await waitFor(() => expect(toasts().getAllByText(messages.success.pinSent)).toHaveLength(2));
  });

  it('accepts digits only, at most 6, and is a labelled one-time-code field', async () => {
    const { user } = await reachVerify();
    const pin = screen.getByLabelText('6-digit PIN');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    expect(pin).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(pin, '1a2 b3-4');
    expect(pin).toHaveValue('1234');
    await user.type(pin, '56789');
    expect(pin).toHaveValue('123456');
  });

  it('fills the whole code from a paste, whatever its format', async () => {
    const { user } = await reachVerify();
    const pin = screen.getByLabelText('6-digit PIN');
    await user.type(pin, '9');
    await user.paste('482 913');
    expect(pin).toHaveValue('482913');
  });

  it('requires exactly 6 digits', async () => {
    const bodies = recordPosts('/auth/verify');
    const { user } = await reachVerify();
    await user.type(screen.getByLabelText('6-digit PIN'), '12345');
    await user.click(screen.getByRole('button', { name: messages.auth.verifyPin }));
    expect(await screen.findByText(messages.auth.pinFormat)).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('on success stores the token, caches the user and goes to /auth/dashboard', async () => {
    const account = buildUser({ email: EMAIL, name: 'Ada Lovelace' });
    server.use(...sessionHandlers(account));
    const bodies = recordPosts('/auth/verify', () =>
      HttpResponse.json({ success: true, token: 'new-session', user: account }),
    );
    const { user, router, queryClient } = await reachVerify();
    await user.type(screen.getByLabelText('6-digit PIN'), '123456');
    await user.click(screen.getByRole('button', { name: messages.auth.verifyPin }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard'));
    expect(bodies).toEqual([{ email: EMAIL, pin: '123456' }]);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('new-session');
    expect(queryClient.getQueryData(queryKeys.session)).toEqual(account);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
  });

  it('shows the server error text when verification fails', async () => {
    recordPosts('/auth/verify', () =>
      HttpResponse.json({ success: false, error: messages.server.invalidPin }, { status: 401 }),
    );
    const { user, router } = await reachVerify();
    const pin = screen.getByLabelText('6-digit PIN');
    await user.type(pin, '000000');
    await user.click(screen.getByRole('button', { name: messages.auth.verifyPin }));

    expect(await within(card()).findByText(messages.server.invalidPin)).toBeInTheDocument();
    expect(toasts().getByText(messages.server.invalidPin)).toBeInTheDocument();
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('goes back to the login state to use a different e-mail', async () => {
    const { user } = await reachVerify();
    await user.click(screen.getByRole('button', { name: '← Use a different e-mail' }));
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(card()).toHaveAttribute('data-variant', 'standard');
  });
});

describe('sign-in screen: Google', () => {
  // The popup's message reader is loaded with the first message (a dynamic import of zod and the contract).
  // Load it once here: these tests are about what a message does, and a cold import on a busy machine can
  // outlast findBy's one-second wait.
  beforeAll(async () => {
    await import('@/lib/oauth-popup');
  });

  /**
   * Renders the sign-in page and resolves once it listens for the popup's messages. The listener is attached
   * by a passive effect, which can run after the paint that `findBy` sees; a message sent before it would be
   * lost (as it would be for a real popup that answered before the page had finished mounting).
   */
  async function renderListening() {
    const added = vi.spyOn(window, 'addEventListener');
    const view = renderApp('/auth/login');
    await screen.findByRole('button', { name: messages.auth.continueWithEmail });
    await waitFor(() => expect(added.mock.calls.map(([type]) => type)).toContain('message'));
    return view;
  }

  it('opens the 600×600 popup on /auth/google?mode=popup', async () => {
    const popup = { focus: vi.fn() } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const user = userEvent.setup();
    renderApp('/auth/login');
    await user.click(await screen.findByRole('link', { name: messages.auth.continueWithGoogle }));
    const binding = localStorage.getItem(OAUTH_BINDING_KEY);
    expect(binding).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(open).toHaveBeenCalledWith(
      `/auth/google?mode=popup&binding=${binding}`,
      'mediadiet-google',
      expect.stringMatching(/width=600,height=600/),
    );
  });

  it('accepts oauth_success only from our own origin, redeems its code with this browser’s binding, then signs in', async () => {
    const account = buildUser();
    server.use(...sessionHandlers(account));
    const bodies: unknown[] = [];
    server.use(
      http.post('*/auth/google/exchange', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, token: 'google-session', user: account });
      }),
    );
    const { router, queryClient } = await renderListening();
    // Opening the popup stored this browser's binding value.
    const binding = 'b'.repeat(43);
    localStorage.setItem(OAUTH_BINDING_KEY, binding);
    const code = 'c'.repeat(43);
    const data = { type: 'oauth_success', success: true, token: code, user: account };

    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://evil.example' }));
    });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/login');

    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard'));
    expect(bodies).toEqual([{ token: code, binding }]);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('google-session');
    expect(queryClient.getQueryData(queryKeys.session)).toEqual(account);
  });

  it('refuses a code the server does not redeem for this browser, and stays signed out', async () => {
    server.use(
      http.post('*/auth/google/exchange', () =>
        HttpResponse.json({ success: false, error: messages.security.googleCodeRefused }, { status: 400 }),
      ),
    );
    const { router } = await renderListening();
    const data = { type: 'oauth_success', success: true, token: 'c'.repeat(43), user: buildUser() };
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin }));
    });
    expect(await toasts().findByText(messages.security.googleCodeRefused)).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('shows an error the popup forwards as a toast: the catalogue text of its code', async () => {
    await renderListening();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'oauth_error', error: 'google_cancelled' },
          origin: window.location.origin,
        }),
      );
    });
    expect(await toasts().findByText(messages.signInError.google_cancelled)).toBeInTheDocument();
  });

  it('shows the generic catalogue text for a forwarded error that is not a catalogue code', async () => {
    await renderListening();
    const phishing = 'Call +1 555 0100 to unlock your account';
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'oauth_error', error: phishing },
          origin: window.location.origin,
        }),
      );
    });
    expect(await toasts().findByText(messages.signInError.generic)).toBeInTheDocument();
    expect(screen.queryByText(phishing)).not.toBeInTheDocument();
  });
});
