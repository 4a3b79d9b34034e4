import { messages } from '@mediadiet/contract/messages';
import { test, expect } from './fixtures/test.ts';
import { registerThroughUi, uniqueEmail } from './fixtures/auth.ts';
import { CARDS, continueToDashboard, planCard, subscribe } from './fixtures/billing.ts';

/**
 * Deleting an account that had a free trial, then coming back with the same e-mail: the second trial is
 * refused with the catalogue's message and the plans then offer Subscribe (issue 26, finding 11; decision 103).
 */
test('a deleted account that had a trial cannot start a second one with the same e-mail', async ({ page }) => {
  const email = uniqueEmail('leaver');
  await registerThroughUi(page, 'Lee Leaver', email);
  // A card no other test uses: the e2e server is shared, and a deleted account's card starts no second trial.
  await subscribe(page, 'Premium', CARDS.visaDebit);
  await continueToDashboard(page, 'Premium');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Type your e-mail address to confirm').fill(email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  await registerThroughUi(page, 'Lee Again', email);
  const second = await subscribe(page, 'Premium', CARDS.mastercard);
  await expect(page.getByText(messages.server.trialAlreadyUsed).first()).toBeVisible();
  // The account now offers the plan without a trial.
  await second.press('Escape');
  await page.goto('/subscription');
  await expect(planCard(page, 'Premium').getByRole('button', { name: 'Subscribe' })).toBeVisible();
});
