import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { STORAGE_KEYS } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import type { Answers, Question } from '@mediadiet/contract/questionnaire';
import {
  ALL_ANSWERS,
  findToast,
  mockQuestionnaireServer,
  QUESTIONS,
  radioQuestions,
  renderQuestionnaire,
  saveProgress,
  storedProgress,
} from '@/features/questionnaire/testing/questionnaire-test-utils';
import { server } from '@/testing/msw-server';

/** Opens the questions directly (offer and welcome already passed). */
async function openQuestions(
  options: Parameters<typeof mockQuestionnaireServer>[0] & {
    saved?: Answers;
    savedQuestions?: Question[];
  } = {},
) {
  localStorage.setItem(STORAGE_KEYS.questionnaireOfferShown, 'true');
  localStorage.setItem(STORAGE_KEYS.questionnaireWelcomeShown, 'true');
  if (options.saved) saveProgress(options.saved, options.savedQuestions ?? QUESTIONS);
  const fake = mockQuestionnaireServer(options);
  const view = renderQuestionnaire(fake.user);
  await screen.findByRole('progressbar');
  return { fake, ...view };
}

const button = (name: string) => screen.getByRole('button', { name });
const next = () => userEvent.click(button(messages.questionnaire.next));
const progressText = () => screen.getByRole('progressbar').getAttribute('aria-valuetext');
const estimate = () => screen.getByTestId('time-estimate').textContent;

afterEach(() => vi.useRealTimers());

