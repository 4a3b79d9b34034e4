import { test, expect, expectAccessible } from './fixtures/test.ts';
import { registerThroughUi, uniqueEmail } from './fixtures/auth.ts';
import { openCancelSubscription, planCard, subscribe } from './fixtures/billing.ts';

test('the gray LED opens the setup flow; subscribing in one tab turns the LED of the other red', async ({
  page,
  context,
}) => {
  await registerThroughUi(page, 'Tab Tester', uniqueEmail('tabs'));
  // A second tab of the same browser, signed in through the shared storage, left open on the dashboard.
  const other = await context.newPage();
  await other.goto('/auth/dashboard');
  const otherLed = other.getByRole('button', { name: 'Extension status: Create Subscription' });
  await expect(otherLed).toBeVisible();

  // Without a subscription, the gray LED opens the setup flow's 'Create a Subscription' state.
  const gray = page.getByRole('button', { name: 'Extension status: Create Subscription' });
  await gray.click();
  const setup = page.getByRole('dialog', { name: 'Create a Subscription' });
  await expect(setup).toContainText('You must have a subscription to configure the browser extension');
  await expectAccessible(page);
  await setup.getByRole('button', { name: 'View plans' }).click();
  await expect(page).toHaveURL(/\/subscription$/);

  // Subscribe in the first tab (a first paid plan starts the free trial).
  await expect(planCard(page, 'Basic').getByRole('button', { name: 'Start Free Trial' })).toBeVisible();
  await subscribe(page, 'Basic');
  await expect(page.getByRole('dialog', { name: 'Welcome to Basic!' })).toBeVisible();

  // The other tab, never reloaded, follows: the setup wizard of a first subscription opens there too, and
  // behind it the LED is now red 'Setup Required' and the navigation shows.
  const wizard = other.getByRole('dialog', { name: 'Phase I: Install' });
  await expect(wizard).toBeVisible({ timeout: 10_000 });
  await wizard.getByRole('button', { name: 'Skip for now' }).click();
  await expect(other.getByRole('button', { name: 'Extension status: Setup Required' })).toBeVisible();
  await expect(other.getByRole('tab', { name: 'Insights' })).toBeVisible();
});

test('the cancel confirmation takes keyboard focus and closes on Escape', async ({ page }) => {
  await registerThroughUi(page, 'Key Board', uniqueEmail('keys'));
  await page.goto('/subscription');
  await expect(planCard(page, 'Basic').getByRole('button', { name: 'Start Free Trial' })).toBeVisible();
  await subscribe(page, 'Basic');
  const success = page.getByRole('dialog', { name: 'Welcome to Basic!' });
  await success.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await page
    .getByRole('dialog', { name: 'Phase I: Install' })
    .getByRole('button', { name: 'Skip for now' })
    .click();

  await openCancelSubscription(page);
  const popup = page.getByRole('alertdialog', { name: 'Cancel Subscription' });
  await expect(popup).toContainText(
    'Are you sure you want to cancel your subscription? This cannot be undone.',
  );
  await expect(popup.getByRole('button', { name: 'No, Keep It' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(page.getByText('Free Trial').first()).toBeVisible();
});
