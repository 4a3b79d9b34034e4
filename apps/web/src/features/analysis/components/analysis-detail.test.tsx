import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import type { Analysis } from '@mediadiet/contract/analysis';
import { buildAnalysis, buildCategoryScores } from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import { server } from '@/testing/msw-server';
import { AnalysisDetail } from '@/features/analysis/components/analysis-detail-view';
import { renderAnalysisUi } from '@/features/analysis/testing/render-analysis';
import { formatDateTime } from '@/features/analysis/utils/format';

function answer(analysis: Analysis) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/analysis/get/:id', ({ params }) => {
      asked.push(String(params.id));
      return HttpResponse.json({ success: true, analysis });
    }),
  );
  return asked;
}

function open(id = 'analysis-1') {
  const onBack = vi.fn();
  const onClose = vi.fn();
  renderAnalysisUi(<AnalysisDetail id={id} onBack={onBack} onClose={onClose} />);
  return { onBack, onClose };
}

const field = (label: string) => {
  const term = within(screen.getByTestId('analysis-summary')).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
};
const group = (name: string) => screen.getByRole('region', { name });

describe('Analysis detail (spec §2)', () => {
  it('shows URL, Tokens, Created, correlation, Bayes factor and probability', async () => {
    const asked = answer(
      buildAnalysis({
        id: 'a-42',
        url: 'https://www.news.example.com/story?id=1',
        title: 'Storm over the harbour',
        tokens: 12_345,
        createdAt: '2025-01-15T10:00:00.000Z',
        classificationAnalysis: {
          correlationCoefficient: -0.4567,
          bayesFactor: 3.2,
          posteriorProbability: 0.76,
        },
      }),
    );
    open('a-42');
    expect(await screen.findByRole('heading', { level: 3, name: 'Storm over the harbour' })).toHaveFocus();
    expect(asked).toEqual(['a-42']);
    expect(within(field('URL')).getByRole('link')).toHaveAttribute(
      'href',
      'https://www.news.example.com/story?id=1',
    );
    expect(field('Tokens')).toHaveTextContent('12,345');
    expect(field('Created')).toHaveTextContent(formatDateTime('2025-01-15T10:00:00.000Z'));
    expect(field('Created')).toHaveTextContent(/Jan 1[45], 2025/);
    expect(field('Correlation')).toHaveTextContent('-0.457');
    expect(field('Bayes factor')).toHaveTextContent('3.200');
    expect(field('Probability')).toHaveTextContent('76.000%');
    expect(screen.getByTestId('pattern-strength')).toHaveTextContent('Moderate');
  });

  it('shows a card per category, pro and mal apart, styled by classification, highest score first', async () => {
    answer(buildAnalysis({ categoryScores: buildCategoryScores((i) => i * 6.5) }));
    open();
    const pro = await screen.findByRole('region', { name: 'Pro categories' });
    const mal = group('Mal categories');
    const proCards = within(pro).getAllByRole('listitem');
    const malCards = within(mal).getAllByRole('listitem');
    expect(proCards).toHaveLength(7);
    expect(malCards).toHaveLength(7);
    expect(proCards.every((card) => card.dataset.classification === 'pro')).toBe(true);
    expect(malCards.every((card) => card.dataset.classification === 'mal')).toBe(true);
    expect(proCards[0]!.className).not.toBe(malCards[0]!.className);
    // buildCategoryScores: index × 6.5; awe (index 6) is the top pro, envy (13) the top mal.
    expect(within(proCards[0]!).getByRole('button')).toHaveTextContent('AweScore 39.000%');
    expect(within(malCards[0]!).getByRole('button')).toHaveTextContent('EnvyScore 84.500%');
  });

  it('a category card expands to Bayes, Probability and N, and collapses again (mouse and keyboard)', async () => {
    const categoryScores = buildCategoryScores(() => 10);
    categoryScores.fear = {
      BaseScore: 42.12345,
      Classification: 'mal',
      BayesFactor: 2.5,
      PosteriorProbability: 0.8123,
      EffectiveN: 12.25,
    };
    answer(buildAnalysis({ categoryScores }));
    open();
    const button = await screen.findByRole('button', { name: /^Fear/ });
    expect(button).toHaveTextContent('Score 42.123%');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const figures = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(figures).not.toBeVisible();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(figures).toBeVisible();
    const value = (label: string) => within(figures).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value(messages.history.bayes)).toHaveTextContent('2.500');
    expect(value(messages.history.probability)).toHaveTextContent('81.230%');
    expect(value(messages.history.effectiveN)).toHaveTextContent('12.3');

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(figures).not.toBeVisible();

    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('Back calls back', async () => {
    answer(buildAnalysis());
    const { onBack, onClose } = open();
    await screen.findByRole('region', { name: 'Pro categories' });
    await userEvent.click(screen.getByRole('button', { name: messages.history.back }));
    expect(onBack).toHaveBeenCalledOnce();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a spinner while loading, with Back available', () => {
    server.use(http.get('*/api/analysis/get/:id', () => delay('infinite')));
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('button', { name: messages.history.back })).toBeInTheDocument();
  });

  it("shows 'Failed to load analysis details' when loading fails, and stays open", async () => {
    server.use(
      http.get('*/api/analysis/get/:id', () =>
        HttpResponse.json({ success: false, error: 'boom' }, { status: 500 }),
      ),
    );
    const { onClose } = open();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loading.analysisDetails);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText(messages.loading.fetchingData)).not.toBeInTheDocument();
  });

  it("without analysis data (404) shows the toast 'Error fetching your data' and closes", async () => {
    server.use(
      http.get('*/api/analysis/get/:id', () =>
        HttpResponse.json({ success: false, error: messages.server.analysisNotFound }, { status: 404 }),
      ),
    );
    const { onClose } = open('missing');
    expect(
      await within(screen.getByTestId('toasts')).findByText(messages.loading.fetchingData),
    ).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByRole('alert', { name: messages.loading.analysisDetails })).not.toBeInTheDocument();
  });

  it('without an id shows the same toast and closes, asking nothing', async () => {
    const asked = answer(buildAnalysis());
    const { onClose } = open('');
    expect(
      await within(screen.getByTestId('toasts')).findByText(messages.loading.fetchingData),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(asked).toEqual([]);
  });
});

