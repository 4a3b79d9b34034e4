import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { buildInsightPage, buildInsightPages } from '@mediadiet/contract/fixtures';
import type { InsightPagesResponse } from '@mediadiet/contract/insights';
import { messages } from '@mediadiet/contract/messages';
import { server } from '@/testing/msw-server';
import { InsightPages } from '@/features/analysis/components/insight-pages';
import { renderAnalysisUi } from '@/features/analysis/testing/render-analysis';
import { formatDateTime } from '@/features/analysis/utils/format';

const FEB = { mm: 2, yy: 2025 };
const SITES = ['news.example.com', 'blog.example.org'];

/** 45 pages of February: page n of 3 (20, 20, 5 rows), each row named after its position. */
function pageOf(page: number): InsightPagesResponse {
  const from = (page - 1) * 20;
  const count = Math.max(0, Math.min(20, 45 - from));
  return buildInsightPages({
    period: '2025-02',
    page,
    total: 45,
    results: Array.from({ length: count }, (_, i) =>
      buildInsightPage({ id: `p${from + i + 1}`, url: `https://news.example.com/p${from + i + 1}` }),
    ),
  });
}

type Answer = InsightPagesResponse | { status: number; error: string } | 'hold';

/** Answers the list's calls (each query as its search text) with `answer`, and records them. */
function pagesApi(answer: (query: URLSearchParams) => Answer) {
  const calls: string[] = [];
  server.use(
    http.get('*/api/analysis/pages', async ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.push(query.toString());
      const given = answer(query);
      if (given === 'hold') return new Promise<never>(() => {});
      if ('status' in given)
        return HttpResponse.json({ success: false, error: given.error }, { status: given.status });
      return HttpResponse.json(given);
    }),
  );
  return calls;
}

const show = (path = '/auth/dashboard?period=2025-02') =>
  renderAnalysisUi(<InsightPages period={FEB} sites={SITES} />, { path });
const location = () => screen.getByTestId('location').textContent;
const list = () => screen.getByRole('list', { name: messages.insights.pagesTitle });

