import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { buildInsights } from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import { server } from '@/testing/msw-server';
import { InsightsSection } from '@/features/analysis/components/insights-section';
import { renderAnalysisUi } from '@/features/analysis/testing/render-analysis';

/** The insights content's code: its first fetch fails (a deploy replaced the chunk, a network drop). */
const fetches = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/features/analysis/components/insights-content', async (importActual) => {
  fetches.count += 1;
  if (fetches.count === 1) throw new Error('chunk not found');
  return importActual();
});

const WITH_DATA = buildInsights({ currMM: 1, currYY: 2025, directories: [{ mm: 1, yy: 2025 }] });

describe('Insights: the content fetched with the first insights that have a period (decision 166)', () => {
  it("says 'Failed to load insights' if its code cannot be fetched, and Try again fetches it", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('*/api/analysis/insights', () => HttpResponse.json(WITH_DATA)));
    renderAnalysisUi(
      <InsightsSection isPremium={false} questionnaireState="COMPLETED" questionnaireHref="?view=configs" />,
    );
    expect(await screen.findByText(messages.loading.insights)).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('The insights code could not be loaded', expect.any(Error));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: messages.insights.trends })).toBeInTheDocument();
    expect(screen.queryByText(messages.loading.insights)).not.toBeInTheDocument();
    error.mockRestore();
  });
});
