import { messages } from '@mediadiet/contract/messages';
import { test, expect, expectAccessible, screenshotAtWidths } from './fixtures/test.ts';
import { registerThroughUi, uniqueEmail } from './fixtures/auth.ts';
import { continueToDashboard, subscribe } from './fixtures/billing.ts';

/**
 * The account's time zone and the weekly letter (issue 29, decisions 154 and 155), against the real server, in
 * a browser set to Berlin: a new account takes the browser's zone; Settings changes it with a searchable list,
 * and turns the weekly letter on; both outlive a reload. An older account still on UTC is offered the zone.
 */

const text = messages.preferences;
const SCREENSHOTS = process.env.TIME_ZONE_SCREENSHOT_DIR;

test.use({ timezoneId: 'Europe/Berlin' });

test('a new account takes the browser’s zone; Settings changes it and the weekly letter', async ({
  page,
}) => {
  await registerThroughUi(page, 'Tess Zone', uniqueEmail('zone'));
  await expect(page.getByText(text.detected('Europe/Berlin'))).toBeVisible();

  await page.goto('/auth/dashboard?view=settings');
  const card = page.getByRole('region', { name: text.title });
  const zone = card.getByRole('combobox', { name: text.timeZoneLabel });
  await expect(zone).toHaveValue('Europe/Berlin');
  const letter = card.getByRole('switch', { name: text.weeklyLetterLabel });
  await expect(letter).not.toBeChecked();
  await expectAccessible(page);
  await screenshotAtWidths(page, SCREENSHOTS, { preferences: card });

  // Found by typing, chosen with the keyboard.
  await zone.click();
  await zone.pressSequentially('new york');
  const list = page.getByRole('listbox', { name: text.timeZoneLabel });
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option')).toContainText('America/New York');
  await expectAccessible(page);
  await screenshotAtWidths(page, SCREENSHOTS, { 'preferences-list': page });
  await zone.press('Enter');
  await expect(page.getByText(text.timeZoneSaved('America/New York'))).toBeVisible();
  await expect(zone).toHaveValue('America/New York');
  // The browser is elsewhere now: its zone is a click away.
  await expect(card.getByRole('button', { name: text.useBrowserZone('Europe/Berlin') })).toBeVisible();

  await letter.click();
  await expect(page.getByText(text.weeklyLetterOn)).toBeVisible();
  await expect(letter).toBeChecked();
  await screenshotAtWidths(page, SCREENSHOTS, { 'preferences-changed': card });

  await page.reload();
  await expect(card.getByRole('combobox', { name: text.timeZoneLabel })).toHaveValue('America/New York');
  await expect(card.getByRole('switch', { name: text.weeklyLetterLabel })).toBeChecked();
  await expectAccessible(page);
});

test('an older account still on UTC is offered the browser’s zone, without blocking the dashboard', async ({
  page,
}) => {
  // The browser's clock two days on: the account the server creates now is no longer new to the dashboard.
  await page.clock.setFixedTime(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
  await registerThroughUi(page, 'Otto Older', uniqueEmail('older-zone'));
  await subscribe(page, 'Basic');
  await continueToDashboard(page, 'Basic');

  const offer = page.getByRole('region', { name: text.offerTitle });
  await expect(offer).toContainText(text.offer('Europe/Berlin'));
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, SCREENSHOTS, { offer, 'offer-page': page });

  await offer.getByRole('button', { name: text.offerDecline }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  await expect(offer).toHaveCount(0);

  // Settings still offers it, one click away.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const card = page.getByRole('region', { name: text.title });
  await expect(card.getByRole('combobox', { name: text.timeZoneLabel })).toHaveValue('UTC');
  await card.getByRole('button', { name: text.useBrowserZone('Europe/Berlin') }).click();
  await expect(page.getByText(text.timeZoneSaved('Europe/Berlin'))).toBeVisible();
  await expect(card.getByRole('combobox', { name: text.timeZoneLabel })).toHaveValue('Europe/Berlin');
});
