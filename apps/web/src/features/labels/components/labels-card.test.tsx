import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import type { LabelInsightsResponse, VerdictTotals } from '@mediadiet/contract/labels';
import { messages } from '@mediadiet/contract/messages';
import { server } from '@/testing/msw-server';
import { createRetrylessQueryClient, renderRoutes } from '@/testing/render-router';
import { LabelsCard } from '@/features/labels/components/labels-card';

const counts = (uplifting: number, neutral: number, mixed: number, draining: number): VerdictTotals => ({
  uplifting,
  neutral,
  mixed,
  draining,
});
const span = { from: '2025-02-21', to: '2025-03-20' };

/** The hand-counted answer of the server's test: figures (a) 55 % less often, (b) down from 40 % to 20 %. */
const FILLED: LabelInsightsResponse = {
  success: true,
  today: '2025-03-20',
  since: '2025-03-03',
  weeks: [
    { week: '2025-03-03', shown: counts(50, 0, 0, 50), opened: counts(5, 0, 0, 40) },
    { week: '2025-03-10', shown: counts(10, 10, 0, 15), opened: counts(4, 2, 0, 3) },
    { week: '2025-03-17', shown: counts(500, 400, 300, 1000), opened: counts(1, 0, 1, 0) },
  ],
  opened: {
    span,
    shownDraining: 25,
    openedDraining: 3,
    shownOther: 30,
    openedOther: 8,
    value: 0.55,
    reason: null,
    sentence: messages.labels.openedLess(55),
  },
  beforeLabels: {
    before: { span: { from: '2025-02-03', to: '2025-03-02' }, pages: 20, draining: 8 },
    after: { span: { from: '2025-03-03', to: '2025-03-20' }, pages: 25, draining: 5 },
    beforeShare: 0.4,
    afterShare: 0.2,
    change: -0.5,
    reason: null,
    sentence: messages.labels.beforeLower(20, 40),
  },
};

function answer(body: LabelInsightsResponse) {
  server.use(http.get('*/api/labels/insights', () => HttpResponse.json(body)));
}

const render = () =>
  renderRoutes([{ path: '*', element: <LabelsCard /> }], {
    path: '/auth/dashboard',
    queryClient: createRetrylessQueryClient(),
  });

const card = () => screen.findByRole('region', { name: messages.labels.cardTitle });
/** The sentences keep "55 %" together with a no-break space; the matcher reads it as a space. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the “Labels on links” card', () => {
  it('shows a spinner while the figures load', async () => {
    server.use(
      http.get('*/api/labels/insights', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    render();
    expect(await within(await card()).findByRole('status')).toHaveTextContent('Loading...');
  });

  it('before any label was shown, says what labels are and where to switch them on', async () => {
    answer({ success: true, today: '2025-03-20', since: null, weeks: [], opened: null, beforeLabels: null });
    render();
    const region = await card();
    expect(
      await within(region).findByText(
        'Switch on labels in the Media Diet extension to see how they change what you open.',
      ),
    ).toBeInTheDocument();
    expect(within(region).getByText(messages.labels.emptyWhat)).toBeInTheDocument();
    expect(within(region).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says both figures and lists the weeks, newest first, with labels shown, opened and opened draining', async () => {
    answer(FILLED);
    render();
    const region = await card();
    expect(
      await within(region).findByText('You opened draining results 55 % less often than other results.'),
    ).toBeInTheDocument();
    expect(
      within(region).getByText(
        'Draining pages were 20 % of your reading in the last 4 weeks, down from 40 % in the 4 weeks before labels.',
      ),
    ).toBeInTheDocument();

    const table = within(region).getByRole('table', { name: messages.labels.tableCaption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Week of', 'Labels shown', 'Opened', 'Opened draining']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        ...within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ]);
    expect(rows).toEqual([
      ['Mar 17', '2,200', '2', '0'],
      ['Mar 10', '35', '9', '3'],
      ['Mar 3', '100', '45', '40'],
    ]);
    // The scrolling box of the numbers can take keyboard focus.
    expect(within(region).getByRole('region', { name: messages.labels.tableCaption })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it('says why a figure is not given yet, in plain words', async () => {
    const fewLabels = messages.labels.openedFewLabels(20, 7, 35);
    answer({
      ...FILLED,
      opened: { ...FILLED.opened!, value: null, reason: 'few_labels', sentence: fewLabels },
      beforeLabels: {
        ...FILLED.beforeLabels!,
        beforeShare: null,
        afterShare: null,
        change: null,
        reason: 'few_pages',
        sentence: messages.labels.beforeFewPages(10),
      },
    });
    render();
    const region = await card();
    expect(await within(region).findByText(plain(fewLabels))).toBeInTheDocument();
    expect(within(region).getByText(messages.labels.beforeFewPages(10))).toBeInTheDocument();
    expect(within(region).queryByText(/less often/)).not.toBeInTheDocument();
  });

  it('says when the figures could not be loaded, and tries again', async () => {
    let fail = true;
    server.use(
      http.get('*/api/labels/insights', () =>
        fail
          ? HttpResponse.json({ success: false, error: 'boom' }, { status: 500 })
          : HttpResponse.json(FILLED),
      ),
    );
    render();
    const region = await card();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent(messages.labels.loadFailed);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText(plain(messages.labels.openedLess(55)))).toBeInTheDocument();
  });
});
