import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { toRecentAnalysis, type Analysis, type RecentAnalysesResponse } from '@mediadiet/contract/analysis';
import { CATEGORIES, CATEGORY_IDS } from '@mediadiet/contract/categories';
import { buildAnalysis, buildCategoryScores } from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import { server } from '@/testing/msw-server';
import { HistorySection, type HistorySectionProps } from '@/features/analysis/components/history-section';
import { renderAnalysisUi } from '@/features/analysis/testing/render-analysis';
import { formatDateTime } from '@/features/analysis/utils/format';

/** A page as the server answers it: each analysis as its card (`toRecentAnalysis`). */
function page(results: Analysis[], overrides: Partial<RecentAnalysesResponse> = {}): RecentAnalysesResponse {
  return {
    success: true,
    results: results.map(toRecentAnalysis),
    totals: { touchpoints: results.length, tokens: results.reduce((sum, a) => sum + a.tokens, 0) },
    nextCursor: null,
    ...overrides,
  };
}

/** Answers GET /api/analysis/recent with `pages[cursor ?? '']`, recording every cursor asked for. */
function recent(pages: Record<string, RecentAnalysesResponse>) {
  const cursors: (string | null)[] = [];
  server.use(
    http.get('*/api/analysis/recent', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      cursors.push(cursor);
      const body = pages[cursor ?? ''];
      return body
        ? HttpResponse.json(body)
        : HttpResponse.json({ success: false, error: 'boom' }, { status: 500 });
    }),
  );
  return cursors;
}

const ready: HistorySectionProps = {
  extensionReady: true,
  showSurveyStep: false,
  surveyHref: '?view=configs',
};
const show = (props: Partial<HistorySectionProps> = {}) =>
  renderAnalysisUi(<HistorySection {...ready} {...props} />);
const history = () => screen.getByRole('region', { name: 'History' });
/** The history's cards (the list's own items, not the bars' items inside them). */
const cards = () =>
  Array.from(screen.getByRole('list', { name: 'Recent analyses' }).children).filter(
    (child): child is HTMLElement => child instanceof HTMLElement,
  );
/** A card's one link: its title, stretched over the card, opening the detail. */
const linkOf = (card: HTMLElement) => within(card).getByRole('link');

