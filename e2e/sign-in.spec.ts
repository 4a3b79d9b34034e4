import type { APIRequestContext } from '@playwright/test';
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

/**
 * Runs a Google sign-in outside any browser page (as an attacker would with their own account) and stops
 * at the address the server sends back: `/auth/dashboard?success=true&token=<code>&user=…`.
 */
async function googleReturnAddress(request: APIRequestContext, binding: string): Promise<string> {
  const start = await request.get(`/auth/google?mode=redirect&binding=${binding}`, { maxRedirects: 0 });
  expect(start.status()).toBe(302);
  const authorized = await request.get(start.headers().location!, { maxRedirects: 0 });
  const callback = new URL(authorized.headers().location!);
  const back = await request.get(`${callback.pathname}${callback.search}`, { maxRedirects: 0 });
  expect(back.status()).toBe(302);
  const location = new URL(back.headers().location!);
  expect(location.pathname).toBe('/auth/dashboard');
  expect(location.searchParams.get('token')).toBeTruthy();
  return `${location.pathname}${location.search}`;
}

test('a Google return link from someone else’s sign-in does not move a signed-in person into that account', async ({
  page,
  oidc,
  playwright,
  baseURL,
}) => {
  await registerThroughUi(page, 'Ada Lovelace', uniqueEmail('ada-csrf'));
  const ownToken = await page.evaluate(() => localStorage.getItem('authToken'));

  // The attacker signs in with their own Google account and keeps the address instead of opening it.
  oidc.setIdentity({ sub: `mallory-${Date.now()}`, email: uniqueEmail('mallory'), email_verified: true, name: 'Mallory' });
  const attacker = await playwright.request.newContext({ baseURL });
  const link = await googleReturnAddress(attacker, 'attackers-own-binding-value-000000000000');
  await attacker.dispose();

  // The victim opens the link: refused, still Ada, same session.
  await page.goto(link);
  await expect(
    page.getByText('This Google sign-in did not start in this browser, or it has expired. Please sign in again.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(ownToken);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('Ada Lovelace')).toBeVisible();
  await expect(page.getByRole('menu').getByText('Mallory')).toHaveCount(0);

  // The same link, signed out: refused too (this browser did not start that flow).
  const fresh = await page.context().browser()!.newContext({ baseURL });
  const stranger = await fresh.newPage();
  await stranger.goto(link);
  await expect(stranger).toHaveURL(/\/auth\/login$/);
  expect(await stranger.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await fresh.close();
});

test('a Google sign-in for another account while signed in asks first; staying keeps the current account', async ({
  page,
  oidc,
}) => {
  await registerThroughUi(page, 'Ada Lovelace', uniqueEmail('ada-switch'));
  const ownToken = await page.evaluate(() => localStorage.getItem('authToken'));
  const beaEmail = uniqueEmail('bea');
  oidc.setIdentity({ sub: `bea-${Date.now()}`, email: beaEmail, email_verified: true, name: 'Bea' });

  // This browser starts a Google sign-in itself (as a link opened from the sign-in page would).
  const binding = await page.evaluate(() => {
    const value = 'e2e-binding-value-of-this-browser-000000000';
    localStorage.setItem('oauthBinding', value);
    return value;
  });
  await page.goto(`/auth/google?mode=redirect&binding=${binding}`);
  const dialog = page.getByRole('alertdialog', { name: 'Switch account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(beaEmail);
  await expectAccessible(page);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(ownToken);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(ownToken);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('Ada Lovelace')).toBeVisible();
});