describe("The period's analysed pages (issue 29)", () => {
  it('shows a spinner while the first page loads', async () => {
    pagesApi(() => 'hold');
    show();
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: messages.insights.pagesTitle })).not.toBeInTheDocument();
  });

  it('shows the failure with "Try again", which asks again', async () => {
    let fail = true;
    const calls = pagesApi(() => (fail ? { status: 503, error: 'Database is resting' } : pageOf(1)));
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.insights.pagesLoadError);
    expect(alert).toHaveTextContent('Database is resting');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: messages.insights.pagesTitle })).toBeInTheDocument();
    // The first load, its one quick retry (load-policy.ts), then "Try again".
    expect(calls).toHaveLength(3);
  });

  it("says 'No insights available for this period' when the period has no pages", async () => {
    pagesApi(() => buildInsightPages({ results: [], total: 0 }));
    show();
    expect(await screen.findByText(messages.insights.emptyPeriod)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.insights.clearFilters })).not.toBeInTheDocument();
  });

  it('shows each page with its title, verdict, host, time and Overall Impact, and opens the detail', async () => {
    pagesApi(() =>
      buildInsightPages({
        results: [
          buildInsightPage({
            id: 'titled',
            url: 'https://news.example.com/story',
            title: 'Storm warning for the coast',
            verdict: 'draining',
            drivers: ['fear', 'anxiety'],
            overall_score: 72,
            createdAt: '2025-02-10T14:30:00.000Z',
          }),
          buildInsightPage({ id: 'plain', url: 'https://blog.example.org/a', overall_score: 39.94 }),
        ],
      }),
    );
    show();
    const list = await screen.findByRole('list', { name: messages.insights.pagesTitle });
    const rows = Array.from(list.children).filter((row): row is HTMLElement => row instanceof HTMLElement);
    const [first, second] = rows.map((row) => within(row).getByRole('link'));
    expect(first).toHaveAccessibleName(
      `Storm warning for the coast news.example.com ${formatDateTime('2025-02-10T14:30:00.000Z')}`,
    );
    // The link shows the words it is named by first (WCAG 2.5.3); it is stretched over the row.
    expect(first).toHaveTextContent(/^Storm warning for the coast$/);
    expect(first).toHaveAccessibleDescription(/Mostly draining — fear and anxiety/);
    expect(within(rows[0]!).getByTestId('overall-impact')).toHaveAttribute('data-impact', 'high');
    expect(rows[0]).toHaveTextContent('72.0%');
    expect(first).toHaveAttribute('href', '/auth/dashboard?period=2025-02&analysis=titled');
    expect(second).toHaveAccessibleName(/^blog\.example\.org /);
    expect(within(rows[1]!).getByTestId('overall-impact')).toHaveAttribute('data-impact', 'low');
    expect(within(rows[1]!).queryByTestId('verdict')).not.toBeInTheDocument();
  });

  it('reaches every page of the period with Next and Previous, keeping the page in the address', async () => {
    const calls = pagesApi((query) => pageOf(Number(query.get('page') ?? '1')));
    show();
    expect(await screen.findByText(messages.insights.pageOf(1, 3))).toBeInTheDocument();
    expect(screen.getByTestId('pages-range')).toHaveTextContent('1–20 of 45 pages');
    expect(screen.getByRole('button', { name: messages.insights.previousPage })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: messages.insights.nextPage }));
    expect(await screen.findByText(messages.insights.pageOf(2, 3))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: messages.insights.nextPage }));
    expect(await screen.findByText(messages.insights.pageOf(3, 3))).toBeInTheDocument();
    expect(screen.getByTestId('pages-range')).toHaveTextContent('41–45 of 45 pages');
    expect(within(list()).getAllByRole('link')).toHaveLength(5);
    expect(screen.getByRole('button', { name: messages.insights.nextPage })).toBeDisabled();
    expect(location()).toBe('/auth/dashboard?period=2025-02&page=3');
    await userEvent.click(screen.getByRole('button', { name: messages.insights.previousPage }));
    expect(await screen.findByText(messages.insights.pageOf(2, 3))).toBeInTheDocument();
    expect(calls).toEqual(['period=2025-02', 'period=2025-02&page=2', 'period=2025-02&page=3']);
  });

  it('filters by verdict, category and site from the keyboard, back to the first page each time', async () => {
    const calls = pagesApi((query) =>
      query.get('verdict') ? pageOf(1) : pageOf(Number(query.get('page') ?? '1')),
    );
    show('/auth/dashboard?period=2025-02&page=2');
    expect(await screen.findByText(messages.insights.pageOf(2, 3))).toBeInTheDocument();
    const verdict = screen.getByRole('combobox', { name: messages.insights.filterVerdict });
    await userEvent.selectOptions(verdict, 'draining');
    await waitFor(() => expect(location()).toBe('/auth/dashboard?period=2025-02&verdict=draining'));
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: messages.insights.filterCategory }),
      'anger',
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: messages.insights.filterSite }),
      'blog.example.org',
    );
    await waitFor(() =>
      expect(calls.at(-1)).toBe('period=2025-02&verdict=draining&category=anger&site=blog.example.org'),
    );
    expect(calls).toContain('period=2025-02&verdict=draining');
    // The category list is grouped pro / mal.
    const category = screen.getByRole('combobox', { name: messages.insights.filterCategory });
    expect(
      within(category)
        .getAllByRole('group')
        .map((g) => g.getAttribute('label')),
    ).toEqual(['Pro', 'Mal']);
    // Keyboard: the selects are reachable with Tab, in order.
    verdict.focus();
    await userEvent.tab();
    expect(category).toHaveFocus();
  });

  it('says when no page matches the filters, and "Clear filters" shows them all again', async () => {
    const calls = pagesApi((query) =>
      query.get('site') ? buildInsightPages({ results: [], total: 0 }) : pageOf(1),
    );
    show('/auth/dashboard?period=2025-02&site=news.example.com&verdict=mixed');
    expect(await screen.findByText(messages.insights.noMatch)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: messages.insights.clearFilters }));
    expect(await screen.findByRole('list', { name: messages.insights.pagesTitle })).toBeInTheDocument();
    expect(location()).toBe('/auth/dashboard?period=2025-02');
    expect(calls).toEqual(['period=2025-02&verdict=mixed&site=news.example.com', 'period=2025-02']);
  });

  it('ignores filters in the address that are not ones it knows', async () => {
    const calls = pagesApi(() => pageOf(1));
    show('/auth/dashboard?period=2025-02&verdict=sad&category=boredom&site=a%20b&page=-3');
    expect(await screen.findByRole('list', { name: messages.insights.pagesTitle })).toBeInTheDocument();
    expect(calls).toEqual(['period=2025-02']);
  });
});
