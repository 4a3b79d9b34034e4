import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import { buildUser } from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import type { Preferences, PreferencesUpdate } from '@mediadiet/contract/preferences';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import * as timeZones from '@/lib/time-zones';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/msw-server';
import { sessionHandlers } from '@/testing/handlers';

const text = messages.preferences;

/**
 * The preferences the server holds, changed by PATCH; every PATCH body is kept. With `held`, each PATCH is
 * answered only once `release()` is called (to see the saving state).
 */
function preferencesServer(
  initial: Preferences,
  {
    answer,
    held = false,
  }: { answer?: (body: PreferencesUpdate) => Response | undefined; held?: boolean } = {},
) {
  let current = initial;
  const patches: PreferencesUpdate[] = [];
  let release = () => {};
  server.use(
    http.get('*/api/account/preferences', () => HttpResponse.json({ success: true, preferences: current })),
    http.patch('*/api/account/preferences', async ({ request }) => {
      const body = (await request.json()) as PreferencesUpdate;
      patches.push(body);
      if (held) await new Promise<void>((resolve) => (release = resolve));
      const refused = answer?.(body);
      if (refused) return refused;
      current = { ...current, ...body };
      return HttpResponse.json({ success: true, preferences: current });
    }),
  );
  return { patches, current: () => current, release: () => release() };
}

function openSettings(queryClient = createQueryClient()) {
  server.use(...sessionHandlers(buildUser()));
  localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
  const user = userEvent.setup();
  renderApp('/auth/dashboard?view=settings', { queryClient });
  return { user, queryClient };
}

const card = () => screen.findByRole('region', { name: text.title });
const toasts = () => within(screen.getByTestId('toasts'));
const zoneInput = async () => within(await card()).findByRole('combobox', { name: text.timeZoneLabel });

