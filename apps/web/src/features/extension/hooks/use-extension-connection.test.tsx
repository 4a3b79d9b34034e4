import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildUser } from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import type { User, UserExtension } from '@mediadiet/contract/user';
import { queryKeys } from '@/lib/query-keys';
import { notify } from '@/lib/toast';
import { server } from '@/testing/msw-server';
import { useExtension } from '@/features/extension/components/extension-provider';
import { installFakeChrome, type FakeChrome } from '@/testing/fake-chrome';
import { renderWithExtension } from '@/features/extension/testing/render-extension';
import { resetWarningThrottle } from '@/features/extension/utils/warning-throttle';

function Probe() {
  const ext = useExtension();
  return (
    <>
      <output data-testid="probe">
        {JSON.stringify({
          status: ext.state.status,
          error: ext.state.error,
          installed: ext.installed,
          connected: ext.isConnected,
        })}
      </output>
      <button type="button" onClick={() => void ext.connect()}>
        connect
      </button>
      <button type="button" onClick={() => void ext.disconnect()}>
        disconnect
      </button>
    </>
  );
}

const probe = () =>
  JSON.parse(screen.getByTestId('probe').textContent ?? '{}') as {
    status: string;
    error: string | null;
    installed: boolean | null;
    connected: boolean;
  };

/** Lets fake timers, promises, MSW and React catch up without moving the clock. */
async function settle() {
  for (let i = 0; i < 8; i += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await settle();
}

const userWith = (extension: UserExtension): User => buildUser({ extension });

let chrome: FakeChrome;
let installationCalls: boolean[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  resetWarningThrottle();
  chrome = installFakeChrome(true);
  installationCalls = [];
  server.use(
    http.post('*/api/extension/installation', async ({ request }) => {
      const { isInstalled } = (await request.json()) as { isInstalled: boolean };
      installationCalls.push(isInstalled);
      return HttpResponse.json({ success: true, extension: { status: 'on', isInstalled } });
    }),
  );
});

afterEach(() => {
  chrome.uninstall();
  vi.useRealTimers();
});

describe('connection check loop (spec §4: every 5 s, token validation on the first check)', () => {
  it('checks at once, then every 5 s; VALIDATE_TOKEN only on the first check', async () => {
    renderWithExtension(<Probe />, { user: userWith({ status: 'on', isInstalled: true }) });
    await settle();
    expect(chrome.typesSent()).toEqual(['PING', 'VALIDATE_TOKEN']);
    expect(probe()).toMatchObject({ status: 'connected', installed: true, connected: true });

    await advance(4999);
    expect(chrome.typesSent()).toEqual(['PING', 'VALIDATE_TOKEN']);
    await advance(1);
    expect(chrome.typesSent()).toEqual(['PING', 'VALIDATE_TOKEN', 'PING']);
    await advance(5000);
    expect(chrome.typesSent()).toEqual(['PING', 'VALIDATE_TOKEN', 'PING', 'PING']);
    expect(installationCalls).toEqual([]);
  });

  it('stops when the component unmounts', async () => {
    const { unmount } = renderWithExtension(<Probe />, { user: userWith({ status: 'on', isInstalled: true }) });
    await settle();
    unmount();
    await advance(20_000);
    expect(chrome.typesSent()).toEqual(['PING', 'VALIDATE_TOKEN']);
  });

  it('a rejected key is not connected and raises the lost-connection warning', async () => {
    const warning = vi.spyOn(notify, 'warning');
    chrome.replies.VALIDATE_TOKEN = () => ({ success: false, error: 'Invalid token' });
    renderWithExtension(<Probe />, { user: userWith({ status: 'on', isInstalled: true }) });
    await settle();
    expect(probe().connected).toBe(false);
    expect(warning).toHaveBeenCalledWith(messages.extension.connectionLost);
  });

  it('warns at most once every 300000 ms', async () => {
    const warning = vi.spyOn(notify, 'warning');
    renderWithExtension(<Probe />, { user: userWith({ status: 'off', isInstalled: true }) });
    await settle();
    expect(warning).toHaveBeenCalledTimes(1);
    expect(warning).toHaveBeenLastCalledWith(messages.extension.installedNotConnected);
    await advance(295_000);
    expect(warning).toHaveBeenCalledTimes(1);
    await advance(5_000);
    expect(warning).toHaveBeenCalledTimes(2);
  });

  it('warns that the extension is not set up when it is not installed', async () => {
    const warning = vi.spyOn(notify, 'warning');
    chrome.installed = false;
    renderWithExtension(<Probe />, { user: userWith({ status: null, isInstalled: false }) });
    await advance(2000);
    expect(probe()).toMatchObject({ installed: false, connected: false });
    expect(warning).toHaveBeenCalledWith(messages.extension.notConnectedSetup);
  });

  it('shows no warnings without a subscription', async () => {
    const warning = vi.spyOn(notify, 'warning');
    renderWithExtension(<Probe />, { user: userWith({ status: 'off', isInstalled: true }), hasSubscription: false });
    await advance(10_000);
    expect(warning).not.toHaveBeenCalled();
  });
});

