import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@mediadiet/contract/messages';
import { renderApp } from '@/testing/render-app';

/**
 * The sign-in page fetches the popup's message reader (lib/oauth-popup.ts: zod and the contract's user schema)
 * when Google sign-in opens the popup, not with the page (the login route's JavaScript budget, decisions 073
 * and 166). The module's factory runs once per fetch (this file's own module graph).
 */
const reader = vi.hoisted(() => ({ loads: 0 }));
vi.mock('@/lib/oauth-popup', async (importOriginal) => {
  reader.loads += 1;
  return importOriginal();
});

describe('sign-in screen: the Google popup’s reader', () => {
  it('is fetched when Google sign-in opens the popup, not with the page', async () => {
    vi.spyOn(window, 'open').mockReturnValue({ focus: vi.fn() } as unknown as Window);
    const user = userEvent.setup();
    renderApp('/auth/login');
    const google = await screen.findByRole('link', { name: messages.auth.continueWithGoogle });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(reader.loads).toBe(0);

    await user.click(google);
    await waitFor(() => expect(reader.loads).toBe(1));
  });
});