describe('History view: the five states (spec §2)', () => {
  it('shows a spinner while the first page is fetched', () => {
    server.use(http.get('*/api/analysis/recent', () => delay('infinite')));
    show();
    expect(within(history()).getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText(messages.history.emptyTitle)).not.toBeInTheDocument();
  });

  it("shows 'Failed to load analysis history' when loading fails, and Try again recovers", async () => {
    let fail = true;
    server.use(
      http.get('*/api/analysis/recent', () =>
        fail
          ? HttpResponse.json({ success: false, error: 'boom' }, { status: 500 })
          : HttpResponse.json(page([buildAnalysis()])),
      ),
    );
    show();
    const alert = await within(history()).findByRole('alert');
    expect(alert).toHaveTextContent(messages.loading.analysisHistory);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Recent analyses' })).toBeInTheDocument();
  });

  it('shows the onboarding card with one step while the extension is not ready, even with analyses', async () => {
    recent({ '': page([buildAnalysis()]) });
    show({ extensionReady: false });
    expect(
      await screen.findByRole('heading', { name: 'Almost there! One quick step before seeing your results' }),
    ).toBeInTheDocument();
    const steps = within(history()).getAllByRole('listitem');
    expect(steps).toHaveLength(1);
    expect(steps[0]).toHaveTextContent(messages.history.stepWidget);
    expect(steps[0]).toHaveTextContent(messages.history.stepWidgetHint);
    expect(screen.queryByText(messages.history.stepSurvey)).not.toBeInTheDocument();
    expect(screen.getByText(messages.history.onboardingFooter)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recent analyses' })).not.toBeInTheDocument();
  });

  it('adds the Quick survey step (premium, questionnaire not started): two quick steps', async () => {
    recent({ '': page([]) });
    show({ extensionReady: false, showSurveyStep: true });
    expect(
      await screen.findByRole('heading', {
        name: 'Almost there! Two quick steps before seeing your results',
      }),
    ).toBeInTheDocument();
    const steps = within(history()).getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(steps[1]).toHaveTextContent(messages.history.stepSurvey);
    expect(steps[1]).toHaveTextContent(messages.history.stepSurveyHint);
    expect(within(steps[1]!).getByRole('link', { name: 'Open the survey' })).toHaveAttribute(
      'href',
      '/auth/dashboard?view=configs',
    );
  });

  it('shows the all-set-up empty state with six placeholder cards when there are no analyses', async () => {
    recent({ '': page([]) });
    show();
    expect(await screen.findByRole('heading', { name: "you're all set up" })).toBeInTheDocument();
    expect(screen.getByText(messages.history.emptyText)).toBeInTheDocument();
    const placeholders = screen.getByTestId('placeholder-cards');
    expect(placeholders).toHaveAttribute('aria-hidden', 'true');
    expect(placeholders.children).toHaveLength(6);
  });

  it('shows the window totals and one card per analysis, each linking to its detail', async () => {
    const analyses = [
      buildAnalysis({
        id: 'a-1',
        url: 'https://www.news.example.com/story',
        createdAt: '2025-01-15T10:00:00.000Z',
      }),
      buildAnalysis({
        id: 'a-2',
        url: 'https://blog.example.org/post',
        createdAt: '2025-01-14T18:30:00.000Z',
      }),
    ];
    // Totals cover the whole window, not only the loaded page.
    recent({ '': page(analyses, { totals: { touchpoints: 75, tokens: 123_456 } }) });
    show();
    const list = await screen.findByRole('list', { name: 'Recent analyses' });
    // Each stat is a term (dt) with its value (dd).
    const touchpoints = screen.getByText(messages.history.touchpointsStat);
    expect(touchpoints.tagName).toBe('DT');
    expect(touchpoints.previousElementSibling).toHaveTextContent(/^75$/);
    const tokens = screen.getByText(messages.history.tokensStat);
    expect(tokens.previousElementSibling).toHaveTextContent(/^123,456$/);

    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(2);
    // Named by the page's title (buildAnalysis: 'A story'), its site and time.
    expect(links[0]).toHaveAccessibleName(
      `A story news.example.com ${formatDateTime('2025-01-15T10:00:00.000Z')}`,
    );
    expect(cards()[0]).toHaveTextContent(/Jan 1[45], 2025/);
    // The link shows the words it is named by first: the title (WCAG 2.5.3).
    expect(links[0]).toHaveTextContent(/^A story$/);
    expect(links[0]).toHaveAttribute('href', '/auth/dashboard?analysis=a-1');
    expect(links[1]).toHaveAccessibleName(
      `A story blog.example.org ${formatDateTime('2025-01-14T18:30:00.000Z')}`,
    );
  });

  it('keeps the current parameters in the detail link', async () => {
    recent({ '': page([buildAnalysis({ id: 'a-9' })]) });
    renderAnalysisUi(<HistorySection {...ready} />, { path: '/auth/dashboard?view=insights&period=2025-01' });
    await screen.findByRole('list', { name: 'Recent analyses' });
    expect(linkOf(cards()[0]!)).toHaveAttribute('href', '/auth/dashboard?view=insights&period=2025-01&analysis=a-9');
  });
});

describe('analysis card: Pattern Strength badge (spec §4)', () => {
  it.each([
    [0.6, 'Strong', messages.history.strongPattern],
    [0.95, 'Strong', messages.history.strongPattern],
    [0.5999, 'Moderate', messages.history.moderatePattern],
    [0.4, 'Moderate', messages.history.moderatePattern],
    [0.3999, 'Weak', messages.history.weakPattern],
    [0, 'Weak', messages.history.weakPattern],
    [-0.6, 'Strong', messages.history.strongPattern],
    [-0.45, 'Moderate', messages.history.moderatePattern],
    [-0.39, 'Weak', messages.history.weakPattern],
  ])('correlation %s → %s', async (correlationCoefficient, level, sentence) => {
    recent({
      '': page([
        buildAnalysis({
          classificationAnalysis: { correlationCoefficient, bayesFactor: 1, posteriorProbability: 0.5 },
        }),
      ]),
    });
    show();
    await screen.findByRole('list', { name: 'Recent analyses' });
    const card = cards()[0]!;
    expect(within(card).getByTestId('pattern-strength')).toHaveTextContent(level);
    expect(card).toHaveTextContent(messages.history.patternStrength);
    expect(card).toHaveTextContent(sentence);
  });
});

describe('analysis card: top two pro and top two mal categories (spec §2, §9)', () => {
  it('shows bars for exactly the two highest pro and the two highest mal categories, scores with 3 decimals', async () => {
    const scores: Record<string, number> = {
      joy: 10,
      calm: 81.25,
      gratitude: 5,
      hope: 64.5,
      curiosity: 64.4,
      anger: 12,
      outrage: 33.3333,
      fear: 90,
      anxiety: 32,
    };
    const categoryScores = buildCategoryScores((i) => scores[CATEGORY_IDS[i]!] ?? 1);
    recent({ '': page([buildAnalysis({ categoryScores })]) });
    show();
    await screen.findByRole('list', { name: 'Recent analyses' });
    const card = cards()[0]!;
    const bars = within(card).getAllByRole('listitem');
    expect(bars.map((bar) => [bar.dataset.classification, bar.textContent])).toEqual([
      ['pro', 'Calm81.250%'],
      ['pro', 'Hope64.500%'],
      ['mal', 'Fear90.000%'],
      ['mal', 'Outrage33.333%'],
    ]);
  });

  it("classifies by the score's own Classification, and shows fewer bars when a class has fewer categories", async () => {
    // Every category scored pro except calm, which this analysis scored mal.
    const categoryScores = buildCategoryScores((i) =>
      CATEGORY_IDS[i] === 'joy' ? 70 : CATEGORY_IDS[i] === 'calm' ? 60 : 5,
    );
    for (const id of CATEGORY_IDS) categoryScores[id].Classification = id === 'calm' ? 'mal' : 'pro';
    recent({ '': page([buildAnalysis({ categoryScores })]) });
    show();
    await screen.findByRole('list', { name: 'Recent analyses' });
    const bars = within(cards()[0]!).getAllByRole('listitem');
    expect(bars.map((bar) => [bar.dataset.classification, bar.textContent])).toEqual([
      ['pro', `${CATEGORIES.joy.name}70.000%`],
      ['pro', `${CATEGORIES.gratitude.name}5.000%`],
      ['mal', `${CATEGORIES.calm.name}60.000%`],
    ]);
  });
});

describe('History: Load more (nextCursor)', () => {
  it('loads the next page with the cursor, appends it, and hides the button on the last page', async () => {
    const cursors = recent({
      '': page([buildAnalysis({ id: 'a-1', url: 'https://one.example.com/' })], {
        totals: { touchpoints: 2, tokens: 2400 },
        nextCursor: 'c-1',
      }),
      'c-1': page([buildAnalysis({ id: 'a-2', url: 'https://two.example.com/' })], {
        totals: { touchpoints: 2, tokens: 2400 },
      }),
    });
    show();
    await screen.findByRole('list', { name: 'Recent analyses' });
    expect(cards()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(linkOf(cards()[1]!)).toHaveAccessibleName(/^A story two\.example\.com /);
    expect(cursors).toEqual([null, 'c-1']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when the next page fails, keeping what is shown', async () => {
    recent({ '': page([buildAnalysis()], { nextCursor: 'broken' }) });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loading.analysisHistory);
    expect(cards()).toHaveLength(1);
  });
});

describe("analysis card: the page's title and its verdict in words (issue 29)", () => {
  it('leads with the title and the verdict, then the site, time and the spec figures', async () => {
    recent({
      '': page([
        buildAnalysis({
          title: 'Storm warning for the coast',
          url: 'https://www.news.example.com/storm',
          createdAt: '2025-01-15T10:00:00.000Z',
          verdict: 'draining',
          drivers: ['anger', 'fear'],
          confidence: 0.8,
        }),
      ]),
    });
    show();
    await screen.findByRole('list', { name: 'Recent analyses' });
    const card = cards()[0]!;
    const verdict = within(card).getByTestId('verdict');
    expect(verdict).toHaveTextContent(/^Mostly draining — anger and fear$/);
    expect(verdict).toHaveAttribute('data-verdict', 'draining');
    // The title first, then the verdict, then the site and time, then the spec's figures.
    const text = card.textContent;
    const order = [
      'Storm warning for the coast',
      'Mostly draining — anger and fear',
      'news.example.com',
      formatDateTime('2025-01-15T10:00:00.000Z'),
      messages.history.patternStrength,
      '%',
    ].map((part) => text.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(linkOf(card)).toHaveAccessibleName(
      `Storm warning for the coast news.example.com ${formatDateTime('2025-01-15T10:00:00.000Z')}`,
    );
    expect(linkOf(card)).toHaveAccessibleDescription(/^Mostly draining — anger and fear Pattern Strength/);
    expect(within(card).getByTestId('pattern-strength')).toBeInTheDocument();
  });

  it('without a title, the site leads and the verdict follows it', async () => {
    recent({
      '': page([
        buildAnalysis({
          title: undefined,
          url: 'https://quiet.example.org/post',
          createdAt: '2025-01-15T10:00:00.000Z',
          verdict: 'uplifting',
          drivers: ['hope'],
        }),
      ]),
    });
    show();
    await screen.findByRole('list', { name: 'Recent analyses' });
    const card = cards()[0]!;
    expect(linkOf(card)).toHaveAccessibleName(`quiet.example.org ${formatDateTime('2025-01-15T10:00:00.000Z')}`);
    expect(within(card).getByTestId('verdict')).toHaveTextContent(/^Uplifting — hope$/);
    expect(card.textContent.indexOf('quiet.example.org')).toBeLessThan(card.textContent.indexOf('Uplifting'));
    // The site is shown once, as the lead.
    expect(within(card).getAllByText('quiet.example.org')).toHaveLength(1);
  });

  it('an analysis from before verdicts shows no verdict, and the rest as before', async () => {
    recent({ '': page([buildAnalysis({ title: 'An older read' })]) });
    show();
    await screen.findByRole('list', { name: 'Recent analyses' });
    const card = cards()[0]!;
    expect(within(card).queryByTestId('verdict')).not.toBeInTheDocument();
    for (const name of ['Uplifting', 'Neutral', 'Mixed', 'Mostly draining'])
      expect(card).not.toHaveTextContent(name);
    expect(card).toHaveTextContent('An older read');
    expect(linkOf(card)).toHaveAccessibleDescription(/^Pattern Strength/);
    expect(within(card).getByTestId('pattern-strength')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem')).toHaveLength(4);
  });

  it.each([
    ['uplifting', ['hope'], 'Uplifting — hope'],
    ['neutral', [], 'Neutral — nothing strongly felt'],
    ['mixed', ['joy', 'sadness'], 'Mixed — joy and sadness'],
    ['draining', ['anger', 'fear'], 'Mostly draining — anger and fear'],
  ] as const)('says a %s page in words, with a decorative mark', async (verdict, drivers, words) => {
    recent({ '': page([buildAnalysis({ verdict, drivers: [...drivers] })]) });
    show();
    await screen.findByRole('list', { name: 'Recent analyses' });
    const line = within(cards()[0]!).getByTestId('verdict');
    expect(line).toHaveTextContent(new RegExp(`^${words}$`));
    expect(line).toHaveAttribute('data-verdict', verdict);
    const mark = line.querySelector('svg');
    expect(mark).toHaveAttribute('aria-hidden', 'true');
  });
});
