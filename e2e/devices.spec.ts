import type { Browser, Page } from '@playwright/test';
import { test, expect, expectAccessible } from './fixtures/test.ts';
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

test('Settings lists the signed-in devices; signing one out ends it at once', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('devices');
  await registerThroughUi(page, 'Dee Vices', email);
  const phone = await signInElsewhere(browser, baseURL, email, FIREFOX_ANDROID);

  await page.goto('/auth/dashboard?view=settings');
  const card = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(card.getByText('Firefox on Android')).toBeVisible();
  await expect(card.getByText('This device')).toBeVisible();
  await expect(card.getByText(/near 127\.0\.0\.x/).first()).toBeVisible();
  await expect(card.getByText('No browser extension is paired.')).toBeVisible();
  await expectAccessible(page);
  if (SCREENSHOTS) {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `${SCREENSHOTS}/devices-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  await card.getByRole('button', { name: /^Sign out: Firefox on Android/ }).click();
  await expect(page.getByText('That device is signed out.')).toBeVisible();
  await expect(card.getByText('Firefox on Android')).toHaveCount(0);
  await expect(card.getByText('No other device is signed in.')).toBeVisible();

  // The phone's session is over: its next visit goes to the sign-in page.
  await phone.reload();
  await expect(phone).toHaveURL(/\/auth\/login$/);
  await phone.context().close();
});

test('Sign out everywhere else keeps this device signed in', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('others');
  await registerThroughUi(page, 'Otto Others', email);
  const phone = await signInElsewhere(browser, baseURL, email, FIREFOX_ANDROID);
  await page.goto('/auth/dashboard?view=settings');
  const card = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(card.getByText('Firefox on Android')).toBeVisible();
  await card.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Every other device is signed out.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  await phone.reload();
  await expect(phone).toHaveURL(/\/auth\/login$/);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Signed-in devices' })).toBeVisible();
  await phone.context().close();
});