describe('Settings → Preferences', () => {
  it('shows a loading state, then the account’s zone and the weekly letter switch', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/account/preferences', async () => {
        await answered;
        return HttpResponse.json({
          success: true,
          preferences: { timeZone: 'Asia/Tokyo', weeklyLetter: true },
        });
      }),
    );
    openSettings();
    const region = await card();
    expect(within(region).getByRole('status')).toHaveTextContent(text.loading);
    answer();
    expect(await zoneInput()).toHaveValue('Asia/Tokyo');
    expect(within(region).getByRole('heading', { name: text.timeZoneTitle })).toBeInTheDocument();
    expect(within(region).getByText(/^It is .+ there \(GMT\+9\)\.$/)).toBeInTheDocument();
    const letter = within(region).getByRole('switch', { name: text.weeklyLetterLabel });
    expect(letter).toBeChecked();
    expect(within(region).getByRole('heading', { name: text.weeklyLetterTitle })).toBeInTheDocument();
  });

  it('shows an error with Try again, which loads the preferences', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/account/preferences', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ success: false, error: 'Not allowed' }, { status: 403 })
          : HttpResponse.json({ success: true, preferences: { timeZone: 'UTC', weeklyLetter: false } });
      }),
    );
    const { user } = openSettings();
    const region = await card();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent(text.loadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await zoneInput()).toHaveValue('UTC');
  });

  it('finds a zone by typing, chooses it with the keyboard, saves it and says so', async () => {
    const api = preferencesServer({ timeZone: 'UTC', weeklyLetter: false });
    const { user, queryClient } = openSettings();
    // Cut in the old zone: refetched once the new one is saved.
    queryClient.setQueryData(queryKeys.goals, []);
    queryClient.setQueryData(queryKeys.moodCheckIns, { today: '2025-03-01', checkIns: [] });
    const input = await zoneInput();
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: text.timeZoneLabel });
    // The current zone is chosen and active.
    expect(within(list).getByRole('option', { name: /^UTC/, selected: true })).toBeInTheDocument();
    expect(input.getAttribute('aria-activedescendant')).toBe(
      within(list).getByRole('option', { selected: true }).id,
    );

    await user.type(input, 'new york');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringMatching(/^America\/New York\s*GMT-[45]$/)]);
    expect(screen.getByText(text.timeZoneMatches(1))).toBeInTheDocument();
    await user.keyboard('{Enter}');

    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(await toasts().findByText(text.timeZoneSaved('America/New York'))).toBeInTheDocument();
    expect(api.patches).toEqual([{ timeZone: 'America/New_York' }]);
    expect(input).toHaveValue('America/New York');
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.goals)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(queryKeys.moodCheckIns)?.isInvalidated).toBe(true);
  });

  it('moves through the list with the arrows, closes with Escape and keeps the zone', async () => {
    const api = preferencesServer({ timeZone: 'Europe/Berlin', weeklyLetter: false });
    const { user } = openSettings();
    const input = await zoneInput();
    await user.click(input);
    await user.type(input, 'europe/b');
    const list = screen.getByRole('listbox');
    const names = within(list)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names.length).toBeGreaterThan(3);
    expect(names.every((name) => name?.startsWith('Europe/B'))).toBe(true);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(active).toHaveTextContent(names[2]!);
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Europe/Berlin');

    await user.type(input, 'atlantis');
    expect(screen.getByText(text.timeZoneNoMatch('atlantis'))).toBeInTheDocument();
    await user.tab();
    expect(input).toHaveValue('Europe/Berlin');
    expect(api.patches).toEqual([]);
  });

  it('offers the browser’s zone when the account’s is another, and saves it with one click', async () => {
    vi.spyOn(timeZones, 'browserTimeZone').mockReturnValue('Europe/Berlin');
    const api = preferencesServer({ timeZone: 'UTC', weeklyLetter: false }, { held: true });
    const { user } = openSettings();
    const region = await card();
    expect(await within(region).findByText(text.browserZone('Europe/Berlin'))).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: text.useBrowserZone('Europe/Berlin') }));
    expect(await zoneInput()).toBeDisabled();
    expect(within(region).getByRole('status')).toHaveTextContent(text.timeZoneSaving);
    await waitFor(() => expect(api.patches).toHaveLength(1));
    api.release();
    expect(await toasts().findByText(text.timeZoneSaved('Europe/Berlin'))).toBeInTheDocument();
    expect(api.patches).toEqual([{ timeZone: 'Europe/Berlin' }]);
    await waitFor(() => expect(within(region).queryByText(text.browserZone('Europe/Berlin'))).toBeNull());
    expect(await zoneInput()).toBeEnabled();
  });

  it('shows the server’s refusal in a toast and keeps the zone it had', async () => {
    preferencesServer(
      { timeZone: 'Asia/Tokyo', weeklyLetter: false },
      { answer: () => HttpResponse.json({ success: false, error: text.timeZoneUnknown }, { status: 400 }) },
    );
    const { user } = openSettings();
    const input = await zoneInput();
    await user.click(input);
    await user.type(input, 'kolkata');
    await user.click(within(screen.getByRole('listbox')).getAllByRole('option')[0]!);
    expect(await toasts().findByText(text.timeZoneUnknown)).toBeInTheDocument();
    expect(input).toHaveValue('Asia/Tokyo');
    expect(input).toBeEnabled();
  });

  it('turns the weekly letter on and off with the switch (a click or the keyboard)', async () => {
    const api = preferencesServer({ timeZone: 'UTC', weeklyLetter: false }, { held: true });
    const { user } = openSettings();
    const region = await card();
    const letter = await within(region).findByRole('switch', { name: text.weeklyLetterLabel });
    expect(letter).not.toBeChecked();
    await user.click(letter);
    // Shown as asked while it is saved.
    expect(letter).toBeChecked();
    expect(letter).toBeDisabled();
    await waitFor(() => expect(api.patches).toHaveLength(1));
    api.release();
    expect(await toasts().findByText(text.weeklyLetterOn)).toBeInTheDocument();
    await waitFor(() => expect(letter).toBeEnabled());
    letter.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(api.patches).toHaveLength(2));
    api.release();
    expect(await toasts().findByText(text.weeklyLetterOff)).toBeInTheDocument();
    await waitFor(() => expect(letter).not.toBeChecked());
    expect(api.patches).toEqual([{ weeklyLetter: true }, { weeklyLetter: false }]);
  });
});
