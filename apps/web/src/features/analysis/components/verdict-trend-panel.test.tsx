import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { buildVerdictTrend } from '@mediadiet/contract/fixtures';
import type { VerdictTrendResponse } from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import { server } from '@/testing/msw-server';
import type { Period } from '@/features/analysis/api/get-insights';
import { VerdictTrendPanel } from '@/features/analysis/components/verdict-trend-panel';
import { renderAnalysisUi } from '@/features/analysis/testing/render-analysis';

const FEB: Period = { mm: 2, yy: 2025 };
const MAR: Period = { mm: 3, yy: 2025 };

/**
 * February 2025 against January. February: uplifting 2, neutral 1, draining 1 (50 / 25 / 0 / 25 %) and 2 pages
 * without a verdict; January: draining 2, uplifting 1, neutral 1 (25 / 25 / 0 / 50 %).
 */
const TREND = buildVerdictTrend({
  period: '2025-02',
  buckets: [
    { start: '2025-01-27', counts: { draining: 1, uplifting: 1 } },
    { start: '2025-02-03', counts: { uplifting: 1, neutral: 1 } },
    { start: '2025-02-10', unknown: 2 },
    { start: '2025-02-17' },
    { start: '2025-02-24' },
  ],
  previous: { draining: 2, uplifting: 1, neutral: 1 },
});

type Answer = VerdictTrendResponse | { status: number; error: string } | 'hold';

/** Answers `GET /api/analysis/trends` by `period`, one answer after another for repeated calls; records them. */
function trendApi(answers: Record<string, Answer[]>) {
  const calls: string[] = [];
  const held: (() => void)[] = [];
  server.use(
    http.get('*/api/analysis/trends', async ({ request }) => {
      const period = new URL(request.url).searchParams.get('period') ?? '';
      calls.push(period);
      const queue = answers[period] ?? [];
      const answer = queue.length > 1 ? queue.shift()! : queue[0];
      if (answer === 'hold') {
        await new Promise<void>((resolve) => held.push(resolve));
        return HttpResponse.json(TREND);
      }
      if (!answer) return HttpResponse.json({ success: false, error: `no trend ${period}` }, { status: 500 });
      if ('status' in answer)
        return HttpResponse.json({ success: false, error: answer.error }, { status: answer.status });
      return HttpResponse.json(answer);
    }),
  );
  return { calls, release: () => held.splice(0).forEach((resolve) => resolve()) };
}

function show(period: Period = FEB, current: Period | null = FEB) {
  return renderAnalysisUi(<VerdictTrendPanel period={period} current={current} />);
}

const section = () => screen.getByRole('region', { name: messages.trend.title });

