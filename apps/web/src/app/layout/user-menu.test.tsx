import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_TOKEN_KEY, STORAGE_KEYS } from '@mediadiet/contract/constants';
import { UserMenu } from '@/app/layout/user-menu';
import { isAtTop } from '@/app/layout/scroll';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/msw-server';
import { sessionHandlers } from '@/testing/handlers';
import { queryKeys } from '@/lib/query-keys';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
    fireEvent.scroll(window);
  });
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});

describe('header at-top rule', () => {
  it('counts as at the top under 10 px of scroll (spec §2, §9)', () => {
    expect(isAtTop(0)).toBe(true);
    expect(isAtTop(9)).toBe(true);
    expect(isAtTop(10)).toBe(false);
  });
});

describe('UserMenu', () => {
  it('shows the avatar initial, name, e-mail and Logout', async () => {
    const user = userEvent.setup();
    render(<UserMenu name="ada lovelace" email="ada@example.com" onLogout={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveTextContent('A');
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('ada lovelace');
    expect(menu).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('falls back to the e-mail initial, then to a person icon', () => {
    const { rerender } = render(<UserMenu email="zoe@example.com" onLogout={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('Z');
    rerender(<UserMenu onLogout={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveTextContent('');
    expect(trigger.querySelector('svg')).not.toBeNull();
  });

  it('stays open for small scrolls and closes when the page scrolls away from the top', async () => {
    const user = userEvent.setup();
    render(<UserMenu name="Ada" email="ada@example.com" onLogout={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();

    scrollTo(9);
    expect(screen.getByRole('menu')).toBeInTheDocument();

    scrollTo(10);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('calls onLogout when Logout is chosen', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    render(<UserMenu name="Ada" onLogout={onLogout} />);
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});

describe('Logout from the header', () => {
  it('revokes the session on the server, clears all local storage and goes to /auth/login', async () => {
    let revokedWith: string | null = null;
    server.use(
      ...sessionHandlers(),
      http.post('*/auth/logout', ({ request }) => {
        revokedWith = request.headers.get('authorization');
        return HttpResponse.json({ success: true });
      }),
    );
    localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
    localStorage.setItem(STORAGE_KEYS.questionnaireProgress, '{"answers":{}}');
    localStorage.setItem(STORAGE_KEYS.gotoRegister, 'true');
    localStorage.setItem('something-else', 'x');
    const user = userEvent.setup();
    const { router } = renderApp('/auth/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Continue with Email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(localStorage.length).toBe(0);
    expect(revokedWith).toBe('Bearer session-token');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('still signs out locally when the server cannot be reached', async () => {
    server.use(
      ...sessionHandlers(),
      http.post('*/auth/logout', () => HttpResponse.error()),
    );
    localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
    const user = userEvent.setup();
    const { router, queryClient } = renderApp('/auth/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Continue with Email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(localStorage.length).toBe(0);
    expect(queryClient.getQueryData(queryKeys.session)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.accountInfo)).toBeUndefined();
  });
});
