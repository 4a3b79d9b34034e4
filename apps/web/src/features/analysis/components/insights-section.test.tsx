import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { STORAGE_KEYS } from '@mediadiet/contract/constants';
import {
  buildInsightPage,
  buildInsightPages,
  buildInsights,
  buildQuestion,
  buildVerdictTrend,
} from '@mediadiet/contract/fixtures';
import type { InsightsResponse, InsightSummary } from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import type { QuestionnaireState } from '@mediadiet/contract/questionnaire';
import { server } from '@/testing/msw-server';
import { InsightsSection } from '@/features/analysis/components/insights-section';
import { renderAnalysisUi } from '@/features/analysis/testing/render-analysis';
import { MAL_COLORS, PRO_COLORS } from '@/features/analysis/utils/insights';

const JAN = buildInsights({
  currMM: 1,
  currYY: 2025,
  directories: [
    { mm: 2, yy: 2025 },
    { mm: 1, yy: 2025 },
    { mm: 12, yy: 2024 },
  ],
  results: [
    {
      id: 'jan-1',
      url: 'https://jan.example.com/a',
      createdAt: '2025-01-20T09:15:00.000Z',
      overall_score: 41,
    },
  ],
  totalResults: 1,
  topDomains: [{ domain: 'jan.example.com', averageScore: 41, visitCount: 1 }],
});

function insight(
  id: string,
  overall_score: number,
  url = `https://www.${id}.example.com/page`,
): InsightSummary {
  return { id, url, createdAt: '2025-02-10T14:30:00.000Z', overall_score };
}

const FEB = buildInsights({
  currMM: 2,
  currYY: 2025,
  directories: JAN.directories,
  results: [insight('high', 70), insight('almost-high', 69.95), insight('medium', 40), insight('low', 39.94)],
  totalResults: 4,
  trends: {
    categories: JAN.trends.categories,
    metadata: { averageScores: { joy: 40, calm: 20.25, anger: 12.5, fear: 7.25 } },
  },
  topDomains: [
    { domain: 'news.example.com', averageScore: 55.55, visitCount: 1234 },
    { domain: 'blog.example.org', averageScore: 12, visitCount: 3 },
  ],
});

type Routes = Record<string, InsightsResponse | { status: number; error: string } | 'hold'>;

/** Answers the insights calls by key: 'current', '1/2025', 'all/2025'… and records every call. */
function insightsApi(routes: Routes) {
  const calls: string[] = [];
  const held: (() => void)[] = [];
  const reply = async (key: string) => {
    calls.push(key);
    const answer = routes[key];
    if (answer === 'hold') await new Promise<void>((resolve) => held.push(resolve));
    const final = answer === 'hold' ? routes[`${key}:after`] : answer;
    if (!final || final === 'hold')
      return HttpResponse.json({ success: false, error: `no route ${key}` }, { status: 500 });
    if ('status' in final)
      return HttpResponse.json({ success: false, error: final.error }, { status: final.status });
    return HttpResponse.json(final);
  };
  server.use(
    http.get('*/api/analysis/insights', () => reply('current')),
    http.get('*/api/analysis/insights/:month/:year', ({ params }) =>
      reply(`${String(params.month)}/${String(params.year)}`),
    ),
  );
  return { calls, release: () => held.splice(0).forEach((resolve) => resolve()) };
}

function show({
  isPremium = false,
  state = 'COMPLETED',
  path = '/auth/dashboard',
}: { isPremium?: boolean; state?: QuestionnaireState; path?: string } = {}) {
  return renderAnalysisUi(
    <InsightsSection isPremium={isPremium} questionnaireState={state} questionnaireHref="?view=configs" />,
    { path },
  );
}

const periodButton = (name: string) => screen.getByRole('button', { name });
const location = () => screen.getByTestId('location').textContent;

