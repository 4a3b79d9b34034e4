import { test, expect, expectAccessible } from './fixtures/test.ts';
import { registerThroughUi, uniqueEmail } from './fixtures/auth.ts';
import {
  CARDS,
  answerConfirm,
  continueToDashboard,
  fillCard,
  openCancelSubscription,
  subscribe,
} from './fixtures/billing.ts';
import type { Page } from '@playwright/test';

/** `other` shows the trial banner on /subscription; once `page` subscribes to Premium, it goes away there. */
async function expectTrialBannerToGoOnSubscribe(page: Page, other: Page) {
  await other.goto('/subscription');
  const banner = other.getByText('10 days free.');
  await expect(banner).toBeVisible();

  await subscribe(page, 'Premium');
  await expect(page.getByRole('dialog', { name: 'Welcome to Premium!' })).toBeVisible();
  await expect(banner).toHaveCount(0);
}

test.describe.configure({ mode: 'serial' });

test('Premium free trial → success → Personality tab; change to Basic → it disappears; cancel and keep', async ({
  page,
}) => {
  await registerThroughUi(page, 'Pat Premium', uniqueEmail('premium'));
  await page.goto('/subscription');
  await expect(page.getByText('Test mode — no real charges').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Subscription Plans' })).toBeVisible();
  await expectAccessible(page);

  await subscribe(page, 'Premium');
  const success = page.getByRole('dialog', { name: 'Welcome to Premium!' });
  await expect(success).toBeVisible();
  await expect(success).toContainText('Your subscription has been activated successfully.');
  await expectAccessible(page);
  await continueToDashboard(page, 'Premium');
  await expect(page.getByRole('tab', { name: 'Personality' })).toBeVisible();

  // Change to Basic: immediately, after the confirmation.
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Subscription' });
  await expect(manage).toBeVisible();
  await expectAccessible(page);
  await manage.getByRole('button', { name: 'Change Plan' }).click();
  const plansModal = page.getByRole('dialog', { name: 'Subscription Plans' });
  await expect(
    plansModal.getByRole('article', { name: 'Premium' }).getByRole('button', { name: 'Current Plan' }),
  ).toBeDisabled();
  await expect(plansModal.getByRole('article', { name: 'Free' })).toHaveCount(0);
  await expectAccessible(page);
  await plansModal
    .getByRole('article', { name: 'Basic' })
    .getByRole('button', { name: 'Change Plan' })
    .click();
  await answerConfirm(
    page,
    'Are you sure you want to change your subscription plan? This will take effect immediately.',
    'Yes, Change Plan',
  );
  await expect(page.getByText('Subscription updated successfully!')).toBeVisible();
  await page.goto('/auth/dashboard');
  await expect(page.getByRole('tab', { name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Personality' })).toHaveCount(0);

  // Cancel at period end, then keep it.
  await openCancelSubscription(page);
  await answerConfirm(
    page,
    'Are you sure you want to cancel your subscription? This cannot be undone.',
    'Yes, Cancel',
  );
  await expect(page.getByText(/Subscription cancelled successfully/)).toBeVisible();
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  const scheduled = page.getByRole('dialog', { name: 'Manage Subscription' });
  await expect(scheduled).toContainText('Scheduled to cancel on');
  await scheduled.getByRole('button', { name: 'Keep My Subscription' }).click();
  await expect(page.getByText('Subscription reactivated successfully!')).toBeVisible();
  await page.waitForLoadState('load');
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page.getByRole('dialog', { name: 'Manage Subscription' })).not.toContainText(
    'Scheduled to cancel on',
  );
});

test('cards: add a second, make it default, delete the first; raise the cap above $500', async ({ page }) => {
  await registerThroughUi(page, 'Carla Cards', uniqueEmail('cards'));
  await subscribe(page, 'Premium');
  await continueToDashboard(page, 'Premium');

  await page.goto('/subscription');
  await page.getByRole('tab', { name: 'Payment Method' }).click();
  await expect(page.getByRole('listitem', { name: 'Visa ending in 4242' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add New Card' }).click();
  const add = page.getByRole('region', { name: 'Add New Card' });
  await fillCard(add, CARDS.mastercard);
  await add.getByRole('button', { name: 'Add Card' }).click();
  await expect(page.getByText('Payment method added successfully')).toBeVisible();
  const master = page.getByRole('listitem', { name: 'Mastercard ending in 4444' });
  const visa = page.getByRole('listitem', { name: 'Visa ending in 4242' });
  await expect(master).toBeVisible();
  // A newly added card becomes the default (POST /api/payment/update); switch back and forth with Set Default.
  await expect(page.getByRole('region', { name: 'Default payment method' })).toContainText('4444');
  await visa.getByRole('button', { name: 'Set Default' }).click();
  await expect(page.getByText('Default payment method updated successfully')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Default payment method' })).toContainText('4242');
  await master.getByRole('button', { name: 'Set Default' }).click();
  await expect(page.getByRole('region', { name: 'Default payment method' })).toContainText('4444');

  await page
    .getByRole('listitem', { name: 'Visa ending in 4242' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await answerConfirm(page, 'Are you sure you want to delete this payment method?', 'Confirm');
  await expect(page.getByText('Payment method deleted successfully')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Visa ending in 4242' })).toHaveCount(0);

  // Usage limits: the highest cap needs the extra confirmation above $500.
  await page.getByRole('tab', { name: 'Usage Limits' }).click();
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  const slider = page.getByRole('slider', { name: 'Monthly overage cap' });
  await slider.focus();
  await page.keyboard.press('End');
  await expect(save).toBeEnabled();
  await expectAccessible(page);
  await save.click();
  await answerConfirm(
    page,
    /Confirm High Overage Limit|Are you sure you want to set a high overage limit of/,
    'Confirm',
  );
  await expect(page.getByText('Overage limit updated successfully')).toBeVisible();
  await expect(save).toBeDisabled();
});

test('a declined card shows the error and leaves no subscription', async ({ page }) => {
  await registerThroughUi(page, 'Dee Declined', uniqueEmail('declined'));
  const dialog = await subscribe(page, 'Basic', CARDS.declined);
  await expect(dialog.getByText(/declined/i).first()).toBeVisible();
  await expectAccessible(page);
  await page.goto('/subscription');
  await expect(page.getByRole('region', { name: 'Subscription Plans' })).toBeVisible();
  await expect(page.getByText('No Active Subscription')).toBeVisible();
});

test('a second tab follows a user update (USER_UPDATE broadcast): the trial banner goes away', async ({
  page,
  context,
}) => {
  await registerThroughUi(page, 'Tess Tabs', uniqueEmail('tabs2'));
  // No reload in the other tab: the first tab broadcasts USER_UPDATE and the other refreshes its user.
  await expectTrialBannerToGoOnSubscribe(page, await context.newPage());
});

test('another device follows a server-side user update live over the socket', async ({
  page,
  browser,
  baseURL,
}) => {
  await registerThroughUi(page, 'Dev Ice', uniqueEmail('device'));
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  // A separate browser context shares no BroadcastChannel with the first: only update_user_{id} can reach it.
  const device = await browser.newContext({ baseURL });
  await device.addInitScript((t) => localStorage.setItem('authToken', t ?? ''), token);
  await expectTrialBannerToGoOnSubscribe(page, await device.newPage());
  await device.close();
});