describe("Analysis detail: the page's title and its verdict in words (issue 29)", () => {
  const heading = () => screen.findByRole('heading', { level: 3 });

  it('leads with the title, the site and the verdict, above the spec figures', async () => {
    answer(
      buildAnalysis({
        url: 'https://www.news.example.com/storm',
        title: 'Storm warning for the coast',
        verdict: 'draining',
        drivers: ['anger', 'fear'],
        confidence: 0.8,
        classificationAnalysis: {
          correlationCoefficient: 0.1,
          bayesFactor: 0.216,
          posteriorProbability: 0.1777,
        },
      }),
    );
    open();
    expect(await heading()).toHaveTextContent(/^Storm warning for the coast$/);
    const verdict = screen.getByTestId('verdict');
    expect(verdict).toHaveTextContent(/^Mostly draining — anger and fear$/);
    const summary = screen.getByTestId('analysis-summary');
    // The plain layer comes first (title, site, verdict); the spec's figures stay as they are, below it.
    const [title, site] = [screen.getByRole('heading', { level: 3 }), screen.getByText('news.example.com')];
    for (const [before, after] of [
      [title, site],
      [site, verdict],
      [verdict, summary],
    ] as const)
      expect(before.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(field('Bayes factor')).toHaveTextContent('0.216');
    expect(field('Probability')).toHaveTextContent('17.770%');
    expect(screen.getByTestId('pattern-strength')).toHaveTextContent('Weak');
  });

  it('without a title, the site is the heading and the verdict follows it', async () => {
    answer(
      buildAnalysis({
        title: undefined,
        url: 'https://quiet.example.org/p',
        verdict: 'uplifting',
        drivers: ['hope'],
      }),
    );
    open();
    expect(await heading()).toHaveTextContent(/^quiet\.example\.org$/);
    expect(screen.getByTestId('verdict')).toHaveTextContent(/^Uplifting — hope$/);
    // The site is not repeated under the heading (the URL field still has the whole address).
    expect(screen.queryByText('quiet.example.org', { selector: 'p' })).not.toBeInTheDocument();
  });

  it('an analysis from before verdicts shows no verdict, and all its figures', async () => {
    answer(buildAnalysis({ title: 'An older read' }));
    open();
    expect(await heading()).toHaveTextContent('An older read');
    expect(screen.queryByTestId('verdict')).not.toBeInTheDocument();
    for (const name of ['Uplifting', 'Neutral', 'Mixed', 'Mostly draining'])
      expect(screen.queryByText(new RegExp(`^${name}`))).not.toBeInTheDocument();
    expect(field('Probability')).toHaveTextContent('76.000%');
    expect(screen.getByTestId('pattern-strength')).toBeInTheDocument();
  });

  it.each([
    ['uplifting', ['hope', 'joy'], 'Uplifting — hope and joy'],
    ['neutral', [], 'Neutral — nothing strongly felt'],
    ['mixed', ['joy', 'sadness'], 'Mixed — joy and sadness'],
    ['draining', ['outrage'], 'Mostly draining — outrage'],
  ] as const)('says a %s page in words', async (verdict, drivers, words) => {
    answer(buildAnalysis({ verdict, drivers: [...drivers] }));
    open();
    await heading();
    const line = screen.getByTestId('verdict');
    expect(line).toHaveTextContent(new RegExp(`^${words}$`));
    expect(line).toHaveAttribute('data-verdict', verdict);
  });
});

describe('Analysis detail: "What do these numbers mean?" (issue 29)', () => {
  const sentences = [
    messages.history.numbersHelpPatternStrength,
    messages.history.numbersHelpBayesFactor,
    messages.history.numbersHelpProbability,
  ];

  it('is closed at first and opens to one plain sentence each for Pattern Strength, Bayes factor and probability', async () => {
    answer(buildAnalysis());
    open();
    const toggle = await screen.findByRole('button', { name: messages.history.numbersHelpTitle });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    for (const sentence of sentences) expect(screen.queryByText(sentence)).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const help = screen.getByTestId('numbers-help');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(help);
    const terms = within(help)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual([messages.history.patternStrength, 'Bayes factor', messages.history.probability]);
    for (const [i, sentence] of sentences.entries()) {
      expect(within(help).getAllByRole('definition')[i]).toHaveTextContent(sentence);
      // One sentence each.
      expect(sentence.match(/[.!?](\s|$)/g)).toHaveLength(1);
    }

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('numbers-help')).not.toBeInTheDocument();
  });

  it('works by keyboard: Tab reaches it, Enter and Space open and close it', async () => {
    answer(buildAnalysis({ title: 'A story' }));
    open();
    const toggle = await screen.findByRole('button', { name: messages.history.numbersHelpTitle });
    // From the figures' last link (the URL), Tab reaches the disclosure.
    within(field('URL')).getByRole('link').focus();
    await userEvent.tab();
    expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('numbers-help')).toHaveTextContent(messages.history.numbersHelpBayesFactor);
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
