import type { Browser, Page } from '@playwright/test';
import { test, expect, expectAccessible, screenshotAtWidths } from './fixtures/test.ts';
import { registerThroughUi, signInWithPin, uniqueEmail } from './fixtures/auth.ts';

/** Settings → Signed-in devices (issue 26, finding 10), against the real server. */

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';
const SCREENSHOTS = process.env.DEVICES_SCREENSHOT_DIR;

/** Signs `email` in with a PIN in a new browser context that reports `userAgent`. */
async function signInElsewhere(browser: Browser, baseURL: string, email: string, userAgent: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, userAgent });
  const page = await context.newPage();
  await signInWithPin(page, email);
  return page;
}

/**
 * Registers `name` on `page` and signs the same account in on a phone (Firefox on Android), then opens
 * Settings on `page` until its Signed-in devices card lists the phone.
 */
async function withPhone(page: Page, browser: Browser, baseURL: string, name: string, email: string) {
  await registerThroughUi(page, name, email);
  const phone = await signInElsewhere(browser, baseURL, email, FIREFOX_ANDROID);
  await page.goto('/auth/dashboard?view=settings');
  const card = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(card.getByText('Firefox on Android')).toBeVisible();
  return { phone, card };
}

/** The phone's session is over: its next visit goes to the sign-in page. */
async function expectSignedOut(phone: Page): Promise<void> {
  await phone.reload();
  await expect(phone).toHaveURL(/\/auth\/login$/);
  await phone.context().close();
}

test('Settings lists the signed-in devices; signing one out ends it at once', async ({ page, browser, baseURL }) => {
  const { phone, card } = await withPhone(page, browser, baseURL, 'Dee Vices', uniqueEmail('devices'));
  await expect(card.getByText('This device')).toBeVisible();
  await expect(card.getByText(/near 127\.0\.0\.x/).first()).toBeVisible();
  await expect(card.getByText('No browser extension is paired.')).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, SCREENSHOTS, { devices: card });

  await card.getByRole('button', { name: /^Sign out: Firefox on Android/ }).click();
  await expect(page.getByText('That device is signed out.')).toBeVisible();
  await expect(card.getByText('Firefox on Android')).toHaveCount(0);
  await expect(card.getByText('No other device is signed in.')).toBeVisible();
  await expectSignedOut(phone);
});

test('Sign out everywhere else keeps this device signed in', async ({ page, browser, baseURL }) => {
  const { phone, card } = await withPhone(page, browser, baseURL, 'Otto Others', uniqueEmail('others'));
  await card.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Every other device is signed out.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  await expectSignedOut(phone);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Signed-in devices' })).toBeVisible();
});
