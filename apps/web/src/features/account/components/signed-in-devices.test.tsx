import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import type { DevicesResponse } from '@mediadiet/contract/account';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import { buildUser } from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/msw-server';
import { sessionHandlers } from '@/testing/handlers';

const text = messages.security;
const THIS = '00000000-0000-4000-8000-0000000000a1';
const PHONE = '00000000-0000-4000-8000-0000000000a2';
const KEY = '00000000-0000-4000-8000-0000000000b1';

const list = (overrides: Partial<DevicesResponse> = {}): DevicesResponse => ({
  success: true,
  sessions: [
    {
      id: THIS,
      browser: 'Chrome on Windows',
      place: '203.0.113.x',
      createdAt: '2025-03-01T10:00:00.000Z',
      lastSeenAt: '2025-03-02T10:00:00.000Z',
      current: true,
    },
    {
      id: PHONE,
      browser: 'Firefox on Android',
      place: '198.51.100.x',
      createdAt: '2025-02-20T10:00:00.000Z',
      lastSeenAt: '2025-03-01T08:30:00.000Z',
      current: false,
    },
  ],
  extensions: [
    {
      id: KEY,
      browser: 'Chrome on Windows',
      createdAt: '2025-02-21T10:00:00.000Z',
      lastUsedAt: '2025-03-02T09:00:00.000Z',
    },
  ],
  ...overrides,
});

function openSettings() {
  server.use(...sessionHandlers(buildUser()));
  localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
  const user = userEvent.setup();
  renderApp('/auth/dashboard?view=settings');
  return { user };
}

const region = () => screen.findByRole('region', { name: text.devicesTitle });
const toasts = () => within(screen.getByTestId('toasts'));

describe('Settings → Signed-in devices', () => {
  it('shows a loading state, then each device with its browser, place and last use, and this device marked', async () => {
    server.use(
      http.get('*/api/account/devices', async () => {
        await delay(150);
        return HttpResponse.json(list());
      }),
    );
    openSettings();
    const card = await region();
    expect(within(card).getByRole('status')).toHaveTextContent(text.devicesLoading);
    expect(await within(card).findByText('Firefox on Android')).toBeInTheDocument();
    expect(within(card).getByText(/near 198\.51\.100\.x · last active/)).toBeInTheDocument();
    expect(within(card).getByText(text.thisDevice)).toBeInTheDocument();
    expect(within(card).getByText('near 203.0.113.x · active now')).toBeInTheDocument();
    // This device signs out with Logout in the user menu: only the other device has a Sign out button.
    expect(within(card).getAllByRole('button', { name: new RegExp(`^${text.signOut}:`) })).toHaveLength(1);
    expect(within(card).getByRole('button', { name: /^Sign out: Firefox on Android/ })).toBeEnabled();
    expect(
      within(card).getByRole('button', { name: 'Disconnect: the extension in Chrome on Windows' }),
    ).toBeEnabled();
    expect(within(card).getByRole('button', { name: text.signOutOthers })).toBeEnabled();
  });

  it('shows the empty states: no other device, no paired browser', async () => {
    server.use(
      http.get('*/api/account/devices', () =>
        HttpResponse.json(list({ sessions: [list().sessions[0]!], extensions: [] })),
      ),
    );
    openSettings();
    const card = await region();
    expect(await within(card).findByText(text.noOtherDevices)).toBeInTheDocument();
    expect(within(card).getByText(text.noExtensions)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: text.signOutOthers })).toBeDisabled();
  });

  it('shows an error with Try again, which loads the list', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/account/devices', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ success: false, error: 'Internal server error' }, { status: 500 })
          : HttpResponse.json(list());
      }),
    );
    const { user } = openSettings();
    const card = await region();
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent(text.devicesFailed);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('Firefox on Android')).toBeInTheDocument();
  });

  it('signs one device out, then shows the list without it', async () => {
    let current = list();
    const signedOut: string[] = [];
    server.use(
      http.get('*/api/account/devices', () => HttpResponse.json(current)),
      http.delete('*/api/account/devices/sessions/:id', ({ params }) => {
        signedOut.push(String(params.id));
        current = list({ sessions: [list().sessions[0]!] });
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = openSettings();
    const card = await region();
    await user.click(await within(card).findByRole('button', { name: /^Sign out: Firefox on Android/ }));
    expect(await toasts().findByText(text.signedOutDevice)).toBeInTheDocument();
    expect(signedOut).toEqual([PHONE]);
    await waitFor(() => expect(within(card).queryByText('Firefox on Android')).not.toBeInTheDocument());
    expect(within(card).getByText(text.noOtherDevices)).toBeInTheDocument();
  });

  it('signs out everywhere else and disconnects a browser', async () => {
    const calls: string[] = [];
    server.use(
      http.get('*/api/account/devices', () => HttpResponse.json(list())),
      http.post('*/api/account/devices/sign-out-others', () => {
        calls.push('others');
        return HttpResponse.json({ success: true, signedOut: 1 });
      }),
      http.delete('*/api/account/devices/extensions/:id', ({ params }) => {
        calls.push(`extension ${String(params.id)}`);
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = openSettings();
    const card = await region();
    await user.click(await within(card).findByRole('button', { name: text.signOutOthers }));
    expect(await toasts().findByText(text.signedOutOthers)).toBeInTheDocument();
    await user.click(
      within(card).getByRole('button', { name: 'Disconnect: the extension in Chrome on Windows' }),
    );
    expect(await toasts().findByText(text.disconnectedBrowser)).toBeInTheDocument();
    expect(calls).toEqual(['others', `extension ${KEY}`]);
  });

  it('shows the server’s message when signing a device out fails', async () => {
    server.use(
      http.get('*/api/account/devices', () => HttpResponse.json(list())),
      http.delete('*/api/account/devices/sessions/:id', () =>
        HttpResponse.json({ success: false, error: text.deviceNotFound }, { status: 404 }),
      ),
    );
    const { user } = openSettings();
    const card = await region();
    await user.click(await within(card).findByRole('button', { name: /^Sign out: Firefox on Android/ }));
    expect(await toasts().findByText(text.deviceNotFound)).toBeInTheDocument();
  });
});
