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
    expect(await screen.findByRole('heading', { level: 3, name: 'news.example.com' })).toHaveFocus();
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
