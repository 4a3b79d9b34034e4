import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import type { QuestionnaireState } from '@mediadiet/contract/questionnaire';
import { supportHref } from '@/features/questionnaire/components/failed-view';
import {
  findToast,
  mockQuestionnaireServer,
  renderQuestionnaire,
  saveProgress,
} from '@/features/questionnaire/testing/questionnaire-test-utils';

function show(options: Parameters<typeof mockQuestionnaireServer>[0] = {}) {
  const fake = mockQuestionnaireServer(options);
  return { fake, ...renderQuestionnaire(fake.user) };
}

const heading = (name: string) => screen.findByRole('heading', { name });

describe('questionnaire screen: the view for each state (spec §2, §4)', () => {
  it('NOT_STARTED opens on the offer: privacy badge, title, three info cards, begin and opt-out buttons', async () => {
    show();
    expect(await heading(messages.questionnaire.offerTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.questionnaire.privacyBadge)).toBeInTheDocument();
    const cards = within(screen.getByTestId('info-cards')).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    // 1 column on phones, 2 from 768 px, 3 from 1200 px (spec §2, §9).
    expect(screen.getByTestId('info-cards')).toHaveClass(
      'grid-cols-1',
      'min-[768px]:grid-cols-2',
      'min-[1200px]:grid-cols-3',
    );
    expect(screen.getByRole('button', { name: messages.questionnaire.beginQuestionnaire })).toBeEnabled();
    expect(screen.getByRole('button', { name: messages.questionnaire.continueWithout })).toBeEnabled();
  });

  it.each<QuestionnaireState>(['SUBMITTED', 'PROCESSING'])('%s shows processing', async (state) => {
    show({ state });
    expect(await heading(messages.insights.analyzingResponses)).toBeInTheDocument();
    expect(screen.getByText(messages.insights.analysisInProgress)).toBeInTheDocument();
    expect(screen.getByText(messages.insights.processingText)).toBeInTheDocument();
    expect(screen.getByText(messages.insights.processingDuration)).toBeInTheDocument();
  });

  it("FAILED shows 'Technical Difficulties' and Contact Support mailing the support address", async () => {
    show({ state: 'FAILED' });
    expect(await heading(messages.questionnaire.technicalDifficulties)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: messages.questionnaire.contactSupport });
    expect(link).toHaveAttribute('href', supportHref());
    expect(link.getAttribute('href')).toMatch(/^mailto:support@mediadiet\.app\?subject=/);
  });

  it('COMPLETED shows the personality snapshot, without the opt-out invitation', async () => {
    show({ state: 'COMPLETED' });
    expect(await heading(messages.questionnaire.snapshotTitle)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: messages.questionnaire.groupEmotional }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take the questionnaire' })).not.toBeInTheDocument();
  });

  it('OPT_OUT shows the snapshot the server gives with an invitation to take the questionnaire', async () => {
    show({ state: 'OPT_OUT' });
    expect(await heading(messages.questionnaire.snapshotTitle)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your analysis uses a general profile' })).toBeInTheDocument();
    expect(await screen.findAllByRole('slider')).toHaveLength(5);
  });

  it('OPT_OUT without a profile on the server shows only the invitation; taking it opens the questions', async () => {
    show({ state: 'OPT_OUT', personalization: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Take the questionnaire' }));
    expect(await screen.findByText('Question 1 of 5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to your snapshot' }));
    expect(await heading(messages.questionnaire.snapshotTitle)).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });
});

describe('questionnaire screen: NOT_STARTED steps are recorded in local storage (spec §4)', () => {
  it('offer → welcome → questions, and a reload resumes at the step reached', async () => {
    const { remount } = show();
    await userEvent.click(
      await screen.findByRole('button', { name: messages.questionnaire.beginQuestionnaire }),
    );
    expect(await heading(messages.questionnaire.welcomeTitle)).toBeInTheDocument();
    expect(screen.getByText('There are 15 questions.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.questionnaireOfferShown)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.questionnaireWelcomeShown)).toBeNull();
    // Focus follows to the new step (the pressed button is gone).
    expect(screen.getByRole('heading', { name: messages.questionnaire.welcomeTitle })).toHaveFocus();

    const second = remount();
    expect(await heading(messages.questionnaire.welcomeTitle)).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: messages.questionnaire.offerTitle }),
    ).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: messages.questionnaire.beginSurvey }));
    expect(await screen.findByText('Question 1 of 5')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.questionnaireWelcomeShown)).toBe('true');

    second.remount();
    expect(await screen.findByText('Question 1 of 5')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: messages.questionnaire.welcomeTitle }),
    ).not.toBeInTheDocument();
  });

  it('saved answers go straight to the questions, whatever the step flags say', async () => {
    saveProgress({ q1: 'Morning' });
    show();
    expect(await screen.findByText('Question 2 of 5')).toBeInTheDocument();
  });
});

describe('questionnaire screen: opting out (spec §4, §8)', () => {
  it("'Continue without questionnaire' opts out, toasts 'You are good to go' and shows the completed view", async () => {
    const { fake, cachedState } = show();
    await userEvent.click(
      await screen.findByRole('button', { name: messages.questionnaire.continueWithout }),
    );
    expect(await findToast(messages.questionnaire.optOutDone)).toBeInTheDocument();
    expect(await heading(messages.questionnaire.snapshotTitle)).toBeInTheDocument();
    expect(fake.calls.optOut).toBe(1);
    expect(cachedState()).toBe('OPT_OUT');
  });

  it("a failed opt-out toasts the server's text (else 'An error occurred') and stays on the offer", async () => {
    show({ optOut: { status: 503, error: 'Opt-out is resting' } });
    await userEvent.click(
      await screen.findByRole('button', { name: messages.questionnaire.continueWithout }),
    );
    expect(await findToast('Opt-out is resting')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: messages.questionnaire.offerTitle })).toBeInTheDocument();
  });

  it("a failed opt-out without a server text toasts 'An error occurred'", async () => {
    show({ optOut: { status: 500 } });
    await userEvent.click(
      await screen.findByRole('button', { name: messages.questionnaire.continueWithout }),
    );
    expect(await findToast(messages.questionnaire.genericError)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: messages.questionnaire.continueWithout })).toBeEnabled(),
    );
  });
});
