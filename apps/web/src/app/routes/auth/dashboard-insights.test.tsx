import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toRecentAnalysis, type Analysis, type RecentAnalysesResponse } from '@mediadiet/contract/analysis';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import type { PlanId } from '@mediadiet/contract/enums';
import {
  buildAnalysis,
  buildInsightPage,
  buildInsightPages,
  buildInsights,
  buildSubscription,
  buildSubscriptionInfo,
  buildUser,
} from '@mediadiet/contract/fixtures';
import type { InsightsResponse } from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import { analysisCreatedEvent, analysisDeletedEvent } from '@mediadiet/contract/realtime';
import type { User } from '@mediadiet/contract/user';
import { server } from '@/testing/msw-server';
import { sessionHandlers } from '@/testing/handlers';
import { fakeSockets } from '@/testing/fake-socket-io';
import { renderApp } from '@/testing/render-app';
import { installFakeChrome, type FakeChrome } from '@/testing/fake-chrome';

let chrome: FakeChrome | undefined;
afterEach(() => chrome?.uninstall());

// Pages without a title: the History cards and the detail lead with their site, which these tests follow.
const first = buildAnalysis({
  id: 'a-1',
  url: 'https://first.example.com/a',
  title: undefined,
  tokens: 1000,
});
const second = buildAnalysis({
  id: 'a-2',
  url: 'https://second.example.com/b',
  title: undefined,
  tokens: 500,
});
/** Older than the history's week: only the insights list it. */
const older = buildAnalysis({
  id: 'a-9',
  title: undefined,
  url: 'https://older.example.com/c',
  createdAt: '2024-12-01T08:00:00.000Z',
});

interface Setup {
  plan?: PlanId;
  connected?: boolean;
  user?: Partial<User>;
  analyses?: Analysis[];
  insights?: InsightsResponse;
}

function signedIn({
  plan = 'basic',
  connected = true,
  user = {},
  analyses = [first, second],
  insights,
}: Setup = {}) {
  const account = buildUser({
    id: 'user-7',
    state: { hasHadFreeTrial: true, shouldShowExtensionWizard: false },
    configs: { state: 'COMPLETED', lastSubmitted: null },
    extension: connected ? { status: 'on', isInstalled: true } : { status: null, isInstalled: false },
    ...user,
  });
  if (connected) chrome = installFakeChrome(true);
  const calls = { insights: 0, details: [] as string[] };
  // The history holds cards (the top categories only); the detail asks for the whole analysis.
  const recent: RecentAnalysesResponse = {
    success: true,
    results: analyses.map(toRecentAnalysis),
    totals: { touchpoints: analyses.length, tokens: analyses.reduce((sum, a) => sum + a.tokens, 0) },
    nextCursor: null,
  };
  server.use(
    ...sessionHandlers(account),
    http.get('*/api/subscription', () =>
      HttpResponse.json(
        buildSubscriptionInfo({ subscription: buildSubscription({ plan, status: 'active' }) }),
      ),
    ),
    http.get('*/api/analysis/recent', () => HttpResponse.json(recent)),
    http.get('*/api/analysis/insights', () => {
      calls.insights += 1;
      return HttpResponse.json(
        insights ??
          buildInsights({
            results: [{ id: older.id, url: older.url, createdAt: older.createdAt, overall_score: 72 }],
          }),
      );
    }),
    // The Insights' list of the period's pages: the older page.
    http.get('*/api/analysis/pages', () =>
      HttpResponse.json(
        buildInsightPages({
          results: [
            buildInsightPage({ id: older.id, url: older.url, createdAt: older.createdAt, overall_score: 72 }),
          ],
        }),
      ),
    ),
    http.get('*/api/analysis/get/:id', ({ params }) => {
      const id = String(params.id);
      calls.details.push(id);
      const analysis = [first, second, older].find((a) => a.id === id);
      return analysis
        ? HttpResponse.json({ success: true, analysis })
        : HttpResponse.json({ success: false, error: messages.server.analysisNotFound }, { status: 404 });
    }),
  );
  localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
  return calls;
}

