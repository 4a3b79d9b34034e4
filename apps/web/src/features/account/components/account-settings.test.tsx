import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import { buildAccountExport, buildUser } from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/msw-server';
import { sessionHandlers } from '@/testing/handlers';
import { ACCOUNT_DELETED_MESSAGE } from '@/features/account/components/account-settings';
import { exportFileName } from '@/features/account/api/export-account';

const account = buildUser({ name: 'Ada Lovelace', email: 'Ada@Example.com' });

async function openSettings() {
  server.use(...sessionHandlers(account));
  localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
  localStorage.setItem('questionnaire_progress', '{}');
  const user = userEvent.setup();
  const view = renderApp('/auth/dashboard');
  const region = await screen.findByRole('region', { name: 'Your account' });
  await within(region).findByText(account.email);
  return { user, region, ...view };
}

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

function exportBody() {
  return buildAccountExport({ exportedAt: '2025-02-01T10:00:00.000Z', user: account });
}

describe('AccountSettings', () => {
  it('shows the name and e-mail under "Your account"', async () => {
    const { region } = await openSettings();
    expect(within(region).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(region).getByRole('heading', { name: 'Your account' })).toBeInTheDocument();
  });

  it("shows 'Failed to fetch account info' when the account cannot be loaded", async () => {
    server.use(
      http.post('*/auth/loggedin', () => HttpResponse.json({ success: true, loggedIn: true, user: account })),
      http.get('*/api/account/info', () =>
        HttpResponse.json({ success: false, error: 'Not allowed' }, { status: 403 }),
      ),
    );
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
    renderApp('/auth/dashboard');
    const region = await screen.findByRole('region', { name: 'Your account' });
    expect(await within(region).findByText(messages.loading.accountInfo)).toBeInTheDocument();
  });

  it('"Download my data" fetches the export and offers it as a JSON file', async () => {
    const body = exportBody();
    server.use(http.get('*/api/account/export', () => HttpResponse.json(body)));
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user, region } = await openSettings();

    await user.click(within(region).getByRole('button', { name: 'Download my data' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe(exportFileName('Media Diet'));
    expect(clicked[0]!.download).toMatch(/^media-diet-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(clicked[0]!.href).toBe('blob:export');
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await readText(blob))).toEqual(body);
  });

  it('shows the error when the export fails', async () => {
    server.use(
      http.get('*/api/account/export', () =>
        HttpResponse.json({ success: false, error: 'Export failed' }, { status: 500 }),
      ),
    );
    const { user, region } = await openSettings();
    await user.click(within(region).getByRole('button', { name: 'Download my data' }));
    expect(await within(screen.getByTestId('toasts')).findByText('Export failed')).toBeInTheDocument();
  });

  it('deletes the account only after the exact e-mail is typed, then clears storage and goes to sign-in', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.delete('*/api/account', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true });
      }),
    );
    const { user, region, router } = await openSettings();
    await user.click(within(region).getByRole('button', { name: 'Delete account' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    const field = within(dialog).getByLabelText('Type your e-mail address to confirm');
    expect(field).toHaveFocus();
    expect(confirm).toBeDisabled();

    await user.type(field, 'ada@example.co');
    expect(confirm).toBeDisabled();
    await user.type(field, '{Enter}');
    expect(bodies).toEqual([]);

    await user.type(field, 'm');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(bodies).toEqual([{ confirmEmail: 'ada@example.com' }]);
    expect(localStorage.length).toBe(0);
    expect(
      await within(screen.getByTestId('toasts')).findByText(ACCOUNT_DELETED_MESSAGE),
    ).toBeInTheDocument();
    // The sign-in page is loaded lazily: on a busy machine it can arrive after the toast.
    expect(await screen.findByRole('button', { name: 'Continue with Email' })).toBeInTheDocument();
  });

  it('keeps the user signed in and shows the error when deletion fails; Cancel closes', async () => {
    server.use(
      http.delete('*/api/account', () =>
        HttpResponse.json({ success: false, error: messages.server.confirmEmailMismatch }, { status: 400 }),
      ),
    );
    const { user, region, router } = await openSettings();
    await user.click(within(region).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Type your e-mail address to confirm'), account.email);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByText(messages.server.confirmEmailMismatch)).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('tok');
    expect(router.state.location.pathname).toBe('/auth/dashboard');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