describe('installation detection (spec §4)', () => {
  it('records an uninstall when the ping fails while the user record says on, and reloads the user', async () => {
    const warning = vi.spyOn(notify, 'warning');
    chrome.installed = false;
    const { queryClient } = renderWithExtension(<Probe />, { user: userWith({ status: 'on', isInstalled: true }) });
    await advance(2000);
    expect(installationCalls).toEqual([false]);
    expect(queryClient.getQueryData<User>(queryKeys.session)?.extension).toEqual({ status: 'on', isInstalled: false });
    expect(probe().connected).toBe(false);
    // status on but no extension reachable: the lost-connection warning
    expect(warning).toHaveBeenCalledWith(messages.extension.connectionLost);
  });

  it('reports installed when the ping answers and the stored flag says otherwise', async () => {
    renderWithExtension(<Probe />, { user: userWith({ status: 'off', isInstalled: false }) });
    await settle();
    expect(installationCalls).toEqual([true]);
    expect(probe().installed).toBe(true);
  });

  it('does not record the uninstall again once the stored flag says not installed', async () => {
    chrome.installed = false;
    renderWithExtension(<Probe />, { user: userWith({ status: 'on', isInstalled: false }) });
    await advance(2000);
    await advance(7000);
    expect(installationCalls).toEqual([]);
    expect(probe().connected).toBe(false);
  });

  it('reports nothing when the stored flag already matches', async () => {
    renderWithExtension(<Probe />, { user: userWith({ status: 'off', isInstalled: true }) });
    await advance(10_000);
    expect(installationCalls).toEqual([]);
  });
});

describe('connect and disconnect (spec §4, §8)', () => {
  it('connect: apiKey from the server → CONNECT_EXTENSION → connected, with a success toast', async () => {
    const success = vi.spyOn(notify, 'success');
    server.use(http.get('*/api/extension/auth', () => HttpResponse.json({ success: true, apiKey: 'k'.repeat(32) })));
    renderWithExtension(<Probe />, { user: userWith({ status: 'off', isInstalled: true }) });
    await settle();
    act(() => screen.getByRole('button', { name: 'connect' }).click());
    await settle();
    const sent = chrome.sent.find((s) => s.message.type === 'CONNECT_EXTENSION')?.message;
    expect(sent).toEqual({
      type: 'CONNECT_EXTENSION',
      apiKey: 'k'.repeat(32),
      userId: 'user-1',
      timestamp: expect.any(Number) as number,
    });
    expect(probe().status).toBe('connected');
    expect(success).toHaveBeenCalledWith(messages.success.extensionConnected);
  });

  it("a failed key request ends in error: 'Failed to connect extension'", async () => {
    const error = vi.spyOn(notify, 'error');
    server.use(http.get('*/api/extension/auth', () => HttpResponse.json({ success: false, error: 'x' }, { status: 500 })));
    renderWithExtension(<Probe />, { user: userWith({ status: 'off', isInstalled: true }) });
    await settle();
    act(() => screen.getByRole('button', { name: 'connect' }).click());
    await settle();
    expect(probe()).toMatchObject({ status: 'error', error: messages.extension.connectFailed });
    expect(error).toHaveBeenCalledWith(messages.extension.connectFailed);
  });

  it("an extension that refuses ends in error: 'Failed to establish connection. Please try again.'", async () => {
    server.use(http.get('*/api/extension/auth', () => HttpResponse.json({ success: true, apiKey: 'k'.repeat(32) })));
    chrome.replies.CONNECT_EXTENSION = () => ({ success: false, error: 'Failed to verify extension' });
    renderWithExtension(<Probe />, { user: userWith({ status: 'off', isInstalled: true }) });
    await settle();
    act(() => screen.getByRole('button', { name: 'connect' }).click());
    await settle();
    expect(probe()).toMatchObject({ status: 'error', error: messages.extension.establishFailed });
  });

  it('disconnect: DELETE /api/extension → success toast, blocked sites cleared, disconnected', async () => {
    const success = vi.spyOn(notify, 'success');
    server.use(
      http.delete('*/api/extension', () =>
        HttpResponse.json({ success: true, extension: { status: 'off', isInstalled: true } }),
      ),
    );
    const { queryClient } = renderWithExtension(<Probe />, { user: userWith({ status: 'on', isInstalled: true }) });
    queryClient.setQueryData(queryKeys.urls, ['example.com']);
    await settle();
    expect(probe().connected).toBe(true);
    act(() => screen.getByRole('button', { name: 'disconnect' }).click());
    await settle();
    expect(success).toHaveBeenCalledWith(messages.success.extensionDisconnected);
    expect(queryClient.getQueryData(queryKeys.urls)).toBeUndefined();
    expect(probe()).toMatchObject({ status: 'disconnected', connected: false });
    // The extension is told to forget its key and queue (capture stops at once).
    expect(chrome.sent.map((s) => s.message.type)).toContain('DISCONNECT_EXTENSION');
  });

  it("a failed disconnect toasts 'Failed to disconnect the extension. Please try again.'", async () => {
    const error = vi.spyOn(notify, 'error');
    server.use(http.delete('*/api/extension', () => HttpResponse.json({ success: false, error: 'x' }, { status: 500 })));
    renderWithExtension(<Probe />, { user: userWith({ status: 'on', isInstalled: true }) });
    await settle();
    act(() => screen.getByRole('button', { name: 'disconnect' }).click());
    await settle();
    expect(error).toHaveBeenCalledWith(messages.extension.disconnectFailed);
    expect(probe().connected).toBe(true);
  });
});
