import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import { buildUser } from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import { DEFAULT_PROTECTED_SITES } from '@mediadiet/contract/urls';
import { server } from '@/testing/msw-server';
import { sessionHandlers } from '@/testing/handlers';
import { renderApp } from '@/testing/render-app';
import { installFakeChrome } from '@/testing/fake-chrome';

const fail = () => HttpResponse.json({ success: false, error: 'boom' }, { status: 500 });

function signedInWithSites(initial: string[]) {
  let current = [...initial];
  const calls = { added: [] as string[], removed: [] as string[] };
  server.use(
    ...sessionHandlers(buildUser({ state: { hasHadFreeTrial: true, shouldShowExtensionWizard: false } })),
    http.get('*/api/account/urls', () => HttpResponse.json({ success: true, urls: { current } })),
    http.post('*/api/account/urls', async ({ request }) => {
      const { url } = (await request.json()) as { url: string };
      calls.added.push(url);
      current = [...current, url];
      return HttpResponse.json({ success: true, urls: { current } });
    }),
    http.delete('*/api/account/urls/:url', ({ params }) => {
      const url = decodeURIComponent(String(params.url));
      calls.removed.push(url);
      current = current.filter((u) => u !== url);
      return HttpResponse.json({ success: true, urls: { current } });
    }),
    http.get('*/api/extension/disabled', () =>
      HttpResponse.json({ success: true, urls: { current, defaults: DEFAULT_PROTECTED_SITES } }),
    ),
  );
  localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
  return calls;
}

const open = () => renderApp('/auth/dashboard?view=urlManagement');
const toasts = () => within(screen.getByTestId('toasts'));

