import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildVerdictTrend } from '@mediadiet/contract/fixtures';
import type { TopDomain, VerdictTrendResponse } from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import { server } from '@/testing/msw-server';
import type { Period } from '@/features/analysis/api/get-insights';
import { PrintedSummary, SUMMARY_TOP_SITES } from '@/features/analysis/components/printed-summary';
import { renderAnalysisUi } from '@/features/analysis/testing/render-analysis';

const FEB: Period = { mm: 2, yy: 2025 };
const MARCH: Period = { mm: 3, yy: 2025 };

const DOMAINS: TopDomain[] = [
  { domain: 'news.example.com', averageScore: 55.55, visitCount: 1200 },
  // The same site as the one above once "www." is dropped: one row, visits added.
  { domain: 'www.news.example.com', averageScore: 40, visitCount: 34 },
  { domain: 'blog.example.org', averageScore: 12, visitCount: 9 },
  { domain: 'a.example.net', averageScore: 30, visitCount: 5 },
  { domain: 'b.example.net', averageScore: 30, visitCount: 4 },
  { domain: 'c.example.net', averageScore: 30, visitCount: 3 },
  { domain: 'one.example.net', averageScore: 30, visitCount: 1 },
];

/** Answers `GET /api/analysis/trends` with `answer`: a trend, a failure, or never ('hold'). */
function trendApi(answer: VerdictTrendResponse | 'fail' | 'hold') {
  const periods: string[] = [];
  server.use(
    http.get('*/api/analysis/trends', async ({ request }) => {
      periods.push(new URL(request.url).searchParams.get('period') ?? '');
      if (answer === 'hold') await new Promise(() => {});
      if (answer === 'fail') return HttpResponse.json({ success: false, error: 'boom' }, { status: 500 });
      return HttpResponse.json(answer);
    }),
  );
  return periods;
}

function show({
  reader = 'Ada Lovelace',
  period = FEB,
  topDomains = DOMAINS,
}: { reader?: string; period?: Period; topDomains?: TopDomain[] } = {}) {
  renderAnalysisUi(
    <PrintedSummary reader={reader} period={period} current={MARCH} topDomains={topDomains} />,
  );
  return screen.getByRole('region', { name: messages.report.summaryTitle });
}

