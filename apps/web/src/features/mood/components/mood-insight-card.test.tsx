import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { messages } from '@mediadiet/contract/messages';
import type { MoodInsightResponse } from '@mediadiet/contract/mood';
import { server } from '@/testing/msw-server';
import { createRetrylessQueryClient, renderRoutes } from '@/testing/render-router';
import { MoodInsightCard } from '@/features/mood/components/mood-insight-card';

function answer(insight: Omit<MoodInsightResponse, 'success'>) {
  server.use(http.get('*/api/mood/insight', () => HttpResponse.json({ success: true, ...insight })));
}

const render = () =>
  renderRoutes([{ path: '*', element: <MoodInsightCard /> }], {
    path: '/auth/dashboard',
    queryClient: createRetrylessQueryClient(),
  });

const card = () => screen.findByRole('region', { name: messages.mood.cardTitle });

describe('the “Mood and reading” card', () => {
  it('shows a spinner while the insight loads', async () => {
    server.use(
      http.get('*/api/mood/insight', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    render();
    expect(await within(await card()).findByRole('status')).toHaveTextContent('Loading...');
  });

  it('with no check-ins yet, shows the way to the first insight', async () => {
    answer({
      checkIns: 0,
      required: 14,
      n: null,
      r: null,
      interval: null,
      sentence: messages.mood.needMore(14),
    });
    render();
    const region = await card();
    expect(await within(region).findByText(messages.mood.needMore(14))).toBeInTheDocument();
    expect(within(region).getByText('0 of 14 check-ins')).toBeInTheDocument();
    expect(within(region).getByRole('progressbar', { name: '0 of 14 check-ins' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
  });

  it('below 14 check-ins, shows the progress toward them and no figures', async () => {
    answer({
      checkIns: 9,
      required: 14,
      n: null,
      r: null,
      interval: null,
      sentence: messages.mood.needMore(5),
    });
    render();
    const region = await card();
    expect(await within(region).findByText(messages.mood.needMore(5))).toBeInTheDocument();
    expect(within(region).getByRole('progressbar', { name: '9 of 14 check-ins' })).toHaveAttribute(
      'aria-valuenow',
      '9',
    );
    expect(within(region).queryByText(messages.mood.correlation)).not.toBeInTheDocument();
  });

  it('from 14 check-ins, shows the sentence, the days compared, r and its interval', async () => {
    const sentence = messages.mood.lowerAfterDraining('\u22120.42', 30);
    answer({ checkIns: 31, required: 14, n: 30, r: -0.4213, interval: [-0.6855, -0.0694], sentence });
    render();
    const region = await card();
    // The sentence keeps "r = −0.42" and "30 days" together with no-break spaces; the matcher reads them as spaces.
    expect(await within(region).findByText(sentence.replace(/\u00a0/g, ' '))).toBeInTheDocument();
    const figures = within(region)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(figures).toEqual(['30', '\u22120.42', '\u22120.69 to \u22120.07']);
    expect(
      within(region)
        .getAllByRole('term')
        .map((d) => d.textContent),
    ).toEqual([messages.mood.daysUsed, messages.mood.correlation, messages.mood.interval]);
    expect(within(region).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the no-claim sentence as it is, and a dash for figures that cannot be computed', async () => {
    const sentence = messages.mood.noClearLink(2);
    answer({ checkIns: 14, required: 14, n: 2, r: 1, interval: null, sentence });
    render();
    const region = await card();
    expect(await within(region).findByText(sentence)).toBeInTheDocument();
    expect(
      within(region)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['2', '1.00', '—']);
  });

  it('says when the insight could not be loaded, and tries again', async () => {
    let fail = true;
    server.use(
      http.get('*/api/mood/insight', () =>
        fail
          ? HttpResponse.json({ success: false, error: 'boom' }, { status: 500 })
          : HttpResponse.json({
              success: true,
              checkIns: 3,
              required: 14,
              n: null,
              r: null,
              interval: null,
              sentence: messages.mood.needMore(11),
            }),
      ),
    );
    render();
    const region = await card();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent(messages.mood.insightFailed);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText(messages.mood.needMore(11))).toBeInTheDocument();
  });
});