describe('Ignored Sites screen (spec §2, §5, §8)', () => {
  it("is titled 'Ignored Sites' and lists the user's sites in a table with remove buttons", async () => {
    signedInWithSites(['news.com', 'gossip.net']);
    open();
    expect(await screen.findByRole('heading', { level: 2, name: messages.urls.title })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Your ignored websites' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('button', { name: 'Remove news.com' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('warns about an empty domain and an invalid one, sending nothing', async () => {
    const calls = signedInWithSites([]);
    open();
    const input = await screen.findByRole('textbox', { name: 'Website domain' });
    await userEvent.type(input, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add site' }));
    expect(await toasts().findByText(messages.urls.emptyDomain)).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'not a domain');
    await userEvent.click(screen.getByRole('button', { name: 'Add site' }));
    expect(await toasts().findByText('Please enter a valid domain (e.g., example.com)')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls.added).toEqual([]);
  });

  it('adds a trimmed, lower-cased domain with a success toast', async () => {
    const calls = signedInWithSites([]);
    open();
    const input = await screen.findByRole('textbox', { name: 'Website domain' });
    await userEvent.type(input, '  Example.org {Enter}');
    expect(await toasts().findByText('Added example.org to ignored sites')).toBeInTheDocument();
    expect(calls.added).toEqual(['example.org']);
    expect(await screen.findByRole('button', { name: 'Remove example.org' })).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('tells the extension to refetch its list after an add and after a remove (not after a failure)', async () => {
    const chrome = installFakeChrome(true);
    try {
      signedInWithSites(['news.com']);
      server.use(
        http.post('*/api/extension/installation', () =>
          HttpResponse.json({ success: true, extension: { status: 'off', isInstalled: true } }),
        ),
      );
      open();
      await userEvent.type(
        await screen.findByRole('textbox', { name: 'Website domain' }),
        'example.org{Enter}',
      );
      expect(await toasts().findByText('Added example.org to ignored sites')).toBeInTheDocument();
      await waitFor(() => expect(chrome.typesSent().filter((t) => t === 'DISABLED_CHANGED')).toHaveLength(1));
      await userEvent.click(screen.getByRole('button', { name: 'Remove news.com' }));
      expect(await toasts().findByText('Removed news.com from ignored sites')).toBeInTheDocument();
      await waitFor(() => expect(chrome.typesSent().filter((t) => t === 'DISABLED_CHANGED')).toHaveLength(2));
      server.use(http.post('*/api/account/urls', fail));
      await userEvent.type(screen.getByRole('textbox', { name: 'Website domain' }), 'other.org{Enter}');
      expect(await toasts().findByText(messages.urls.addFailed)).toBeInTheDocument();
      expect(chrome.typesSent().filter((t) => t === 'DISABLED_CHANGED')).toHaveLength(2);
    } finally {
      chrome.uninstall();
    }
  });

  it('accepts real sites the spec pattern refused: x.com, fb.com, bbc.co.uk, news.ycombinator.com (decision 113)', async () => {
    const calls = signedInWithSites([]);
    open();
    const input = await screen.findByRole('textbox', { name: 'Website domain' });
    for (const domain of ['x.com', 'fb.com', 'bbc.co.uk', 'news.ycombinator.com']) {
      await userEvent.type(input, `${domain}{Enter}`);
      expect(await screen.findByRole('button', { name: `Remove ${domain}` })).toBeInTheDocument();
    }
    expect(calls.added).toEqual(['x.com', 'fb.com', 'bbc.co.uk', 'news.ycombinator.com']);
  }, 20_000);

  it('shows the server’s refusal without its field prefix', async () => {
    signedInWithSites([]);
    server.use(
      http.post('*/api/account/urls', () =>
        HttpResponse.json(
          { success: false, error: 'body.url: Please enter a valid domain (e.g., example.com)' },
          { status: 400 },
        ),
      ),
    );
    open();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Website domain' }),
      'example.org{Enter}',
    );
    expect(await toasts().findByText('Please enter a valid domain (e.g., example.com)')).toBeInTheDocument();
    expect(toasts().queryByText(/body\.url/)).not.toBeInTheDocument();
  });

  it("toasts 'Failed to add site' when the server refuses", async () => {
    signedInWithSites([]);
    server.use(http.post('*/api/account/urls', fail));
    open();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Website domain' }),
      'example.org{Enter}',
    );
    expect(await toasts().findByText(messages.urls.addFailed)).toBeInTheDocument();
  });

  it('removes a site with a success toast, or toasts the failure', async () => {
    const calls = signedInWithSites(['news.com', 'gossip.net']);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove news.com' }));
    expect(await toasts().findByText('Removed news.com from ignored sites')).toBeInTheDocument();
    expect(calls.removed).toEqual(['news.com']);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove news.com' })).not.toBeInTheDocument(),
    );

    server.use(http.delete('*/api/account/urls/:url', fail));
    await userEvent.click(screen.getByRole('button', { name: 'Remove gossip.net' }));
    expect(await toasts().findByText(messages.urls.removeFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove gossip.net' })).toBeInTheDocument();
  });

  it("'Default Protected Websites' is collapsed at first and lists the defaults by category with lock icons", async () => {
    signedInWithSites([]);
    open();
    const toggle = await screen.findByRole('button', { name: new RegExp(messages.urls.defaultsTitle) });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const group of DEFAULT_PROTECTED_SITES) {
      const section = await screen.findByRole('region', { name: group.category });
      expect(within(section).getAllByRole('listitem')).toHaveLength(group.urls.length);
      expect(within(section).getAllByRole('img', { name: 'Protected' })).toHaveLength(group.urls.length);
    }
    expect(screen.getByText('paypal.com')).toBeInTheDocument();
  });

  it("says 'Failed to fetch default blocked URLs' when the defaults cannot be loaded", async () => {
    signedInWithSites([]);
    server.use(http.get('*/api/extension/disabled', fail));
    open();
    await userEvent.click(
      await screen.findByRole('button', { name: new RegExp(messages.urls.defaultsTitle) }),
    );
    expect(await screen.findByText(messages.loading.defaultBlockedUrls)).toBeInTheDocument();
  });

  it('back and close return to the settings view, which links back here', async () => {
    signedInWithSites([]);
    const { router } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(router.state.location.search).toBe('?view=settings');
    await userEvent.click(await screen.findByRole('link', { name: 'Manage ignored sites' }));
    expect(router.state.location.search).toBe('?view=urlManagement');
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('?view=settings');
  });
});
