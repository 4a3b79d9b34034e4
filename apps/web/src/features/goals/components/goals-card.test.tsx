import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import { buildSubscription, buildSubscriptionInfo, buildUser } from '@mediadiet/contract/fixtures';
import type { Goal, GoalProgress, GoalWithProgress } from '@mediadiet/contract/goals';
import { messages } from '@mediadiet/contract/messages';
import { analysisCreatedEvent } from '@mediadiet/contract/realtime';
import { buildAnalysis } from '@mediadiet/contract/fixtures';
import { server } from '@/testing/msw-server';
import { sessionHandlers } from '@/testing/handlers';
import { fakeSockets } from '@/testing/fake-socket-io';
import { renderApp } from '@/testing/render-app';
import { GOAL_NUDGES_STORAGE_KEY, nudgeDay } from '@/features/goals/utils/nudges';

const text = messages.goals;

const drainingAtRisk: GoalWithProgress = {
  goal: { kind: 'draining_share', target: 25 },
  progress: {
    period: 'week',
    current: 23,
    target: 25,
    pages: 30,
    status: 'at_risk',
    sentence: 'Draining pages: 23\u00a0% of this week (goal: under 25\u00a0%)',
  },
};
const upliftingOnTrack: GoalWithProgress = {
  goal: { kind: 'uplifting_weekly', target: 10 },
  progress: {
    period: 'week',
    current: 4,
    target: 10,
    pages: 4,
    status: 'on_track',
    sentence: 'Uplifting pages: 4 this week (goal: at least 10)',
  },
};
/** Testing Library reads text with its whitespace collapsed: the catalogue's no-break spaces read as spaces. */
const plain = (value: string) => value.replace(/\u00a0/g, ' ');
const NUDGE = 'Heads up: draining pages are at 23\u00a0% of this week — your goal is under 25\u00a0%.';

/** The progress the fake server answers for a saved goal. */
const progressOf = (goal: Goal): GoalProgress => ({
  period: goal.kind === 'site_daily' ? 'day' : 'week',
  current: 0,
  target: goal.target,
  pages: 0,
  status: 'on_track',
  sentence:
    goal.kind === 'site_daily'
      ? `Pages from ${goal.site}: 0 today (goal: at most ${goal.target})`
      : `goal ${goal.target}`,
});

function signedIn(initial: GoalWithProgress[] | 'fail' = []) {
  let goals = initial;
  const calls = { gets: 0, puts: [] as unknown[] };
  const account = buildUser({
    id: 'user-7',
    state: { hasHadFreeTrial: true, shouldShowExtensionWizard: false },
    configs: { state: 'COMPLETED', lastSubmitted: null },
  });
  server.use(
    ...sessionHandlers(account),
    http.get('*/api/subscription', () =>
      HttpResponse.json(
        buildSubscriptionInfo({ subscription: buildSubscription({ plan: 'basic', status: 'active' }) }),
      ),
    ),
    http.get('*/api/goals', () => {
      calls.gets += 1;
      if (goals === 'fail')
        return HttpResponse.json({ success: false, error: 'Database unavailable' }, { status: 503 });
      return HttpResponse.json({ success: true, goals });
    }),
    http.put('*/api/goals', async ({ request }) => {
      const body = (await request.json()) as { goals: Goal[] };
      calls.puts.push(body.goals);
      goals = body.goals.map((goal) => ({ goal, progress: progressOf(goal) }));
      return HttpResponse.json({ success: true, goals });
    }),
  );
  localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
  return {
    calls,
    setGoals: (next: GoalWithProgress[] | 'fail') => {
      goals = next;
    },
  };
}

const open = () => renderApp('/auth/dashboard');
const card = async () => within(await screen.findByRole('region', { name: text.title }));
const toasts = () => within(screen.getByTestId('toasts'));

