import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AUTH_TOKEN_KEY, STORAGE_KEYS } from '@mediadiet/contract/constants';
import { buildSubscription, buildSubscriptionInfo } from '@mediadiet/contract/fixtures';
import { messages } from '@mediadiet/contract/messages';
import type { QuestionnaireState } from '@mediadiet/contract/questionnaire';
import { configStateUpdateEvent, userUpdateEvent } from '@mediadiet/contract/realtime';
import { server } from '@/testing/msw-server';
import { fakeSockets } from '@/testing/fake-socket-io';
import { renderApp } from '@/testing/render-app';
import {
  mockQuestionnaireServer,
  saveProgress,
} from '@/features/questionnaire/testing/questionnaire-test-utils';

function premium(state: QuestionnaireState) {
  const fake = mockQuestionnaireServer({ state });
  server.use(
    http.get('*/api/subscription', () =>
      HttpResponse.json(
        buildSubscriptionInfo({ subscription: buildSubscription({ plan: 'premium', status: 'active' }) }),
      ),
    ),
  );
  localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
  return fake;
}

const socketReady = (event: string) =>
  waitFor(() => expect(fakeSockets.at(-1)?.listenerCount(event)).toBe(1));

/**
 * A premium user at `from` opens the Personality tab (Analysing your responses); once the socket listens
 * for `event`, the server moves the questionnaire to `to` and says so over `event`.
 */
async function serverMovesOnWhileProcessing(from: QuestionnaireState, event: string, to: QuestionnaireState) {
  const fake = premium(from);
  renderApp('/auth/dashboard?view=configs');
  expect(
    await screen.findByRole('heading', { name: messages.insights.analyzingResponses }),
  ).toBeInTheDocument();
  await socketReady(event);

  fake.setState(to);
  act(() => fakeSockets.at(-1)!.emitFromServer(event, { userId: 'user-7', state: to }));
}

describe('dashboard Personality tab (issue #8)', () => {
  it('shows the questionnaire offer in the configs view of a premium user', async () => {
    premium('NOT_STARTED');
    renderApp('/auth/dashboard?view=configs');
    expect(
      await screen.findByRole('heading', { name: messages.questionnaire.offerTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Personality' })).toHaveAttribute('aria-selected', 'true');
  });

  it("the insights' Continue Questionnaire lands on the first unanswered question", async () => {
    premium('NOT_STARTED');
    saveProgress({ q1: 'Morning', q2: ['Science'] });
    const { router } = renderApp('/auth/dashboard');
    await userEvent.click(
      await screen.findByRole('button', { name: messages.insights.continueQuestionnaire }),
    );
    expect(await screen.findByText('Question 3 of 5')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=configs');
  });

  it("the insights' Start Questionnaire lands on the step reached before (welcome after the offer)", async () => {
    premium('NOT_STARTED');
    localStorage.setItem(STORAGE_KEYS.questionnaireOfferShown, 'true');
    renderApp('/auth/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: messages.insights.startQuestionnaire }));
    expect(
      await screen.findByRole('heading', { name: messages.questionnaire.welcomeTitle }),
    ).toBeInTheDocument();
  });

  it('turns processing into the snapshot when config_state_update reports COMPLETED, without a reload', async () => {
    await serverMovesOnWhileProcessing('SUBMITTED', configStateUpdateEvent('user-7'), 'COMPLETED');
    expect(
      await screen.findByRole('heading', { name: messages.questionnaire.snapshotTitle }),
    ).toBeInTheDocument();
    expect(await screen.findAllByRole('slider')).toHaveLength(5);
    expect(
      screen.queryByRole('heading', { name: messages.insights.analyzingResponses }),
    ).not.toBeInTheDocument();
  });

  it('follows update_user too (FAILED shows Technical Difficulties)', async () => {
    await serverMovesOnWhileProcessing('PROCESSING', userUpdateEvent('user-7'), 'FAILED');
    expect(
      await screen.findByRole('heading', { name: messages.questionnaire.technicalDifficulties }),
    ).toBeInTheDocument();
  });

  it('a submit from the Personality tab updates the insights gating to processing', async () => {
    premium('NOT_STARTED');
    localStorage.setItem(STORAGE_KEYS.questionnaireOfferShown, 'true');
    localStorage.setItem(STORAGE_KEYS.questionnaireWelcomeShown, 'true');
    saveProgress({ q1: 'Evening', q2: ['Science'], q3: 'A quick summary', q4: 'Radio', q5: 'It lingers.' });
    renderApp('/auth/dashboard?view=configs');
    await userEvent.click(await screen.findByRole('button', { name: messages.questionnaire.finish }));
    expect(
      await screen.findByRole('heading', { name: messages.insights.analyzingResponses }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Insights' }));
    const insights = await screen.findByRole('region', { name: 'Monthly insights' });
    expect(within(insights).getByText(messages.insights.processingText)).toBeInTheDocument();
  });
});