const historyCards = async () =>
  within(await screen.findByRole('list', { name: 'Recent analyses' })).getAllByRole('link');

describe('dashboard insights view: History, then Insights (issue #7)', () => {
  it('shows the History section followed by the Insights section', async () => {
    signedIn();
    renderApp('/auth/dashboard');
    const history = await screen.findByRole('region', { name: 'History' });
    const insights = screen.getByRole('region', { name: 'Monthly insights' });
    expect(history.compareDocumentPosition(insights) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await historyCards()).toHaveLength(2);
    expect(await within(insights).findByRole('list', { name: 'Analysed pages' })).toBeInTheDocument();
  });

  it('prints the Insights as a report for the signed-in reader: the name, or the e-mail without one (issue 29)', async () => {
    signedIn({ user: { name: 'Grace Hopper', email: 'grace@example.com' } });
    const { unmount } = renderApp('/auth/dashboard');
    let summary = await screen.findByRole('region', { name: messages.report.summaryTitle });
    expect(within(summary).getByText(messages.report.preparedFor).nextElementSibling).toHaveTextContent(
      /^Grace Hopper$/,
    );
    unmount();

    signedIn({ user: { name: '  ', email: 'grace@example.com' } });
    renderApp('/auth/dashboard');
    summary = await screen.findByRole('region', { name: messages.report.summaryTitle });
    expect(within(summary).getByText(messages.report.preparedFor).nextElementSibling).toHaveTextContent(
      /^grace@example\.com$/,
    );
  });

  it('offers the day’s mood check-in above the History and ends with the Mood and reading card (issue 29)', async () => {
    signedIn();
    server.use(
      http.get('*/api/mood', () => HttpResponse.json({ success: true, today: '2025-03-02', checkIns: [] })),
    );
    renderApp('/auth/dashboard');
    const checkIn = await screen.findByRole('region', { name: messages.mood.promptTitle });
    const history = screen.getByRole('region', { name: 'History' });
    const mood = screen.getByRole('region', { name: messages.mood.cardTitle });
    expect(checkIn.compareDocumentPosition(history) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Monthly insights' }).compareDocumentPosition(mood)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(await within(mood).findByRole('progressbar', { name: '1 of 14 check-ins' })).toBeInTheDocument();
  });

  it('shows the onboarding card while the extension is not connected; premium NOT_STARTED adds the survey and gates insights', async () => {
    signedIn({
      plan: 'premium',
      connected: false,
      user: { configs: { state: 'NOT_STARTED', lastSubmitted: null } },
    });
    renderApp('/auth/dashboard');
    expect(
      await screen.findByRole('heading', {
        name: 'Almost there! Two quick steps before seeing your results',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recent analyses' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: messages.insights.unlockTitle })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: messages.insights.startQuestionnaire }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Personality' })).toBeInTheDocument();
  });

  it('a basic user without the extension gets the one-step card and no survey step', async () => {
    signedIn({
      plan: 'basic',
      connected: false,
      user: { configs: { state: 'NOT_STARTED', lastSubmitted: null } },
    });
    renderApp('/auth/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Almost there! One quick step before seeing your results' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(messages.history.stepSurvey)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: messages.insights.unlockTitle })).not.toBeInTheDocument();
  });
});