describe('Verdict trend: the change in words (issue 29)', () => {
  it('says which shares fell and rose against the previous month, in whole percents, for this month', async () => {
    const api = trendApi({ '2025-02': [TREND] });
    show();
    expect(await screen.findByText('Draining pages fell from 50 % to 25 % this month.')).toBeInTheDocument();
    expect(screen.getByText('Uplifting pages rose from 25 % to 50 % this month.')).toBeInTheDocument();
    expect(api.calls).toEqual(['2025-02']);
  });

  it('says "stayed at" when the whole percent is the same, and names a past month', async () => {
    trendApi({
      '2025-02': [
        buildVerdictTrend({
          buckets: [{ start: '2025-02-03', counts: { draining: 1, uplifting: 3 } }],
          previous: { draining: 2, uplifting: 6 },
        }),
      ],
    });
    show(FEB, MAR);
    expect(await screen.findByText("Draining pages stayed at 25 % in Feb '25.")).toBeInTheDocument();
    expect(screen.getByText("Uplifting pages stayed at 75 % in Feb '25.")).toBeInTheDocument();
  });

  it('says there is nothing to compare with when the previous period has no page with a verdict', async () => {
    trendApi({
      '2025-02': [buildVerdictTrend({ buckets: [{ start: '2025-02-03', counts: { mixed: 2 } }] })],
    });
    show();
    expect(
      await screen.findByText("No pages with a verdict in Jan '25 to compare with."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/fell|rose|stayed/)).not.toBeInTheDocument();
  });

  it('asks for a whole year and says "this year" against the year before', async () => {
    const api = trendApi({
      '2025': [
        buildVerdictTrend({
          period: '2025',
          buckets: [
            { start: '2025-01-01', counts: { draining: 3, neutral: 1 } },
            { start: '2025-02-01', counts: { draining: 1, neutral: 3 } },
          ],
          previous: { draining: 1, neutral: 1 },
        }),
      ],
    });
    const { container } = show({ mm: null, yy: 2025 }, MAR);
    expect(await screen.findByText('Draining pages stayed at 50 % this year.')).toBeInTheDocument();
    expect(api.calls).toEqual(['2025']);
    expect(screen.getByRole('img', { name: /per month, All of 2025/ })).toBeInTheDocument();
    expect(
      [...container.querySelectorAll('[data-bucket]')].map((bar) => bar.getAttribute('data-bucket')),
    ).toEqual(['2025-01-01', '2025-02-01']);
    await userEvent.click(screen.getByRole('button', { name: messages.trend.showTable }));
    const table = screen.getByRole('table', {
      name: 'Share of pages per verdict, All of 2025 (pages in brackets)',
    });
    expect(within(table).getByRole('columnheader', { name: 'Month' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Feb' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'All of 2024' })).toBeInTheDocument();
  });
});

describe('Verdict trend: the chart and its table', () => {
  it('draws one stacked bar per week, each verdict sized by its pages, with a text legend', async () => {
    trendApi({ '2025-02': [TREND] });
    const { container } = show();
    const chart = await screen.findByRole('img', {
      name: "Stacked bars: the share of uplifting, neutral, mixed and draining pages per week, Feb '25. The numbers are in the table.",
    });
    const bars = container.querySelectorAll('[data-bucket]');
    expect([...bars].map((bar) => bar.getAttribute('data-bucket'))).toEqual([
      '2025-01-27',
      '2025-02-03',
      '2025-02-10',
      '2025-02-17',
      '2025-02-24',
    ]);
    // Each bar named by its week's Monday, day over month.
    expect([...bars].map((bar) => bar.lastElementChild?.textContent)).toEqual([
      '27Jan',
      '3Feb',
      '10Feb',
      '17Feb',
      '24Feb',
    ]);
    expect(chart).toContainElement(bars[0] as HTMLElement);
    const first = [...bars[0]!.querySelectorAll('[data-verdict]')];
    expect(first.map((s) => [s.getAttribute('data-verdict'), (s as HTMLElement).style.flexGrow])).toEqual([
      ['uplifting', '1'],
      ['draining', '1'],
    ]);
    expect(first[1]).toHaveAttribute('title', 'Draining: 50 % (1)');
    // A week without pages with a verdict has no segment.
    expect(bars[2]!.querySelectorAll('[data-verdict]')).toHaveLength(0);
    const legend = within(section()).getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Uplifting', 'Neutral', 'Mixed', 'Draining']);
    expect(screen.getByText('2 pages without a verdict are not counted.')).toBeInTheDocument();
  });

  it('shows the same numbers as a table behind "Show as table", reachable by keyboard', async () => {
    trendApi({ '2025-02': [TREND] });
    show();
    const toggle = await screen.findByRole('button', { name: messages.trend.showTable });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await userEvent.tab();
    expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const table = screen.getByRole('table', {
      name: "Share of pages per verdict, Feb '25 (pages in brackets)",
    });
    expect(screen.getByRole('button', { name: messages.trend.hideTable })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(table);
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Week of', 'Uplifting', 'Neutral', 'Mixed', 'Draining', 'Pages'],
      ['Jan 27', '50 % (1)', '0 % (0)', '0 % (0)', '50 % (1)', '2'],
      ['Feb 3', '50 % (1)', '50 % (1)', '0 % (0)', '0 % (0)', '2'],
      ['Feb 10', '–', '–', '–', '–', '0'],
      ['Feb 17', '–', '–', '–', '–', '0'],
      ['Feb 24', '–', '–', '–', '–', '0'],
      ["Whole period (Feb '25)", '50 % (2)', '25 % (1)', '0 % (0)', '25 % (1)', '4'],
      ["Jan '25", '25 % (1)', '25 % (1)', '0 % (0)', '50 % (2)', '4'],
    ]);

    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('rounds shares to whole percents that add up to 100', async () => {
    trendApi({
      '2025-02': [
        buildVerdictTrend({
          buckets: [{ start: '2025-02-03', counts: { uplifting: 1, neutral: 1, draining: 1 } }],
        }),
      ],
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: messages.trend.showTable }));
    const row = screen.getByRole('row', { name: /^Feb 3/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['34 % (1)', '33 % (1)', '0 % (0)', '33 % (1)', '3']);
  });
});

describe('Verdict trend: loading, empty and error states', () => {
  it('shows a spinner while the trend loads', async () => {
    const api = trendApi({ '2025-02': ['hold'] });
    show();
    expect(await within(section()).findByRole('status')).toHaveTextContent('Loading...');
    api.release();
    expect(await screen.findByText('Draining pages fell from 50 % to 25 % this month.')).toBeInTheDocument();
    expect(within(section()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says "No pages analysed in this period yet" for an empty period, with no chart and no table', async () => {
    trendApi({ '2025-02': [buildVerdictTrend()] });
    show();
    expect(await screen.findByText(messages.trend.empty)).toBe(
      screen.getByText('No pages analysed in this period yet'),
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.trend.showTable })).not.toBeInTheDocument();
  });

  it('says so when the period has pages but none with a verdict', async () => {
    trendApi({ '2025-02': [buildVerdictTrend({ buckets: [{ start: '2025-02-03', unknown: 3 }] })] });
    show();
    expect(
      await screen.findByText(
        '3 pages analysed in this period, but none with a verdict yet, so there is no trend to show.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the error with the server’s words and "Try again", which loads the trend', async () => {
    const resting = { status: 503, error: 'Database is resting' };
    // The load policy asks once more after a second before it shows the error.
    const api = trendApi({ '2025-02': [resting, resting, TREND] });
    show();
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent(messages.trend.loadError);
    expect(alert).toHaveTextContent('Database is resting');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Draining pages fell from 50 % to 25 % this month.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls).toEqual(['2025-02', '2025-02', '2025-02']);
  });
});
