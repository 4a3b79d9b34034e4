/**
 * The questionnaire and the personality snapshot, end to end: a premium user answers all 15 questions (every
 * input type), reloads midway and resumes, finishes, sees the processing view, and the snapshot arrives
 * live; a slider change is saved and survives a reload. The opt-out path, and a basic user who cannot
 * reach any of it.
 */
import type { Page } from '@playwright/test';
import { messages } from '@mediadiet/contract/messages';
import type { Question } from '@mediadiet/contract/questionnaire';
import { test, expect, expectAccessible } from './fixtures/test.ts';
import { registerThroughUi, uniqueEmail } from './fixtures/auth.ts';
import { continueToDashboard, subscribe } from './fixtures/billing.ts';

// A server whose questionnaire processing takes 2 s, so the processing view can be seen.
test.use({ baseURL: async ({ slowQuestionnaire }, use) => use(slowQuestionnaire.baseURL) });
test.describe.configure({ mode: 'serial' });

async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('authToken'))) ?? '';
}

async function premiumUser(page: Page, plan: 'Premium' | 'Basic' = 'Premium') {
  await registerThroughUi(page, 'Quinn Survey', uniqueEmail('quiz'));
  await subscribe(page, plan);
  await continueToDashboard(page, plan);
}

async function answer(page: Page, q: Question) {
  const heading = page.getByRole('heading', { name: q.question });
  await expect(heading).toBeVisible();
  switch (q.type) {
    case 'MULTIPLE_CHOICE': {
      // The options are labels around visually styled inputs: press the labels, as a person does.
      const group = page.getByRole('group', { name: q.question });
      await group.locator('label').nth(0).click();
      await group.locator('label').nth(1).click();
      await expect(group.getByRole('checkbox', { checked: true })).toHaveCount(2);
      break;
    }
    case 'RADIO':
    case 'AB_SELECTION':
      await page.getByRole('radiogroup', { name: q.question }).locator('label').first().click();
      await expect(
        page.getByRole('radiogroup', { name: q.question }).getByRole('radio', { checked: true }),
      ).toHaveCount(1);
      break;
    case 'TEXT_SHORT':
      await page.getByRole('textbox', { name: q.question }).fill('Local news and long reads');
      break;
    case 'TEXT_LONG':
      await page
        .getByRole('textbox', { name: q.question })
        .fill('Angry headlines leave me tense for hours; calm explainers and good stories leave me hopeful.');
      break;
  }
}

test('a premium user answers all 15, resumes after a reload, finishes, and the snapshot arrives live', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await premiumUser(page);
  await page.getByRole('tab', { name: 'Personality' }).click();

  await expect(page.getByText(messages.questionnaire.privacyBadge)).toBeVisible();
  await expect(page.getByRole('heading', { name: messages.questionnaire.offerTitle })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: messages.questionnaire.beginQuestionnaire }).click();
  await expect(page.getByRole('heading', { name: messages.questionnaire.welcomeTitle })).toBeVisible();
  await expect(page.getByText(messages.questionnaire.questionCount(15))).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: messages.questionnaire.beginSurvey }).click();

  const res = await page.request.get('/api/questionnaire', {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  const questions = ((await res.json()) as { data: Question[] }).data;
  expect(questions).toHaveLength(15);
  expect(new Set(questions.map((q) => q.type))).toEqual(
    new Set(['MULTIPLE_CHOICE', 'RADIO', 'AB_SELECTION', 'TEXT_SHORT', 'TEXT_LONG']),
  );

  await expect(page.getByText(messages.questionnaire.progress(1, 15))).toBeVisible();
  await expect(page.getByText(messages.questionnaire.takesAbout)).toBeVisible();
  await expect(page.getByRole('button', { name: messages.questionnaire.previous })).toBeDisabled();
  await expectAccessible(page);

  // Seven answers, saved; a reload resumes at the first unanswered question (8).
  for (const q of questions.slice(0, 7)) {
    await answer(page, q);
    await page.getByRole('button', { name: messages.questionnaire.next }).click();
  }
  await page.getByRole('button', { name: messages.questionnaire.save, exact: true }).click();
  await page.reload();
  await page.getByRole('tab', { name: 'Personality' }).click();
  await expect(page.getByText(messages.questionnaire.progress(8, 15))).toBeVisible();
  await expect(page.getByText(/About \d+ minutes? remaining/)).toBeVisible();

  for (const [i, q] of questions.slice(7).entries()) {
    await answer(page, q);
    if (i < 7) await page.getByRole('button', { name: messages.questionnaire.next }).click();
  }
  await expect(page.getByRole('button', { name: messages.questionnaire.next })).toBeDisabled();
  await page.getByRole('button', { name: messages.questionnaire.finish }).click();

  // Processing, then the snapshot without a reload.
  await expect(page.getByText(messages.insights.analyzingResponses).first()).toBeVisible();
  await expect(page.getByText(messages.insights.processingText).first()).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByRole('heading', { name: messages.questionnaire.snapshotTitle })).toBeVisible({
    timeout: 30_000,
  });
  for (const group of [
    messages.questionnaire.groupEmotional,
    messages.questionnaire.groupBehavioral,
    messages.questionnaire.groupCognitive,
  ]) {
    await expect(page.getByText(group).first()).toBeVisible();
  }
  await expectAccessible(page);

  // Move a slider with the keyboard and save; a reload shows the new score.
  const slider = page.getByRole('slider').first();
  const before = Number(await slider.getAttribute('aria-valuenow'));
  await slider.focus();
  await page.keyboard.press(before < 5 ? 'ArrowRight' : 'ArrowLeft');
  const after = before < 5 ? before + 1 : before - 1;
  await expect(slider).toHaveAttribute('aria-valuenow', String(after));
  await page.getByRole('button', { name: messages.questionnaire.saveChanges }).click();
  await expect(page.getByRole('button', { name: messages.questionnaire.saveChanges })).toHaveCount(0);
  await page.reload();
  await page.getByRole('tab', { name: 'Personality' }).click();
  await expect(page.getByRole('slider').first()).toHaveAttribute('aria-valuenow', String(after));
});

test('opting out says you are good to go and shows the completed view', async ({ page }) => {
  await premiumUser(page);
  await page.getByRole('tab', { name: 'Personality' }).click();
  await page.getByRole('button', { name: messages.questionnaire.continueWithout }).click();
  await expect(page.getByText(messages.questionnaire.optOutDone)).toBeVisible();
  await expect(page.getByRole('heading', { name: messages.questionnaire.snapshotTitle })).toBeVisible();
  await expectAccessible(page);
});

test('a basic user has no Personality tab and the server refuses the questionnaire', async ({ page }) => {
  await premiumUser(page, 'Basic');
  await expect(page.getByRole('tab', { name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Personality' })).toHaveCount(0);
  await page.goto('/auth/dashboard?view=configs');
  await expect(page.getByRole('tab', { name: 'Insights' })).toHaveAttribute('aria-selected', 'true');
  const res = await page.request.get('/api/questionnaire', {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  expect(res.status()).toBe(403);
});
