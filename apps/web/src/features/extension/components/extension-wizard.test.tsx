import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { buildUser } from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import type { User } from '@mediadiet/contract/user';
import { DEFAULT_STORE_URLS } from '@/config/env';
import { server } from '@/testing/msw-server';
import { ExtensionStatusLed } from '@/features/extension/components/extension-status-led';
import { ExtensionWizard } from '@/features/extension/components/extension-setup-wizard';
import { ExtensionWizardAuto } from '@/features/extension/components/extension-wizard';
import { installFakeChrome, type FakeChrome } from '@/testing/fake-chrome';
import { renderWithExtension } from '@/features/extension/testing/render-extension';
import { resetWarningThrottle } from '@/features/extension/utils/warning-throttle';

/** apps/web, found from this file: `npm run test:unit` runs every workspace from the repository's root. */
const WEB_ROOT = path.join(import.meta.dirname, '../../../..');

let chrome: FakeChrome;
let wizardShownCalls: number;

const subscriber = (overrides: Partial<User> = {}) =>
  buildUser({
    extension: { status: 'off', isInstalled: false },
    state: { hasHadFreeTrial: true, shouldShowExtensionWizard: true },
    ...overrides,
  });

beforeEach(() => {
  resetWarningThrottle();
  chrome = installFakeChrome(false);
  wizardShownCalls = 0;
  server.use(
    http.patch('*/api/subscription/chrome', () => {
      wizardShownCalls += 1;
      return HttpResponse.json({
        success: true,
        user: subscriber({ state: { hasHadFreeTrial: true, shouldShowExtensionWizard: false } }),
      });
    }),
    http.post('*/api/extension/installation', async ({ request }) => {
      const { isInstalled } = (await request.json()) as { isInstalled: boolean };
      return HttpResponse.json({ success: true, extension: { status: 'off', isInstalled } });
    }),
    http.get('*/api/extension/auth', () => HttpResponse.json({ success: true, apiKey: 'k'.repeat(32) })),
  );
});
afterEach(() => {
  chrome.uninstall();
  vi.useRealTimers();
});

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 4; i += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