describe('Goals card on the dashboard', () => {
  it('invites to set a goal when there is none, and saves the first one from the editor', async () => {
    const { calls } = signedIn([]);
    open();
    const goals = await card();
    expect(await goals.findByText(text.emptyTitle)).toBeInTheDocument();
    expect(goals.getByText(text.emptyText)).toBeInTheDocument();

    await userEvent.click(goals.getByRole('button', { name: text.setGoal }));
    const dialog = await screen.findByRole('dialog', { name: text.editorTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: text.addGoal }));
    // The first kind offered is the draining share, at 25 % by default.
    expect(within(dialog).getByRole('combobox', { name: text.kindLabel })).toHaveValue('draining_share');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: text.kindLabel }),
      'site_daily',
    );
    const target = within(dialog).getByRole('spinbutton', { name: text.pagesPerDayLabel });
    await userEvent.clear(target);
    await userEvent.type(target, '3');
    await userEvent.type(within(dialog).getByRole('textbox', { name: text.siteLabel }), 'reddit.com');
    await userEvent.click(within(dialog).getByRole('button', { name: text.save }));

    expect(await toasts().findByText(text.saved)).toBeInTheDocument();
    expect(calls.puts).toEqual([[{ kind: 'site_daily', target: 3, site: 'reddit.com' }]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await goals.findByText('Pages from reddit.com: 0 today (goal: at most 3)')).toBeInTheDocument();
    expect(goals.getByText(text.status.on_track)).toBeInTheDocument();
  });

  it('shows each goal with its sentence, its status in words and a bar', async () => {
    signedIn([drainingAtRisk, upliftingOnTrack]);
    open();
    const goals = await card();
    expect(await goals.findByText(plain(drainingAtRisk.progress.sentence))).toBeInTheDocument();
    expect(goals.getByText(upliftingOnTrack.progress.sentence)).toBeInTheDocument();
    expect(goals.getByText(text.status.at_risk)).toBeInTheDocument();
    expect(goals.getByText(text.status.on_track)).toBeInTheDocument();
    const bars = goals.getAllByTestId('goal-bar');
    // 23 of a 25 % cap, 4 of 10 pages.
    expect(bars.map((bar) => bar.style.width)).toEqual(['92%', '40%']);
  });

  it('shows its loading state until the goals arrive', async () => {
    signedIn([upliftingOnTrack]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/goals', async () => {
        await gate;
        return HttpResponse.json({ success: true, goals: [upliftingOnTrack] });
      }),
    );
    open();
    const goals = await card();
    expect(goals.getByRole('status')).toHaveTextContent(text.loading);
    release();
    expect(await goals.findByText(upliftingOnTrack.progress.sentence)).toBeInTheDocument();
    expect(goals.queryAllByText(text.loading)).toHaveLength(0);
  });

  it('shows the error with the server’s words and Try again', async () => {
    const { setGoals, calls } = signedIn('fail');
    open();
    const goals = await card();
    const alert = await goals.findByRole('alert', {}, { timeout: 18_000 });
    expect(within(alert).getByText(text.loadFailed)).toBeInTheDocument();
    expect(within(alert).getByText('Database unavailable')).toBeInTheDocument();
    setGoals([upliftingOnTrack]);
    const before = calls.gets;
    await userEvent.click(within(alert).getByRole('button', { name: text.tryAgain }));
    expect(await goals.findByText(upliftingOnTrack.progress.sentence)).toBeInTheDocument();
    expect(calls.gets).toBeGreaterThan(before);
  });

  it('edits and removes goals and saves the whole list', async () => {
    const { calls } = signedIn([drainingAtRisk, upliftingOnTrack]);
    localStorage.setItem(GOAL_NUDGES_STORAGE_KEY, JSON.stringify({ draining_share: nudgeDay(new Date()) }));
    open();
    const goals = await card();
    await userEvent.click(await goals.findByRole('button', { name: text.editGoals }));
    const dialog = await screen.findByRole('dialog', { name: text.editorTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: `${text.removeGoal} Goal 1` }));
    const target = within(dialog).getByRole('spinbutton', { name: text.upliftingPagesLabel });
    await userEvent.clear(target);
    await userEvent.type(target, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: text.save }));
    await waitFor(() => expect(calls.puts).toEqual([[{ kind: 'uplifting_weekly', target: 12 }]]));
  });

  it('shows the server’s refusal at the field it names, and keeps the editor open', async () => {
    signedIn([]);
    server.use(
      http.put('*/api/goals', () =>
        HttpResponse.json(
          {
            success: false,
            error: `body.goals.0.target: ${text.percentRange}; body.goals: ${text.tooMany(10)}`,
          },
          { status: 400 },
        ),
      ),
    );
    open();
    const goals = await card();
    await userEvent.click(await goals.findByRole('button', { name: text.setGoal }));
    const dialog = await screen.findByRole('dialog', { name: text.editorTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: text.addGoal }));
    const target = within(dialog).getByRole('spinbutton', { name: text.percentLabel });
    await userEvent.clear(target);
    await userEvent.type(target, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: text.save }));
    expect(await within(dialog).findByText(text.percentRange)).toBeInTheDocument();
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(text.tooMany(10));
    expect(screen.getByRole('dialog', { name: text.editorTitle })).toBeInTheDocument();
  });
});

