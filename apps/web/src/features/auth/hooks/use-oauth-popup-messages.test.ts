import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { buildUser } from '@mediadiet/contract/fixtures';
import { useOAuthPopupMessages } from '@/features/auth/hooks/use-oauth-popup-messages';

/**
 * The popup's message reader (lib/oauth-popup.ts) brings zod and the contract's user schema: the sign-in page
 * must not fetch it with its first render (the login route's JavaScript budget, decisions 073 and 166), only
 * with a message that may be the popup's. The module's factory runs once per fetch (this file's own graph).
 */
const reader = vi.hoisted(() => ({ loads: 0 }));
vi.mock('@/lib/oauth-popup', async (importOriginal) => {
  reader.loads += 1;
  return importOriginal();
});

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('useOAuthPopupMessages', () => {
  it('fetches the reader with the first message that may be the popup’s, not on mount, and handles that message', async () => {
    const onSuccess = vi.fn();
    renderHook(() => useOAuthPopupMessages(onSuccess));
    await flush();
    expect(reader.loads).toBe(0);

    const data = { type: 'oauth_success', success: true, token: 'c'.repeat(43), user: buildUser() };
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://evil.example' }));
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'other' }, origin: window.location.origin }),
      );
    });
    await flush();
    expect(reader.loads).toBe(0);

    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin }));
    });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(data));
    expect(reader.loads).toBe(1);
  });
});
