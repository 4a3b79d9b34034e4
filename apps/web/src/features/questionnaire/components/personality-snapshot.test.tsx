import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@mediadiet/contract/messages';
import { SNAPSHOT_SAVED } from '@/features/questionnaire/api/update-personalization';
import {
  findToast,
  mockQuestionnaireServer,
  renderQuestionnaire,
  SNAPSHOT,
} from '@/features/questionnaire/testing/questionnaire-test-utils';

function openSnapshot(options: Parameters<typeof mockQuestionnaireServer>[0] = {}) {
  const fake = mockQuestionnaireServer({ state: 'COMPLETED', ...options });
  const view = renderQuestionnaire(fake.user);
  return { fake, ...view };
}

const saveChanges = () => screen.queryByRole('button', { name: messages.questionnaire.saveChanges });
const slider = (name: string) => screen.getByRole('slider', { name });

describe('personality snapshot: groups, items and labels (spec §2)', () => {
  it('groups the sliders as Emotional Intelligence, Behavioral Patterns and Cognitive Processing', async () => {
    openSnapshot();
    await screen.findAllByRole('slider');
    const groups = [
      messages.questionnaire.groupEmotional,
      messages.questionnaire.groupBehavioral,
      messages.questionnaire.groupCognitive,
    ];
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(groups);
    const categories = (group: string) =>
      within(screen.getByRole('region', { name: group }))
        .getAllByRole('slider')
        .map((s) => s.getAttribute('aria-label'));
    expect(categories(messages.questionnaire.groupEmotional)).toEqual(['Empathy', 'Resilience']);
    expect(categories(messages.questionnaire.groupBehavioral)).toEqual(['Habits', 'Scrolling']);
    expect(categories(messages.questionnaire.groupCognitive)).toEqual(['Focus']);
  });

  it('shows each item’s category, description, score 1–5 and label (1 Immature … 5 Mature)', async () => {
    openSnapshot();
    const items = await screen.findAllByTestId('personality-item');
    expect(items.map((item) => within(item).getByTestId('score-label').textContent)).toEqual([
      'Immature',
      'Developing',
      'Balanced',
      'Maturing',
      'Mature',
    ]);
    const empathy = items[0]!;
    expect(empathy).toHaveTextContent('Empathy');
    expect(empathy).toHaveTextContent('How you respond to others’ feelings.');
    expect(empathy).toHaveTextContent('1/5');
    const thumb = slider('Empathy');
    expect(thumb).toHaveAttribute('aria-valuemin', '1');
    expect(thumb).toHaveAttribute('aria-valuemax', '5');
    expect(thumb).toHaveAttribute('aria-valuenow', '1');
    expect(thumb).toHaveAttribute('aria-valuetext', '1 of 5, Immature');
    expect(thumb).toHaveAccessibleDescription('How you respond to others’ feelings.');
  });

  it("shows 'Failed to load user configuration' when the snapshot cannot load", async () => {
    openSnapshot({ personalization: { status: 500, error: 'nope' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loading.userConfiguration);
  });
});

describe('personality snapshot: tuning the scores (spec §2, §3, §5)', () => {
  it('moves by keyboard in whole steps within 1–5, updating the label', async () => {
    openSnapshot();
    const focus = await screen.findByRole('slider', { name: 'Focus' });
    focus.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(focus).toHaveAttribute('aria-valuenow', '5');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(focus).toHaveAttribute('aria-valuetext', '3 of 5, Balanced');
    await userEvent.keyboard('{Home}');
    expect(focus).toHaveAttribute('aria-valuetext', '1 of 5, Immature');
  });

  it('Save Changes appears only after a change and goes when the score is moved back', async () => {
    openSnapshot();
    const habits = await screen.findByRole('slider', { name: 'Habits' });
    expect(saveChanges()).not.toBeInTheDocument();
    habits.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(saveChanges()).toBeInTheDocument();
    expect(screen.getByText('1 score changed')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(saveChanges()).not.toBeInTheDocument();
  });

  it('sends only the changed categories, in their groups; success toasts and hides the button', async () => {
    const { fake } = openSnapshot();
    (await screen.findByRole('slider', { name: 'Resilience' })).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    slider('Focus').focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('2 scores changed')).toBeInTheDocument();
    await userEvent.click(saveChanges()!);
    expect(await findToast(SNAPSHOT_SAVED)).toBeInTheDocument();
    expect(fake.calls.personalizationPatches).toEqual([
      {
        categoryScores: {
          emotional: [{ category: 'Resilience', score: 4 }],
          cognitive: [{ category: 'Focus', score: 4 }],
        },
      },
    ]);
    await waitFor(() => expect(saveChanges()).not.toBeInTheDocument());
    expect(slider('Resilience')).toHaveAttribute('aria-valuenow', '4');
    expect(slider('Focus')).toHaveAttribute('aria-valuenow', '4');
  });

  it('Discard puts the saved scores back', async () => {
    openSnapshot();
    (await screen.findByRole('slider', { name: 'Empathy' })).focus();
    await userEvent.keyboard('{End}');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(slider('Empathy')).toHaveAttribute(
      'aria-valuenow',
      String(SNAPSHOT.categoryScores.emotional[0]!.score),
    );
    expect(saveChanges()).not.toBeInTheDocument();
  });

  it("a failed save toasts 'Failed to update analysis' and keeps the changes to try again", async () => {
    const { fake } = openSnapshot({ updatePersonalization: { status: 500 } });
    (await screen.findByRole('slider', { name: 'Scrolling' })).focus();
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.click(saveChanges()!);
    expect(await findToast(messages.questionnaire.updateAnalysisFailed)).toBeInTheDocument();
    expect(saveChanges()).toBeEnabled();
    expect(slider('Scrolling')).toHaveAttribute('aria-valuenow', '3');
    expect(fake.calls.personalizationPatches).toHaveLength(1);
  });

  it("a failed save shows the server's text when it sends one", async () => {
    openSnapshot({
      updatePersonalization: { status: 422, error: 'Score must be a whole number from 1 to 5' },
    });
    (await screen.findByRole('slider', { name: 'Scrolling' })).focus();
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.click(saveChanges()!);
    expect(await findToast('Score must be a whole number from 1 to 5')).toBeInTheDocument();
  });
});