describe('goal nudge', () => {
  it('raises one warning toast per goal at risk on load, and not again the same day', async () => {
    signedIn([drainingAtRisk, upliftingOnTrack]);
    const first = open();
    expect(await toasts().findByText(plain(NUDGE))).toBeInTheDocument();
    expect(toasts().queryByText(/uplifting/)).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(GOAL_NUDGES_STORAGE_KEY)!)).toEqual({
      draining_share: nudgeDay(new Date()),
    });
    first.unmount();

    // A reload the same day: the card shows the goal, no second toast.
    open();
    const goals = await card();
    expect(await goals.findByText(plain(drainingAtRisk.progress.sentence))).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByTestId('toasts')).not.toHaveTextContent(plain(NUDGE));
  });

  it('nudges again on a new day', async () => {
    signedIn([drainingAtRisk]);
    localStorage.setItem(GOAL_NUDGES_STORAGE_KEY, JSON.stringify({ draining_share: '2000-01-01' }));
    open();
    expect(await toasts().findByText(plain(NUDGE))).toBeInTheDocument();
  });

  it('nudges after a live update turns a goal at risk, once', async () => {
    const { setGoals, calls } = signedIn([
      {
        ...drainingAtRisk,
        progress: {
          ...drainingAtRisk.progress,
          current: 10,
          status: 'on_track',
          sentence: 'Draining pages: 10\u00a0% of this week (goal: under 25\u00a0%)',
        },
      },
    ]);
    open();
    const goals = await card();
    expect(
      await goals.findByText('Draining pages: 10 % of this week (goal: under 25 %)'),
    ).toBeInTheDocument();
    await waitFor(() => expect(fakeSockets.at(-1)?.listenerCount(analysisCreatedEvent('user-7'))).toBe(1));

    setGoals([drainingAtRisk]);
    const before = calls.gets;
    act(() =>
      fakeSockets.at(-1)!.emitFromServer(analysisCreatedEvent('user-7'), {
        userId: 'user-7',
        analysis: buildAnalysis({ id: 'a-5' }),
      }),
    );
    expect(await goals.findByText(plain(drainingAtRisk.progress.sentence))).toBeInTheDocument();
    expect(calls.gets).toBeGreaterThan(before);
    expect(await toasts().findByText(plain(NUDGE))).toBeInTheDocument();

    // Another page, still at risk: no second toast today.
    const afterFirst = calls.gets;
    act(() =>
      fakeSockets.at(-1)!.emitFromServer(analysisCreatedEvent('user-7'), {
        userId: 'user-7',
        analysis: buildAnalysis({ id: 'a-6' }),
      }),
    );
    await waitFor(() => expect(calls.gets).toBeGreaterThan(afterFirst));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toasts().getAllByText(plain(NUDGE))).toHaveLength(1);
  });
});