describe('questions: the five input types (spec §2)', () => {
  it('RADIO: radio buttons named by the question; one choice', async () => {
    await openQuestions();
    const group = screen.getByRole('radiogroup', { name: 'When do you read the news?' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['Morning', 'Evening']);
    await userEvent.click(within(group).getByRole('radio', { name: 'Evening' }));
    await userEvent.click(within(group).getByRole('radio', { name: 'Morning' }));
    expect(within(group).getByRole('radio', { name: 'Morning' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Evening' })).not.toBeChecked();
    await userEvent.click(button(messages.questionnaire.save));
    expect(storedProgress()?.answers).toEqual({ q1: 'Morning' });
  });

  it('MULTIPLE_CHOICE: checkboxes; the answer is a list in the options’ order', async () => {
    await openQuestions({ saved: { q1: 'Morning' } });
    const group = screen.getByRole('group', { name: 'Which topics draw you in?' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Sport' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Politics' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Science' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Science' }));
    await userEvent.click(button(messages.questionnaire.save));
    expect(storedProgress()?.answers.q2).toEqual(['Politics', 'Sport']);
  });

  it('AB_SELECTION: two big choices with radio semantics, operable by keyboard', async () => {
    await openQuestions({ saved: { q1: 'Morning', q2: ['Sport'] } });
    const group = screen.getByRole('radiogroup', { name: 'Which would you rather read?' });
    expect(within(group).getAllByTestId('ab-choice')).toHaveLength(2);
    const first = within(group).getByRole('radio', { name: /A long feature/ });
    first.focus();
    await userEvent.keyboard(' ');
    expect(first).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: /A quick summary/ })).toBeChecked();
    await userEvent.click(button(messages.questionnaire.save));
    expect(storedProgress()?.answers.q3).toBe('A quick summary');
  });

  it('TEXT_SHORT: a one-line text field', async () => {
    await openQuestions({ saved: { q1: 'Morning', q2: ['Sport'], q3: 'A long feature' } });
    const field = screen.getByRole('textbox', { name: 'Your favourite source?' });
    expect(field.tagName).toBe('INPUT');
    await userEvent.type(field, 'Local paper');
    await userEvent.click(button(messages.questionnaire.save));
    expect(storedProgress()?.answers.q4).toBe('Local paper');
  });

  it('TEXT_LONG: a text area of 4 rows', async () => {
    await openQuestions({ saved: { q1: 'Morning', q2: ['Sport'], q3: 'A long feature', q4: 'Radio' } });
    const area = screen.getByRole('textbox', { name: 'How does bad news affect your day?' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('rows', '4');
    await userEvent.type(area, 'It stays with me.');
    await userEvent.click(button(messages.questionnaire.save));
    expect(storedProgress()?.answers.q5).toBe('It stays with me.');
  });
});

describe('questions: moving between them (spec §2)', () => {
  it('Previous is disabled on the first question, Next on the last, where Finish Questionnaire shows', async () => {
    await openQuestions();
    expect(button(messages.questionnaire.previous)).toBeDisabled();
    expect(button(messages.questionnaire.next)).toBeEnabled();
    expect(screen.queryByRole('button', { name: messages.questionnaire.finish })).not.toBeInTheDocument();
    for (let i = 0; i < 4; i += 1) await next();
    expect(progressText()).toBe('Question 5 of 5');
    expect(button(messages.questionnaire.next)).toBeDisabled();
    expect(button(messages.questionnaire.previous)).toBeEnabled();
    expect(button(messages.questionnaire.finish)).toBeEnabled();
    await userEvent.click(button(messages.questionnaire.previous));
    expect(progressText()).toBe('Question 4 of 5');
    expect(screen.queryByRole('button', { name: messages.questionnaire.finish })).not.toBeInTheDocument();
  });

  it("reads 'Question N of M' with a progress bar carrying the same values; the new question takes focus", async () => {
    await openQuestions();
    expect(screen.getByText('Question 1 of 5')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Questionnaire progress' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '5');
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    await next();
    expect(screen.getByText('Question 2 of 5')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(bar).toHaveAttribute('aria-valuetext', 'Question 2 of 5');
    expect(screen.getByRole('heading', { name: 'Which topics draw you in?' })).toHaveFocus();
  });

  it('Next and Previous save the answers too (autosave)', async () => {
    await openQuestions();
    await userEvent.click(screen.getByRole('radio', { name: 'Evening' }));
    expect(storedProgress()).toBeNull();
    await next();
    expect(storedProgress()).toEqual({ answers: { q1: 'Evening' }, questions: QUESTIONS });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Science' }));
    await userEvent.click(button(messages.questionnaire.previous));
    expect(storedProgress()?.answers).toEqual({ q1: 'Evening', q2: ['Science'] });
    expect(localStorage.getItem(STORAGE_KEYS.questionnaireCount)).toBe('2');
  });
});

describe('questions: time estimate (spec §2, §9: 30 s per remaining question, at least 1 minute)', () => {
  it.each([
    // [answered of 15, label]
    [1, 'About 7 minutes remaining'], // 14 × 30 s = 7 min
    [2, 'About 7 minutes remaining'], // 13 × 30 s = 6.5 min → 7
    [12, 'About 2 minutes remaining'], // 3 × 30 s = 1.5 min → 2
    [13, 'About 1 minute remaining'], // 2 × 30 s = 1 min
    [14, 'About 1 minute remaining'], // 30 s → at least 1 minute
    [15, 'About 1 minute remaining'], // nothing left → at least 1 minute
  ])('%i of 15 answered: %s', async (answered, label) => {
    const questions = radioQuestions(15);
    const saved = Object.fromEntries(questions.slice(0, answered).map((q) => [q.id, 'Yes']));
    await openQuestions({ questions, saved, savedQuestions: questions });
    expect(estimate()).toBe(label);
  });

  it("before any answer reads 'Takes about 5 minutes', then counts down as questions are answered", async () => {
    const questions = radioQuestions(15);
    await openQuestions({ questions });
    expect(estimate()).toBe('Takes about 5 minutes');
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(estimate()).toBe('About 7 minutes remaining');
  });
});

describe('questions: restoring saved progress (spec §4)', () => {
  it('selects the first unanswered question (empty text, empty list and blank text count as unanswered)', async () => {
    await openQuestions({ saved: { q1: 'Morning', q2: [], q3: 'A long feature', q4: '   ' } });
    expect(progressText()).toBe('Question 2 of 5');
    await next();
    expect(screen.getByRole('radio', { name: /A long feature/ })).toBeChecked();
  });

  it('selects the last question when all are answered', async () => {
    await openQuestions({ saved: ALL_ANSWERS });
    expect(progressText()).toBe('Question 5 of 5');
    expect(screen.getByRole('textbox')).toHaveValue('It lingers.');
  });

  it('keeps only answers that still fit the questions the server gives', async () => {
    await openQuestions({ saved: { q1: 'Noon', q2: ['Science', 'Cooking'], gone: 'x' } });
    expect(progressText()).toBe('Question 1 of 5');
    expect(screen.getByRole('radio', { name: 'Morning' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Evening' })).not.toBeChecked();
    await next();
    expect(screen.getByRole('checkbox', { name: 'Science' })).toBeChecked();
  });

  it("shows 'Failed to fetch questionnaire' when the questions cannot load, and tries again", async () => {
    localStorage.setItem(STORAGE_KEYS.questionnaireOfferShown, 'true');
    localStorage.setItem(STORAGE_KEYS.questionnaireWelcomeShown, 'true');
    const fake = mockQuestionnaireServer({ questions: { status: 500, error: 'db down' } });
    renderQuestionnaire(fake.user);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loading.questionnaire);
    expect(fake.calls.questions).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fake.calls.questions).toBe(2));
  });
});

describe('questions: Save (spec §4, §9)', () => {
  it('stores answers and questions under questionnaire_progress and shows the saving style for 500 ms', async () => {
    await openQuestions();
    await userEvent.click(screen.getByRole('radio', { name: 'Evening' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const save = button(messages.questionnaire.save);
    fireEvent.click(save);
    expect(storedProgress()).toEqual({ answers: { q1: 'Evening' }, questions: QUESTIONS });
    expect(localStorage.getItem(STORAGE_KEYS.questionnaireCount)).toBe('1');
    expect(save).toHaveAttribute('data-saving', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Progress saved');
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(save).toHaveAttribute('data-saving', 'true');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(save).not.toHaveAttribute('data-saving');
    expect(save).toHaveAccessibleName(messages.questionnaire.save);
  });

  it('a second press restarts the 500 ms', async () => {
    await openQuestions();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const save = button(messages.questionnaire.save);
    fireEvent.click(save);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    fireEvent.click(save);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(save).toHaveAttribute('data-saving', 'true');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(save).not.toHaveAttribute('data-saving');
  });
});

describe('questions: Finish Questionnaire (spec §4)', () => {
  it('sets SUBMITTED at once, posts the answers, and clears the saved progress and count on success', async () => {
    const { fake, cachedState } = await openQuestions({ saved: ALL_ANSWERS, submit: 'hold' });
    localStorage.setItem(STORAGE_KEYS.questionnaireCount, '5');
    await userEvent.click(button(messages.questionnaire.finish));
    // Processing shows while the call is still running.
    expect(
      await screen.findByRole('heading', { name: messages.insights.analyzingResponses }),
    ).toBeInTheDocument();
    expect(cachedState()).toBe('SUBMITTED');
    await waitFor(() => expect(fake.calls.submit).toEqual([{ answers: ALL_ANSWERS }]));
    expect(storedProgress()).not.toBeNull();

    fake.release();
    await waitFor(() => expect(storedProgress()).toBeNull());
    expect(localStorage.getItem(STORAGE_KEYS.questionnaireCount)).toBeNull();
    expect(screen.getByRole('heading', { name: messages.insights.analyzingResponses })).toBeInTheDocument();
    expect(cachedState()).toBe('SUBMITTED');
  });

  it("reverts to NOT_STARTED with the answers kept and toasts the server's message when submitting fails", async () => {
    const { cachedState } = await openQuestions({
      saved: ALL_ANSWERS,
      submit: { status: 422, error: 'Answers are incomplete' },
    });
    // The revert comes from the client itself, not from a refetch of the account info.
    server.use(http.get('*/api/account/info', () => delay('infinite')));
    await userEvent.click(button(messages.questionnaire.finish));
    expect(await findToast('Answers are incomplete')).toBeInTheDocument();
    expect(await screen.findByText('Question 5 of 5')).toBeInTheDocument();
    expect(cachedState()).toBe('NOT_STARTED');
    expect(screen.getByRole('textbox')).toHaveValue('It lingers.');
    expect(storedProgress()?.answers).toEqual(ALL_ANSWERS);
  });

  it("toasts 'Failed to submit questionnaire' when the failure carries no server text", async () => {
    const { cachedState } = await openQuestions({ saved: ALL_ANSWERS, submit: { status: 500 } });
    await userEvent.click(button(messages.questionnaire.finish));
    expect(await findToast(messages.questionnaire.submitFailed)).toBeInTheDocument();
    await waitFor(() => expect(cachedState()).toBe('NOT_STARTED'));
    expect(await screen.findByText('Question 5 of 5')).toBeInTheDocument();
  });

  it('with a question left open, moves to it instead of submitting', async () => {
    const { fake } = await openQuestions({ saved: { ...ALL_ANSWERS, q2: [] } });
    expect(progressText()).toBe('Question 2 of 5');
    for (let i = 0; i < 3; i += 1) await next();
    await userEvent.click(button(messages.questionnaire.finish));
    expect(screen.getByRole('alert')).toHaveTextContent('Please answer question 2 before finishing.');
    expect(progressText()).toBe('Question 2 of 5');
    expect(fake.calls.submit).toEqual([]);
  });
});

describe('questions: scroll indicator (spec §2, §9: content more than 100 px taller than the view)', () => {
  function pageHeight(height: number) {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
  }
  afterEach(() => {
    Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  });

  it('shows at 101 px more than the view, not at 100 px, and scrolls to the buttons', async () => {
    await openQuestions();
    const view = window.innerHeight;
    pageHeight(view + 100);
    expect(screen.queryByTestId('scroll-indicator')).not.toBeInTheDocument();
    pageHeight(view + 101);
    const indicator = screen.getByRole('button', { name: 'More below' });
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    await userEvent.click(indicator);
    expect(scroll).toHaveBeenCalledOnce();
    expect(scroll.mock.contexts[0]).toContainElement(button(messages.questionnaire.next));
    scroll.mockRestore();
  });
});
