import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import { buildUser } from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/msw-server';
import { sessionHandlers } from '@/testing/handlers';

const text = messages.letter;

async function openSettings() {
  server.use(...sessionHandlers(buildUser()));
  localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
  const user = userEvent.setup();
  renderApp('/auth/dashboard?view=settings');
  const region = await screen.findByRole('region', { name: messages.preferences.title });
  // The switch is loaded first: the letter's section is in place.
  await within(region).findByRole('switch', { name: messages.preferences.weeklyLetterLabel });
  return { user, region };
}

describe('Settings → Preferences → Weekly letter', () => {
  it('says what the letter is and offers, beside its switch, to send this week’s letter now', async () => {
    const { region } = await openSettings();
    expect(within(region).getByRole('heading', { name: messages.preferences.weeklyLetterTitle })).toBeInTheDocument();
    expect(within(region).getByText(messages.preferences.weeklyLetterDescription)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: text.sendNow })).toBeEnabled();
    // One section about the letter in Settings, not two.
    expect(screen.getAllByRole('heading', { name: messages.preferences.weeklyLetterTitle })).toHaveLength(1);
  });

  it('sends it: pending while the call runs, then the server’s answer', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/digest/send', async () => {
        calls += 1;
        await delay(150);
        return HttpResponse.json({ success: true, message: text.sentNow });
      }),
    );
    const { user, region } = await openSettings();
    await user.click(within(region).getByRole('button', { name: text.sendNow }));
    const pending = within(region).getByRole('button', { name: text.sending });
    expect(pending).toBeDisabled();
    expect(pending).toHaveAttribute('aria-busy', 'true');
    expect(await within(region).findByText(text.sentNow)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: text.sendNow })).toBeEnabled();
    expect(calls).toBe(1);
  });

  it('shows the server’s refusal (a few an hour), and the button stays to try later', async () => {
    server.use(
      http.post('*/api/digest/send', () =>
        HttpResponse.json({ success: false, error: messages.server.rateLimited }, { status: 429 }),
      ),
    );
    const { user, region } = await openSettings();
    await user.click(within(region).getByRole('button', { name: text.sendNow }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(messages.server.rateLimited);
    await waitFor(() => expect(within(region).getByRole('button', { name: text.sendNow })).toBeEnabled());
    expect(within(region).queryByText(text.sentNow)).toBeNull();
  });
});
