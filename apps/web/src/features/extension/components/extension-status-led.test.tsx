import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { buildUser } from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import type { UserExtension } from '@mediadiet/contract/user';
import { server } from '@/testing/msw-server';
import { ExtensionStatusLed } from '@/features/extension/components/extension-status-led';
import { installFakeChrome, type FakeChrome } from '@/testing/fake-chrome';
import { renderWithExtension } from '@/features/extension/testing/render-extension';
import { resetWarningThrottle } from '@/features/extension/utils/warning-throttle';

let chrome: FakeChrome;
beforeEach(() => {
  resetWarningThrottle();
  chrome = installFakeChrome(true);
  server.use(
    http.post('*/api/extension/installation', async ({ request }) => {
      const { isInstalled } = (await request.json()) as { isInstalled: boolean };
      return HttpResponse.json({ success: true, extension: { status: 'off', isInstalled } });
    }),
  );
});
afterEach(() => chrome.uninstall());

const user = (extension: UserExtension) =>
  buildUser({ extension, state: { hasHadFreeTrial: true, shouldShowExtensionWizard: false } });

describe('header LED (spec §2 Header)', () => {
  it("gray 'Create Subscription' without a subscription opens the setup flow's 'Create a Subscription'; View plans goes to the subscription page", async () => {
    renderWithExtension(<ExtensionStatusLed />, {
      user: user({ status: null, isInstalled: false }),
      hasSubscription: false,
    });
    const led = screen.getByRole('button', { name: 'Extension status: Create Subscription' });
    expect(led).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(led);
    const dialog = await screen.findByRole('dialog', { name: 'Create a Subscription' });
    expect(dialog).toHaveTextContent('You must have a subscription to configure the browser extension');
    expect(screen.getByTestId('location')).not.toHaveTextContent('/subscription');
    await userEvent.click(within(dialog).getByRole('button', { name: 'View plans' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/subscription');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("red 'Setup Required' when not connected; a click (or Enter) opens the setup wizard", async () => {
    renderWithExtension(<ExtensionStatusLed />, { user: user({ status: 'off', isInstalled: true }) });
    const led = screen.getByRole('button', { name: 'Extension status: Setup Required' });
    led.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it("green 'Connected' opens the extension settings: Manage Protected Sites goes to the Ignored Sites view", async () => {
    renderWithExtension(<ExtensionStatusLed />, { user: user({ status: 'on', isInstalled: true }) });
    await userEvent.click(screen.getByRole('button', { name: 'Extension status: Connected' }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: messages.extension.manageProtectedSites }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/dashboard?view=urlManagement');
  });

  it('Disconnect Extension calls DELETE /api/extension and the LED turns red', async () => {
    let deleted = false;
    server.use(
      http.delete('*/api/extension', () => {
        deleted = true;
        return HttpResponse.json({ success: true, extension: { status: 'off', isInstalled: true } });
      }),
    );
    renderWithExtension(<ExtensionStatusLed />, { user: user({ status: 'on', isInstalled: true }) });
    await userEvent.click(screen.getByRole('button', { name: 'Extension status: Connected' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: messages.extension.disconnect }));
    await waitFor(() => expect(deleted).toBe(true));
    expect(await screen.findByRole('button', { name: 'Extension status: Setup Required' })).toBeInTheDocument();
  });

  it('shows nothing while the subscription is loading', () => {
    const { container } = renderWithExtension(<ExtensionStatusLed />, {
      user: user({ status: null, isInstalled: false }),
      hasSubscription: undefined,
    });
    expect(within(container).queryByRole('button')).not.toBeInTheDocument();
  });
});