describe('Insights: empty state and loading failures (spec §2, §8)', () => {
  it('shows the empty state when no insights exist (no months with data)', async () => {
    insightsApi({
      current: buildInsights({ directories: [], results: [], totalResults: 0, topDomains: [] }),
    });
    show();
    expect(await screen.findByRole('heading', { name: messages.insights.emptyTitle })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Time period' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.insights.exportPdf })).not.toBeInTheDocument();
  });

  it("shows 'Failed to load insights' when the insights cannot be loaded", async () => {
    insightsApi({ current: { status: 500, error: 'boom' } });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loading.insights);
  });

  it("shows 'Error loading insights: {error}' when a chosen period fails, keeping the period buttons", async () => {
    insightsApi({ current: FEB, '12/2024': { status: 503, error: 'Database is resting' } });
    show();
    await userEvent.click(await screen.findByRole('button', { name: "Dec '24" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading insights: Database is resting');
    expect(periodButton("Feb '25")).toBeEnabled();
  });
});

describe('Insights: time periods (spec §2)', () => {
  it('lists the months with data as "Jan \'25" plus each whole year; the shown one is selected and disabled', async () => {
    insightsApi({ current: FEB });
    show();
    const picker = await screen.findByRole('group', { name: 'Time period' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All of 2025', "Feb '25", "Jan '25", 'All of 2024', "Dec '24"]);
    expect(periodButton("Feb '25")).toHaveAttribute('aria-pressed', 'true');
    expect(periodButton("Feb '25")).toBeDisabled();
    expect(periodButton("Jan '25")).toHaveAttribute('aria-pressed', 'false');
    expect(periodButton("Jan '25")).toBeEnabled();
  });

  it('loads a chosen month (all buttons disabled meanwhile), selects it and keeps it in the address', async () => {
    const api = insightsApi({ current: FEB, '1/2025': 'hold', '1/2025:after': JAN });
    show();
    await userEvent.click(await screen.findByRole('button', { name: "Jan '25" }));
    await waitFor(() => expect(api.calls).toContain('1/2025'));
    for (const button of within(screen.getByRole('group', { name: 'Time period' })).getAllByRole('button')) {
      expect(button).toBeDisabled();
    }
    api.release();
    expect(await screen.findByRole('table', { name: "Top Domains, Jan '25" })).toBeInTheDocument();
    expect(periodButton("Jan '25")).toHaveAttribute('aria-pressed', 'true');
    expect(periodButton("Jan '25")).toBeDisabled();
    expect(periodButton("Feb '25")).toBeEnabled();
    expect(location()).toBe('/auth/dashboard?period=2025-01');
  });

  it("asks for a whole year with month 'all'", async () => {
    const api = insightsApi({
      current: FEB,
      'all/2024': buildInsights({ scope: 'year', currMM: null, currYY: 2024, directories: FEB.directories }),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'All of 2024' }));
    await waitFor(() => expect(periodButton('All of 2024')).toHaveAttribute('aria-pressed', 'true'));
    expect(api.calls).toEqual(['current', 'all/2024']);
    expect(location()).toBe('/auth/dashboard?period=2024');
  });

  it('opens on the period of the address (coming back from a detail)', async () => {
    const api = insightsApi({ current: FEB, '1/2025': JAN });
    show({ path: '/auth/dashboard?period=2025-01' });
    expect(await screen.findByRole('table', { name: "Top Domains, Jan '25" })).toBeInTheDocument();
    expect(periodButton("Jan '25")).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls.sort()).toEqual(['1/2025', 'current']);
  });
});

describe('Insights: Export PDF, Trends and Top Domains (spec §2, §9)', () => {
  it('Export PDF prints the page', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    insightsApi({ current: FEB });
    show();
    await userEvent.click(await screen.findByRole('button', { name: messages.insights.exportPdf }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("shows Trends first: the donut (1000 ms), the period's leaning and 'Total Score' in its centre, and a legend grouped pro / mal", async () => {
    server.use(
      http.get('*/api/analysis/trends', () =>
        HttpResponse.json(
          buildVerdictTrend({
            buckets: [{ start: '2025-02-03', counts: { neutral: 5, draining: 2, uplifting: 1 } }],
          }),
        ),
      ),
    );
    insightsApi({ current: FEB });
    show();
    expect(await screen.findByRole('tab', { name: messages.insights.trends })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const trends = screen.getByRole('tabpanel', { name: messages.insights.trends });
    expect(trends).toHaveAttribute('data-state', 'active');
    const donut = await within(trends).findByRole('img', {
      name: "Donut chart of average category scores, Feb '25",
    });
    // One ring segment per category: pro first, then mal, each from the highest average down, titled with its value.
    const arcs = Array.from(donut.querySelectorAll('path[data-category]'));
    expect(arcs.map((arc) => arc.getAttribute('data-category'))).toEqual(['joy', 'calm', 'anger', 'fear']);
    expect(arcs.map((arc) => arc.querySelector('title')?.textContent)).toEqual([
      'Joy: 40.0%',
      'Calm: 20.3%',
      'Anger: 12.5%',
      'Fear: 7.3%',
    ]);
    // Pro in the blue ramp, mal in the orange one, darkest for the strongest.
    expect(arcs.map((arc) => arc.getAttribute('fill'))).toEqual([
      PRO_COLORS[0],
      PRO_COLORS[1],
      MAL_COLORS[0],
      MAL_COLORS[1],
    ]);
    // Drawn in over the spec's 1000 ms.
    expect(donut).toHaveAttribute('data-animation-ms', '1000');
    expect(donut.querySelector<SVGElement>('.trends-donut-reveal')?.style.animationDuration).toBe('1000ms');
    expect(within(trends).getByText(messages.insights.totalScore)).toBeInTheDocument();
    // Mean of the category averages: (40 + 20.25 + 12.5 + 7.25) / 4 = 20.
    expect(within(trends).getByTestId('total-score')).toHaveTextContent('20.0%');
    expect(within(trends).getByText(messages.insights.totalScoreHelp)).toBeInTheDocument();
    // The leaning: 5 of the 8 pages with a verdict are neutral, 62 % as the trend's whole percents state it.
    const leaning = await within(trends).findByTestId('period-leaning');
    expect(leaning).toHaveTextContent('Mostly neutral62 % of pages');
    const pro = within(trends).getByRole('list', { name: messages.insights.legendPro });
    const mal = within(trends).getByRole('list', { name: messages.insights.legendMal });
    const items = (list: HTMLElement) =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items(pro)).toEqual(['Joy (pro)40.0%', 'Calm (pro)20.3%']);
    expect(items(mal)).toEqual(['Anger (mal)12.5%', 'Fear (mal)7.3%']);
  });

  it('keeps the centre to the Total Score while the period has no page with a verdict', async () => {
    insightsApi({ current: FEB });
    show();
    const trends = await screen.findByRole('tabpanel', { name: messages.insights.trends });
    expect(await within(trends).findByTestId('total-score')).toHaveTextContent('20.0%');
    expect(await within(trends).findByText(messages.trend.empty)).toBeInTheDocument();
    expect(within(trends).queryByTestId('period-leaning')).not.toBeInTheDocument();
  });

  it('shows under the donut the verdict trend of the shown period, against the month before (issue 29)', async () => {
    const periods: string[] = [];
    server.use(
      http.get('*/api/analysis/trends', ({ request }) => {
        periods.push(new URL(request.url).searchParams.get('period') ?? '');
        return HttpResponse.json(
          buildVerdictTrend({
            buckets: [{ start: '2025-02-03', counts: { draining: 1, uplifting: 3 } }],
            previous: { draining: 1, uplifting: 1 },
          }),
        );
      }),
    );
    insightsApi({ current: FEB, '1/2025': JAN });
    show();
    const trends = await screen.findByRole('tabpanel', { name: messages.insights.trends });
    const trend = await within(trends).findByRole('region', { name: messages.trend.title });
    // February is the current month here (the current answer's), so "this month".
    expect(
      await within(trend).findByText('Draining pages fell from 50 % to 25 % this month.'),
    ).toBeInTheDocument();
    expect(periods).toEqual(['2025-02']);
    await userEvent.click(periodButton("Jan '25"));
    await waitFor(() => expect(periods).toEqual(['2025-02', '2025-01']));
  });

  it('toggles to Top Domains: a table of Domain, Score (percent) and Visits', async () => {
    insightsApi({ current: FEB });
    show();
    await userEvent.click(await screen.findByRole('tab', { name: messages.insights.topDomains }));
    expect(screen.getByRole('tab', { name: messages.insights.topDomains })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel', { name: messages.insights.topDomains })).toHaveAttribute(
      'data-state',
      'active',
    );
    expect(screen.getByRole('tabpanel', { name: messages.insights.trends })).toHaveAttribute(
      'data-state',
      'inactive',
    );
    const table = screen.getByRole('table', { name: "Top Domains, Feb '25" });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Domain', 'Score', 'Visits'],
      ['news.example.com', '55.6%', '1,234'],
      ['blog.example.org', '12.0%', '3'],
    ]);
    await userEvent.click(screen.getByRole('tab', { name: messages.insights.trends }));
    expect(screen.getByRole('tabpanel', { name: messages.insights.trends })).toHaveAttribute(
      'data-state',
      'active',
    );
  });
});

describe('Insights: the printed report (Export PDF, issue 29)', () => {
  it("starts with a summary of the shown period, and never prints another period's verdict as its own", async () => {
    server.use(
      http.get('*/api/analysis/trends', async ({ request }) => {
        const period = new URL(request.url).searchParams.get('period');
        // January's trend never arrives.
        if (period === '2025-01') await new Promise(() => {});
        return HttpResponse.json(
          buildVerdictTrend({ buckets: [{ start: '2025-02-03', counts: { draining: 3, neutral: 1 } }] }),
        );
      }),
    );
    insightsApi({ current: FEB, '1/2025': JAN });
    renderAnalysisUi(
      <InsightsSection
        isPremium={false}
        questionnaireState="COMPLETED"
        questionnaireHref="?view=configs"
        reader="Ada Lovelace"
      />,
    );
    const summary = await screen.findByRole('region', { name: messages.report.summaryTitle });
    expect(summary).toHaveClass('hidden', 'print:block');
    // Before the details: Trends, Top Domains and the analysed pages follow it.
    const trends = screen.getByRole('tabpanel', { name: messages.insights.trends });
    expect(summary.compareDocumentPosition(trends) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(summary).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(summary).getByText('February 2025')).toBeInTheDocument();
    expect(await within(summary).findByTestId('summary-verdict')).toHaveTextContent('Mostly draining');
    expect(within(summary).getByText('news.example.com')).toBeInTheDocument();

    await userEvent.click(periodButton("Jan '25"));
    await waitFor(() => expect(within(summary).getByText('January 2025')).toBeInTheDocument());
    expect(within(summary).getByText('jan.example.com')).toBeInTheDocument();
    expect(within(summary).getByText(messages.report.stillLoading)).toBeInTheDocument();
    expect(within(summary).queryByTestId('summary-verdict')).not.toBeInTheDocument();
  });
});

describe('Insights: the analysed pages (spec §2, §4; issue 29)', () => {
  it('lists the period\'s pages once, from their own call, with no "Showing 100 of N"', async () => {
    const periods: string[] = [];
    server.use(
      http.get('*/api/analysis/pages', ({ request }) => {
        periods.push(new URL(request.url).searchParams.get('period') ?? '');
        return HttpResponse.json(
          buildInsightPages({
            results: [
              buildInsightPage({ id: 'high', url: 'https://www.high.example.com/page', overall_score: 70 }),
            ],
            total: 250,
          }),
        );
      }),
    );
    insightsApi({ current: FEB, '1/2025': JAN });
    show();
    const list = await screen.findByRole('list', { name: messages.insights.pagesTitle });
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(screen.getAllByRole('list', { name: messages.insights.pagesTitle })).toHaveLength(1);
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(screen.getByTestId('pages-range')).toHaveTextContent('1–1 of 250 pages');
    expect(periods).toEqual(['2025-02']);
    await userEvent.click(periodButton("Jan '25"));
    await waitFor(() => expect(periods).toEqual(['2025-02', '2025-01']));
  });

  it("offers the period's top domains as the site filter", async () => {
    insightsApi({ current: FEB });
    show();
    const site = await screen.findByRole('combobox', { name: messages.insights.filterSite });
    expect(
      within(site)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([messages.insights.allSites, 'news.example.com', 'blog.example.org']);
  });

  it('says so when the period mixes analyses of different model versions, and not otherwise', async () => {
    insightsApi({ current: buildInsights({ modelVersions: ['1.3.0', '2.0.0'] }) });
    const { unmount } = show();
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(messages.insights.mixedModels('1.3.0, 2.0.0'));
    expect(note).toHaveTextContent('(1.3.0, 2.0.0)');
    unmount();
    insightsApi({ current: buildInsights({ modelVersions: ['2.0.0'] }) });
    show();
    expect(await screen.findByRole('tab', { name: messages.insights.trends })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});

describe('Insights gating for premium users (spec §2, §4)', () => {
  const questions = [buildQuestion({ id: 'q1' }), buildQuestion({ id: 'q2' })];
  const saveProgress = (answers: Record<string, string>) =>
    localStorage.setItem(STORAGE_KEYS.questionnaireProgress, JSON.stringify({ questions, answers }));

  it.each([
    ['nothing saved', messages.insights.startQuestionnaire, null],
    ['none answered', messages.insights.startQuestionnaire, {}],
    ['some answered', messages.insights.continueQuestionnaire, { q1: 'Morning' }],
    ['all answered', messages.insights.finishQuestionnaire, { q1: 'Morning', q2: 'Evening' }],
  ])("NOT_STARTED, %s → 'Unlock Your Personal Insights' with '%s'", async (_case, label, answers) => {
    if (answers) saveProgress(answers);
    const api = insightsApi({ current: FEB });
    show({ isPremium: true, state: 'NOT_STARTED' });
    expect(screen.getByRole('heading', { name: messages.insights.unlockTitle })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: label }));
    expect(location()).toBe('/auth/dashboard?view=configs');
    expect(api.calls).toEqual([]);
  });

  it.each<QuestionnaireState>(['PROCESSING', 'SUBMITTED'])('%s → Analysis in Progress', (state) => {
    const api = insightsApi({ current: FEB });
    show({ isPremium: true, state });
    expect(screen.getByText(messages.insights.analysisInProgress)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: messages.insights.analyzingResponses })).toBeInTheDocument();
    expect(screen.getByText(messages.insights.processingText)).toBeInTheDocument();
    expect(screen.getByText(messages.insights.processingDuration)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: messages.insights.unlockTitle })).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it.each<[boolean, QuestionnaireState]>([
    [true, 'COMPLETED'],
    [true, 'OPT_OUT'],
    [true, 'FAILED'],
    [false, 'NOT_STARTED'],
    [false, 'PROCESSING'],
  ])('premium %s, %s → the insights', async (isPremium, state) => {
    insightsApi({ current: FEB });
    show({ isPremium, state });
    expect(await screen.findByRole('group', { name: 'Time period' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: messages.insights.unlockTitle })).not.toBeInTheDocument();
    expect(screen.queryByText(messages.insights.analysisInProgress)).not.toBeInTheDocument();
  });
});