/** The "Prepared for / Period / Generated" lines as label → value. */
function facts(summary: HTMLElement): Record<string, string> {
  const terms = within(summary).getAllByRole('term');
  return Object.fromEntries(terms.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']));
}

beforeEach(() => {
  // Only the clock: the requests and React's scheduling keep their real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 3, 10, 0));
});
afterEach(() => vi.useRealTimers());

describe('the printed summary (Export PDF, issue 29)', () => {
  it('is printed only: hidden from the screen (and so from assistive technology) with display: none', () => {
    trendApi('hold');
    const summary = show();
    expect(summary).toHaveClass('hidden', 'print:block', 'break-after-page');
  });

  it("with data: the reader, the period written out, the day printed, the period's verdict with whole percents, the change in words and the top sites", async () => {
    const periods = trendApi(
      buildVerdictTrend({
        buckets: [{ start: '2025-02-03', counts: { neutral: 5, draining: 2, uplifting: 1 } }],
        previous: { draining: 1, uplifting: 1 },
      }),
    );
    const summary = show();
    expect(facts(summary)).toEqual({
      [messages.report.preparedFor]: 'Ada Lovelace',
      [messages.report.period]: 'February 2025',
      [messages.report.generated]: 'March 3, 2025',
    });
    const verdict = await within(summary).findByTestId('summary-verdict');
    expect(periods).toEqual(['2025-02']);
    expect(verdict).toHaveTextContent(/^Mostly neutral$/);
    expect(verdict).toHaveAttribute('data-verdict', 'neutral');
    // 5 of 8 pages: 62 %, as the trend's whole percents (which add up to 100) state it.
    expect(within(summary).getByText('62 % of the 8 pages with a verdict')).toBeInTheDocument();
    const shares = within(within(summary).getByRole('list', { name: messages.report.feltTitle }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(shares).toEqual(['Uplifting 13 %', 'Neutral 62 %', 'Mixed 0 %', 'Draining 25 %']);
    expect(within(summary).getByText('Compared with January 2025')).toBeInTheDocument();
    expect(
      within(summary).getByText('Draining pages fell from 50 % to 25 % in February 2025.'),
    ).toBeInTheDocument();
    expect(
      within(summary).getByText('Uplifting pages fell from 50 % to 13 % in February 2025.'),
    ).toBeInTheDocument();

    const sites = within(summary).getByRole('list', { name: messages.report.topSitesTitle });
    const rows = within(sites)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(rows).toHaveLength(SUMMARY_TOP_SITES);
    expect(rows).toEqual([
      '1.news.example.com1,234 visits',
      '2.blog.example.org9 visits',
      '3.a.example.net5 visits',
      '4.b.example.net4 visits',
      '5.c.example.net3 visits',
    ]);
    expect(within(summary).getByText(messages.report.detailsFollow)).toBeInTheDocument();
  });

  it('says "this month" for the current month and names a missing comparison', async () => {
    trendApi(
      buildVerdictTrend({
        period: '2025-03',
        buckets: [{ start: '2025-03-03', counts: { uplifting: 3, draining: 1 } }],
        previousPeriod: '2025-02',
      }),
    );
    const summary = show({ period: MARCH, topDomains: [DOMAINS[6]!] });
    expect(await within(summary).findByTestId('summary-verdict')).toHaveTextContent('Mostly uplifting');
    expect(within(summary).getByText('75 % of the 4 pages with a verdict')).toBeInTheDocument();
    expect(within(summary).getByText('Compared with February 2025')).toBeInTheDocument();
    expect(within(summary).getByText(messages.trend.noPrevious('February 2025'))).toBeInTheDocument();
    expect(within(summary).getByText('one.example.net').parentElement).toHaveTextContent('1 visit');
    expect(within(summary).getByText('one.example.net').parentElement).not.toHaveTextContent('visits');
  });

  it('names a whole year by its number, and leaves out "Prepared for" without a reader', async () => {
    trendApi(
      buildVerdictTrend({
        period: '2024',
        buckets: [{ start: '2024-01-01', counts: { draining: 3, neutral: 1 } }],
        previous: { draining: 1, neutral: 1 },
        previousPeriod: '2023',
      }),
    );
    const summary = show({ period: { mm: null, yy: 2024 }, reader: '' });
    expect(facts(summary)).toEqual({
      [messages.report.period]: '2024',
      [messages.report.generated]: 'March 3, 2025',
    });
    expect(await within(summary).findByTestId('summary-verdict')).toHaveTextContent('Mostly draining');
    expect(within(summary).getByText('Compared with 2023')).toBeInTheDocument();
    expect(within(summary).getByText('Draining pages rose from 50 % to 75 % in 2024.')).toBeInTheDocument();
  });

  it('while the trend loads: the reader, period, date and top sites, and a line that the verdict was still loading', () => {
    trendApi('hold');
    const summary = show();
    expect(facts(summary)[messages.report.period]).toBe('February 2025');
    expect(within(summary).getByText(messages.report.stillLoading)).toBeInTheDocument();
    expect(within(summary).queryByTestId('summary-verdict')).not.toBeInTheDocument();
    expect(within(summary).getByText('news.example.com')).toBeInTheDocument();
  });

  it('empty: a period without pages says so, for the verdict and for the sites', async () => {
    trendApi(buildVerdictTrend({ buckets: [{ start: '2025-02-03' }] }));
    const summary = show({ topDomains: [] });
    expect(await within(summary).findByText(messages.trend.empty)).toBeInTheDocument();
    expect(within(summary).getByText(messages.insights.emptyPeriod)).toBeInTheDocument();
    expect(within(summary).queryByTestId('summary-verdict')).not.toBeInTheDocument();
    expect(within(summary).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('pages without a verdict: says how many, with no verdict guessed', async () => {
    trendApi(buildVerdictTrend({ buckets: [{ start: '2025-02-03', unknown: 3 }] }));
    const summary = show();
    expect(await within(summary).findByText(messages.trend.noVerdicts(3))).toBeInTheDocument();
    expect(within(summary).queryByTestId('summary-verdict')).not.toBeInTheDocument();
  });

  it('a trend that fails to load is named, not guessed', async () => {
    trendApi('fail');
    const summary = show();
    expect(await within(summary).findByText(messages.trend.loadError)).toBeInTheDocument();
    expect(within(summary).queryByText(messages.report.stillLoading)).not.toBeInTheDocument();
  });

  it('states the day of printing: the date is read again when the browser is about to print', () => {
    trendApi('hold');
    const summary = show();
    expect(facts(summary)[messages.report.generated]).toBe('March 3, 2025');
    vi.setSystemTime(new Date(2025, 2, 5, 9, 0));
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(facts(summary)[messages.report.generated]).toBe('March 5, 2025');
  });
});