describe('analysis detail inside the dashboard (?analysis=<id>)', () => {
  it('opens from a history card, fetching the whole analysis; Back returns to the list with focus on that card', async () => {
    const calls = signedIn();
    const { router } = renderApp('/auth/dashboard');
    await userEvent.click((await historyCards())[1]!);
    expect(await screen.findByRole('heading', { level: 3, name: 'second.example.com' })).toHaveFocus();
    expect(router.state.location.search).toBe('?analysis=a-2');
    expect(screen.queryByRole('region', { name: 'History' })).not.toBeInTheDocument();
    expect(calls.details).toEqual(['a-2']);
    // Every category, not only the card's four.
    const pro = screen.getByRole('region', { name: 'Pro categories' });
    const mal = screen.getByRole('region', { name: 'Mal categories' });
    expect(within(pro).getAllByRole('listitem')).toHaveLength(7);
    expect(within(mal).getAllByRole('listitem')).toHaveLength(7);

    await userEvent.click(screen.getByRole('button', { name: messages.history.back }));
    const cards = await historyCards();
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(cards[1]).toHaveFocus());
  });

  it("the browser's Back closes it too", async () => {
    signedIn();
    const { router } = renderApp('/auth/dashboard');
    await userEvent.click((await historyCards())[0]!);
    expect(await screen.findByRole('heading', { level: 3, name: 'first.example.com' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('region', { name: 'History' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opens from an insight card (fetching the analysis) and keeps the other parameters in the address', async () => {
    const calls = signedIn();
    const { router } = renderApp('/auth/dashboard?view=insights');
    const insights = await screen.findByRole('list', { name: 'Analysed pages' });
    await userEvent.click(within(insights).getByRole('link', { name: /^older\.example\.com/ }));
    expect(await screen.findByRole('heading', { level: 3, name: 'older.example.com' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=insights&analysis=a-9');
    expect(calls.details).toEqual(['a-9']);
  });

  it('arriving on a detail address, Back closes it in place', async () => {
    signedIn();
    const { router } = renderApp('/auth/dashboard?analysis=a-1');
    expect(await screen.findByRole('heading', { level: 3, name: 'first.example.com' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: messages.history.back }));
    expect(await screen.findByRole('region', { name: 'History' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/dashboard');
    expect(router.state.location.search).toBe('');
  });

  it("an unknown analysis shows 'Error fetching your data' and closes", async () => {
    signedIn();
    const { router } = renderApp('/auth/dashboard?analysis=gone');
    expect(
      await within(screen.getByTestId('toasts')).findByText(messages.loading.fetchingData),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'History' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});

describe('live arrivals (socket analysis_created_{userId})', () => {
  it('puts a new analysis first in the history, counts it in the totals and refetches the insights', async () => {
    const calls = signedIn();
    renderApp('/auth/dashboard');
    expect(await historyCards()).toHaveLength(2);
    await waitFor(() => expect(calls.insights).toBeGreaterThan(0));
    const insightsBefore = calls.insights;
    await waitFor(() => expect(fakeSockets.at(-1)?.listenerCount(analysisCreatedEvent('user-7'))).toBe(1));

    const fresh = buildAnalysis({
      id: 'a-3',
      url: 'https://fresh.example.com/news',
      title: undefined,
      tokens: 250,
    });
    act(() =>
      fakeSockets
        .at(-1)!
        .emitFromServer(analysisCreatedEvent('user-7'), { userId: 'user-7', analysis: fresh }),
    );

    await waitFor(async () => expect(await historyCards()).toHaveLength(3));
    expect((await historyCards())[0]).toHaveAccessibleName(/^fresh\.example\.com /);
    expect(screen.getByText(messages.history.touchpointsStat).previousElementSibling).toHaveTextContent(
      /^3$/,
    );
    expect(screen.getByText(messages.history.tokensStat).previousElementSibling).toHaveTextContent(/^1,750$/);
    await waitFor(() => expect(calls.insights).toBe(insightsBefore + 1));

    // The socket's analysis is whole: its detail opens without a request.
    await userEvent.click((await historyCards())[0]!);
    expect(await screen.findByRole('heading', { level: 3, name: 'fresh.example.com' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Pro categories' })).getAllByRole('listitem'),
    ).toHaveLength(7);
    expect(calls.details).toEqual([]);
  });

  it('turns the empty state into results when the first analysis arrives', async () => {
    signedIn({ analyses: [] });
    renderApp('/auth/dashboard');
    expect(await screen.findByRole('heading', { name: "you're all set up" })).toBeInTheDocument();
    await waitFor(() => expect(fakeSockets.at(-1)?.listenerCount(analysisCreatedEvent('user-7'))).toBe(1));
    act(() =>
      fakeSockets
        .at(-1)!
        .emitFromServer(analysisCreatedEvent('user-7'), { userId: 'user-7', analysis: first }),
    );
    expect(await historyCards()).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: "you're all set up" })).not.toBeInTheDocument();
  });

  it('ignores a payload that does not match the contract, refetching instead', async () => {
    signedIn();
    renderApp('/auth/dashboard');
    expect(await historyCards()).toHaveLength(2);
    await waitFor(() => expect(fakeSockets.at(-1)?.listenerCount(analysisCreatedEvent('user-7'))).toBe(1));
    act(() =>
      fakeSockets
        .at(-1)!
        .emitFromServer(analysisCreatedEvent('user-7'), { userId: 'user-7', analysis: { id: 1 } }),
    );
    await waitFor(async () => expect(await historyCards()).toHaveLength(2));
  });
});

describe('a failed load (issue 28): the error within seconds, and no request storm', () => {
  afterEach(() => vi.useRealTimers());

  it("shows 'Failed to load analysis history' / 'Failed to load insights' with the server's words, asks a couple of times a minute at most, and Try again recovers", async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      shouldAdvanceTime: true,
    });
    signedIn();
    let down = true;
    const asked = { recent: 0, insights: 0 };
    server.use(
      http.get('*/api/analysis/recent', () => {
        asked.recent += 1;
        if (down)
          return HttpResponse.json({ success: false, error: 'The database is unavailable' }, { status: 503 });
        return HttpResponse.json({
          success: true,
          results: [toRecentAnalysis(first)],
          totals: { touchpoints: 1, tokens: first.tokens },
          nextCursor: null,
        });
      }),
      http.get('*/api/analysis/insights', () => {
        asked.insights += 1;
        return down ? HttpResponse.error() : HttpResponse.json(buildInsights());
      }),
    );
    renderApp('/auth/dashboard');

    // Within a few seconds: both errors, each with "Try again", no loading block.
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    const history = await screen.findByRole('region', { name: 'History' });
    const historyAlert = within(history).getByRole('alert');
    expect(historyAlert).toHaveTextContent(messages.loading.analysisHistory);
    expect(historyAlert).toHaveTextContent('The database is unavailable');
    const insightsAlert = within(screen.getByRole('region', { name: 'Monthly insights' })).getByRole('alert');
    expect(insightsAlert).toHaveTextContent(messages.loading.insights);
    expect(insightsAlert).toHaveTextContent(messages.http.network);

    // A minute on: a first try and one retry each, nothing more.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(asked.recent).toBeLessThanOrEqual(3);
    expect(asked.insights).toBeLessThanOrEqual(3);
    expect(within(history).getByRole('alert')).toBeInTheDocument();

    down = false;
    vi.useRealTimers();
    await userEvent.click(
      within(within(history).getByRole('alert')).getByRole('button', { name: 'Try again' }),
    );
    expect(await historyCards()).toHaveLength(1);
  });
});

describe('Forget this page (issue 28, decision 116)', { timeout: 20_000 }, () => {
  /** The server side of forgetting: DELETE removes from what /recent and /insights answer. */
  function forgettable() {
    const calls = signedIn();
    const kept = [first, second];
    const deleted: string[] = [];
    server.use(
      http.get('*/api/analysis/recent', () =>
        HttpResponse.json({
          success: true,
          results: kept.map(toRecentAnalysis),
          totals: { touchpoints: kept.length, tokens: kept.reduce((sum, a) => sum + a.tokens, 0) },
          nextCursor: null,
        }),
      ),
      http.delete('*/api/analysis/:id', ({ params }) => {
        const id = String(params.id);
        deleted.push(id);
        const at = kept.findIndex((a) => a.id === id);
        if (at < 0)
          return HttpResponse.json(
            { success: false, error: messages.server.analysisNotFound },
            { status: 404 },
          );
        kept.splice(at, 1);
        return HttpResponse.json({ success: true, id });
      }),
    );
    return { calls, deleted };
  }
  const tokensStat = () => screen.getByText(messages.history.tokensStat).previousElementSibling;

  it('from a history card: asks first, then the card, its tokens and its insights go', async () => {
    const { calls, deleted } = forgettable();
    renderApp('/auth/dashboard');
    expect(await historyCards()).toHaveLength(2);
    await waitFor(() => expect(calls.insights).toBeGreaterThan(0));
    const insightsBefore = calls.insights;

    const user = userEvent.setup();
    const control = screen.getByRole('button', { name: /^Forget this page: first\.example\.com, / });
    await user.click(control);
    const dialog = await screen.findByRole('alertdialog', { name: 'Forget this page?' });
    expect(dialog).toHaveAccessibleDescription(/first\.example\.com, read .* This cannot be undone\./);
    // "Keep it" leaves everything as it was, and focus returns to the control.
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([]);
    await waitFor(() => expect(control).toHaveFocus());

    await user.click(control);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Forget this page?' })).getByRole('button', {
        name: 'Forget this page',
      }),
    );
    await waitFor(async () => expect(await historyCards()).toHaveLength(1));
    expect(deleted).toEqual(['a-1']);
    expect((await historyCards())[0]).toHaveAccessibleName(/^second\.example\.com /);
    expect(tokensStat()).toHaveTextContent(/^500$/);
    await waitFor(() => expect(calls.insights).toBeGreaterThan(insightsBefore));
    expect(
      await within(screen.getByTestId('toasts')).findByText(/^Forgotten: first\.example\.com, /),
    ).toBeInTheDocument();
  });

  it('from the analysis detail: the detail closes and the history no longer lists it', async () => {
    const { deleted } = forgettable();
    const { router } = renderApp('/auth/dashboard?analysis=a-2');
    expect(await screen.findByRole('heading', { level: 3, name: 'second.example.com' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Forget this page' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Forget this page?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forget this page' }));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(deleted).toEqual(['a-2']);
    await waitFor(async () => expect(await historyCards()).toHaveLength(1));
    expect((await historyCards())[0]).toHaveAccessibleName(/^first\.example\.com /);
    // No 'Error fetching your data': the detail closed before its analysis went.
    expect(
      within(screen.getByTestId('toasts')).queryByText(messages.loading.fetchingData),
    ).not.toBeInTheDocument();
  });

  it("a failure stays in the dialog with the server's words", async () => {
    forgettable();
    server.use(
      http.delete('*/api/analysis/:id', () =>
        HttpResponse.json({ success: false, error: messages.server.analysisNotFound }, { status: 404 }),
      ),
    );
    renderApp('/auth/dashboard');
    expect(await historyCards()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: /^Forget this page: second\.example\.com, / }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Forget this page?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forget this page' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.server.analysisNotFound);
    const list = screen.getByRole('list', { name: 'Recent analyses', hidden: true });
    expect(within(list).getAllByRole('link', { hidden: true })).toHaveLength(2);
  });

  it('forgotten in another tab (socket analysis_deleted_{userId}): the card leaves this one too', async () => {
    const calls = signedIn();
    renderApp('/auth/dashboard');
    expect(await historyCards()).toHaveLength(2);
    await waitFor(() => expect(fakeSockets.at(-1)?.listenerCount(analysisDeletedEvent('user-7'))).toBe(1));
    const insightsBefore = calls.insights;
    server.use(
      http.get('*/api/analysis/recent', () =>
        HttpResponse.json({
          success: true,
          results: [toRecentAnalysis(second)],
          totals: { touchpoints: 1, tokens: second.tokens },
          nextCursor: null,
        }),
      ),
    );
    act(() =>
      fakeSockets.at(-1)!.emitFromServer(analysisDeletedEvent('user-7'), { userId: 'user-7', id: 'a-1' }),
    );
    await waitFor(async () => expect(await historyCards()).toHaveLength(1));
    expect(tokensStat()).toHaveTextContent(/^500$/);
    await waitFor(() => expect(calls.insights).toBeGreaterThan(insightsBefore));
  });
});