describe('extension wizard (spec §2 "Extension wizard", §4)', () => {
  it("without a subscription: 'Create a Subscription' and why; closing does not mark the wizard shown", async () => {
    const onClose = vi.fn();
    renderWithExtension(<ExtensionWizard open onClose={onClose} />, { user: subscriber(), hasSubscription: false });
    const dialog = screen.getByRole('dialog', { name: messages.extension.wizardNoSubscriptionTitle });
    expect(dialog).toHaveTextContent(messages.extension.wizardNoSubscriptionText);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(wizardShownCalls).toBe(0);
  });

  it('Phase I: Install has a captioned tutorial video served by us', () => {
    renderWithExtension(<ExtensionWizard open onClose={() => {}} browser="chrome" />, { user: subscriber() });
    const dialog = screen.getByRole('dialog', { name: messages.extension.phaseInstall });
    const video = dialog.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video).not.toHaveAttribute('autoplay');
    expect(video.querySelector('source')).toHaveAttribute('src', '/tutorial/install-extension.webm');
    const track = video.querySelector('track')!;
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', '/tutorial/install-extension.vtt');
    expect(track).toHaveAttribute('srclang', 'en');
    expect(video).toHaveAccessibleDescription(/Tutorial video \(20 seconds, captioned\)/);

    // The files are in the app (no third-party embed), small, and the captions are WebVTT with a cue per step.
    const video$ = statSync(path.join(WEB_ROOT, 'public/tutorial/install-extension.webm'));
    expect(video$.size).toBeGreaterThan(1_000);
    expect(video$.size).toBeLessThan(1_500_000);
    const vtt = readFileSync(path.join(WEB_ROOT, 'public/tutorial/install-extension.vtt'), 'utf8');
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(vtt.match(/-->/g)).toHaveLength(4);
  });

  it('Phase I: Install links the detected browser’s store and explains the steps', () => {
    renderWithExtension(<ExtensionWizard open onClose={() => {}} browser="firefox" />, { user: subscriber() });
    expect(screen.getByRole('dialog', { name: messages.extension.phaseInstall })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Add to Firefox (opens in a new tab)' });
    expect(link).toHaveAttribute('href', DEFAULT_STORE_URLS.firefox);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('button', { name: messages.extension.skipForNow })).toBeInTheDocument();
  });

  it('Safari and unknown browsers get an explanation and the Chrome and Firefox stores', () => {
    renderWithExtension(<ExtensionWizard open onClose={() => {}} browser="safari" />, { user: subscriber() });
    expect(screen.getByText(/not available for Safari yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to Chrome (opens in a new tab)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to Firefox (opens in a new tab)' })).toBeInTheDocument();
  });

  it('after install is clicked, detects every 5 s and moves to Phase II: Connect 1 s after detection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    renderWithExtension(<ExtensionWizard open onClose={() => {}} browser="chrome" />, { user: subscriber() });
    fireEvent.click(screen.getByRole('link', { name: 'Add to Chrome (opens in a new tab)' }));
    expect(screen.getByRole('status')).toHaveTextContent('check 1 of 3');

    await advance(5000 + 2000); // first detection: nobody answers within the 2 s wait
    expect(screen.getByRole('status')).toHaveTextContent('check 2 of 3');
    chrome.installed = true;
    await advance(4999);
    expect(screen.getByRole('status')).toHaveTextContent('check 2 of 3');
    await advance(1);
    expect(screen.getByRole('status')).toHaveTextContent('Extension detected!');
    await advance(999);
    expect(screen.getByRole('dialog', { name: messages.extension.phaseInstall })).toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('dialog', { name: messages.extension.phaseConnect })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.extension.connectNow })).toBeInTheDocument();
  });

  it('gives up after 3 detections and offers to check again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    renderWithExtension(<ExtensionWizard open onClose={() => {}} browser="chrome" />, { user: subscriber() });
    fireEvent.click(screen.getByRole('link', { name: 'Add to Chrome (opens in a new tab)' }));
    await advance(7000);
    await advance(7000);
    expect(screen.getByRole('status')).toHaveTextContent('check 3 of 3');
    await advance(7000);
    expect(screen.getByRole('status')).toHaveTextContent("We couldn't detect the extension yet.");
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(screen.getByRole('status')).toHaveTextContent('check 1 of 3');
  });

  it('Skip for now marks the wizard shown (PATCH /api/subscription/chrome) and hides it', async () => {
    const onClose = vi.fn();
    renderWithExtension(<ExtensionWizard open onClose={onClose} browser="chrome" />, { user: subscriber() });
    await userEvent.click(screen.getByRole('button', { name: messages.extension.skipForNow }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(wizardShownCalls).toBe(1));
  });

  it('closing marks the wizard shown too', async () => {
    const onClose = vi.fn();
    renderWithExtension(<ExtensionWizard open onClose={onClose} browser="chrome" />, { user: subscriber() });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(wizardShownCalls).toBe(1));
  });

  it('from the red LED: Connect Now → Setup Complete! → Continue to Dashboard (no Skip once connected)', async () => {
    chrome.installed = true;
    renderWithExtension(<ExtensionStatusLed />, {
      user: subscriber({ extension: { status: 'off', isInstalled: true } }),
      path: '/subscription',
    });
    await waitFor(() => expect(chrome.typesSent()).toContain('PING'));
    await userEvent.click(await screen.findByRole('button', { name: 'Extension status: Setup Required' }));
    // Installed already (the check found it): the wizard opens at Phase II.
    expect(await screen.findByRole('dialog', { name: messages.extension.phaseConnect })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: messages.extension.connectNow }));
    expect(await screen.findByRole('dialog', { name: messages.extension.setupComplete })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.extension.skipForNow })).not.toBeInTheDocument();
    expect(chrome.sent.find((s) => s.message.type === 'CONNECT_EXTENSION')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: messages.extension.continueToDashboard }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/dashboard');
    await waitFor(() => expect(wizardShownCalls).toBe(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a failed connect shows the error in the wizard and keeps Connect Now for a retry', async () => {
    chrome.installed = true;
    chrome.replies.CONNECT_EXTENSION = () => ({ success: false, error: 'Failed to verify extension' });
    renderWithExtension(<ExtensionStatusLed />, { user: subscriber({ extension: { status: 'off', isInstalled: true } }) });
    await waitFor(() => expect(chrome.typesSent()).toContain('PING'));
    await userEvent.click(await screen.findByRole('button', { name: 'Extension status: Setup Required' }));
    await userEvent.click(await screen.findByRole('button', { name: messages.extension.connectNow }));
    const dialog = screen.getByRole('dialog', { name: messages.extension.phaseConnect });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.extension.establishFailed);
    expect(screen.getByRole('button', { name: messages.extension.connectNow })).toBeEnabled();
  });

  it('shows by itself only when the user state says so and a subscription exists', async () => {
    const first = renderWithExtension(<ExtensionWizardAuto />, { user: subscriber(), hasSubscription: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();
    const second = renderWithExtension(<ExtensionWizardAuto />, {
      user: subscriber({ state: { hasHadFreeTrial: true, shouldShowExtensionWizard: false } }),
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    second.unmount();
    renderWithExtension(<ExtensionWizardAuto />, { user: subscriber() });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
