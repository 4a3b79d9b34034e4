import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { messages } from '@mediadiet/contract/messages';
import type { MoodCheckIn } from '@mediadiet/contract/mood';
import { server } from '@/testing/msw-server';
import { createRetrylessQueryClient, renderRoutes } from '@/testing/render-router';
import { MOOD_CHECKIN_DISMISSED_KEY } from '@/lib/storage';
import { MoodCheckIn as MoodCheckInPrompt } from '@/features/mood/components/mood-check-in';

const TODAY = '2025-03-20';

const checkIn = (day: string, score: number): MoodCheckIn => ({
  day,
  score,
  note: null,
  createdAt: `${day}T09:00:00.000Z`,
  updatedAt: `${day}T09:00:00.000Z`,
});

/** The API as the prompt sees it: the stored check-ins, and what POST /api/mood received. */
function mockMood(initial: MoodCheckIn[] = []) {
  const stored = [...initial];
  const posted: unknown[] = [];
  let lists = 0;
  server.use(
    http.get('*/api/mood', () => {
      lists += 1;
      return HttpResponse.json({ success: true, today: TODAY, checkIns: stored });
    }),
    http.post('*/api/mood', async ({ request }) => {
      const body = (await request.json()) as { score: number; note?: string };
      posted.push(body);
      const row = { ...checkIn(TODAY, body.score), note: body.note ?? null };
      stored.unshift(row);
      return HttpResponse.json({ success: true, checkIn: row, replaced: false });
    }),
  );
  return { posted, lists: () => lists };
}

const render = () =>
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <div data-testid="slot">
            <MoodCheckInPrompt />
          </div>
        ),
      },
    ],
    {
      path: '/auth/dashboard',
      queryClient: createRetrylessQueryClient(),
    },
  );

/** Where the prompt renders: empty when it is not offered. */
const slot = () => screen.getByTestId('slot');

const prompt = () => screen.findByRole('region', { name: messages.mood.promptTitle });

afterEach(() => localStorage.clear());

describe('the daily mood check-in', () => {
  it('offers five labelled moods and saves one with a single tap, with the trimmed note', async () => {
    const api = mockMood();
    render();
    const region = await prompt();
    const group = within(region).getByRole('group', { name: messages.mood.promptTitle });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      '😞Very low',
      '😔Low',
      '😐Okay',
      '😊Good',
      '😄Very good',
    ]);
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Very low (1 of 5)',
      'Low (2 of 5)',
      'Okay (3 of 5)',
      'Good (4 of 5)',
      'Very good (5 of 5)',
    ]);
    await userEvent.type(
      within(region).getByRole('textbox', { name: messages.mood.noteLabel }),
      '  Slept well  ',
    );
    await userEvent.click(within(group).getByRole('button', { name: 'Good (4 of 5)' }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.mood.saved);
    expect(api.posted).toEqual([{ score: 4, note: 'Slept well' }]);
    expect(screen.queryByRole('region', { name: messages.mood.promptTitle })).not.toBeInTheDocument();
  });

  it('sends no note when none is written, and works from the keyboard', async () => {
    const api = mockMood();
    render();
    await prompt();
    await userEvent.tab(); // Not today
    await userEvent.tab(); // the note
    await userEvent.tab(); // Very low
    expect(screen.getByRole('button', { name: /Very low/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(messages.mood.saved);
    expect(api.posted).toEqual([{ score: 1 }]);
  });

  it("is not offered once today's check-in exists", async () => {
    const api = mockMood([checkIn(TODAY, 3), checkIn('2025-03-19', 2)]);
    render();
    await waitFor(() => expect(api.lists()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slot()).toBeEmptyDOMElement();
  });

  it('is offered when only earlier days have a check-in', async () => {
    mockMood([checkIn('2025-03-19', 2)]);
    render();
    expect(await prompt()).toBeInTheDocument();
  });

  it('can be put off for the day with “Not today”, and comes back the next day', async () => {
    mockMood();
    render();
    const region = await prompt();
    await userEvent.click(within(region).getByRole('button', { name: messages.mood.dismiss }));
    expect(screen.queryByRole('region', { name: messages.mood.promptTitle })).not.toBeInTheDocument();
    expect(localStorage.getItem(MOOD_CHECKIN_DISMISSED_KEY)).toBe(TODAY);
  });

  it('stays away on a day it was put off, and is offered again after it', async () => {
    localStorage.setItem(MOOD_CHECKIN_DISMISSED_KEY, TODAY);
    const api = mockMood();
    const { unmount } = render();
    await waitFor(() => expect(api.lists()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slot()).toBeEmptyDOMElement();
    unmount();
    localStorage.setItem(MOOD_CHECKIN_DISMISSED_KEY, '2025-03-19');
    render();
    expect(await prompt()).toBeInTheDocument();
  });

  it('shows nothing while the check-ins load', async () => {
    server.use(
      http.get('*/api/mood', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    render();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slot()).toBeEmptyDOMElement();
  });

  it('says when the check-ins could not be loaded, and tries again', async () => {
    let fail = true;
    server.use(
      http.get('*/api/mood', () =>
        fail
          ? HttpResponse.json({ success: false, error: 'boom' }, { status: 500 })
          : HttpResponse.json({ success: true, today: TODAY, checkIns: [] }),
      ),
    );
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.mood.loadFailed);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await prompt()).toBeInTheDocument();
  });

  it('keeps the choices and says why when saving fails', async () => {
    mockMood();
    let status = 400;
    server.use(
      http.post('*/api/mood', () =>
        HttpResponse.json(
          {
            success: false,
            error: status === 400 ? 'body.note: The note is too long: at most 280 characters' : 'x',
          },
          { status },
        ),
      ),
    );
    render();
    const region = await prompt();
    await userEvent.click(within(region).getByRole('button', { name: /Okay/ }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The note is too long: at most 280 characters',
    );
    status = 500;
    await userEvent.click(within(region).getByRole('button', { name: /Okay/ }));
    await waitFor(() =>
      expect(within(region).getByRole('alert')).toHaveTextContent(messages.mood.saveFailed),
    );
    expect(within(region).getAllByRole('button', { name: /of 5/ })).toHaveLength(5);
  });
});
