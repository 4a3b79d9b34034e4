import { test, expect, expectAccessible } from './fixtures/test.ts';
import { pinFromOutbox, registerThroughUi, uniqueEmail } from './fixtures/auth.ts';

test('register → PIN from the outbox → dashboard, then log out to an empty storage', async ({ page }) => {
  const email = uniqueEmail('ada');
  await registerThroughUi(page, 'Ada Lovelace', email);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  // The revoked session no longer opens the dashboard.
  await page.goto('/auth/dashboard');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('an existing user signs in with e-mail and PIN; a wrong PIN shows the server error', async ({ page, request }) => {
  const email = uniqueEmail('lin');
  const reg = await request.post('/auth/register', { data: { name: 'Lin', email } });
  expect(reg.ok()).toBe(true);

  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send PIN' }).click();
  await expect(page.getByText('PIN sent! Check your email.')).toBeVisible();
  const pin = await pinFromOutbox(request, email);
  const wrong = pin === '000000' ? '111111' : '000000';
  await page.getByLabel('6-digit PIN').fill(wrong);
  await page.getByRole('button', { name: 'Verify PIN' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);

  await page.getByLabel('6-digit PIN').fill(pin);
  await page.getByRole('button', { name: 'Verify PIN' }).click();
  await expect(page).toHaveURL(/\/auth\/dashboard$/);
});

test('registering an e-mail twice switches to login with the duplicate message', async ({ page, request }) => {
  const email = uniqueEmail('dup');
  await request.post('/auth/register', { data: { name: 'First', email } });
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByRole('button', { name: /new here\? register/i }).click();
  await page.getByLabel('Name').fill('Second');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('This email is already registered. Please try logging in instead.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send PIN' })).toBeVisible();
});

test('Google sign-in through the 600×600 popup lands on the dashboard', async ({ page, oidc }) => {
  oidc.setIdentity({ sub: `g-${Date.now()}`, email: uniqueEmail('grace'), email_verified: true, name: 'Grace Hopper' });
  await page.goto('/auth/login');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await popup.waitForEvent('close');
  await expect(page).toHaveURL(/\/auth\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('Grace Hopper')).toBeVisible();
});

test('a second tab follows the first: signing out in one signs out the other', async ({ page, context }) => {
  const email = uniqueEmail('tabs');
  await registerThroughUi(page, 'Tab User', email);
  const second = await context.newPage();
  await second.goto('/auth/dashboard');
  await expect(second.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(second).toHaveURL(/\/auth\/login$/);
});

test('the sign-in states have no serious accessibility violations', async ({ page }) => {
  await page.goto('/auth/login');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: /new here\? register/i }).click();
  await expectAccessible(page);
  const email = uniqueEmail('a11y');
  await page.getByLabel('Name').fill('A11y');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByLabel('6-digit PIN')).toBeVisible();
  await expectAccessible(page);
});

test('a sign-in error in the address shows as a toast: catalogue texts only', async ({ page }) => {
  await page.goto('/auth/login?error=google_cancelled');
  await expect(page.getByText('Google sign-in was cancelled')).toBeVisible();
  await page.goto(`/auth/login?error=${encodeURIComponent('Your account is locked, call +1 555 0100')}`);
  await expect(page.getByText('Sign-in did not complete. Please try again.')).toBeVisible();
  await expect(page.getByText('call +1 555 0100')).toHaveCount(0);
});
