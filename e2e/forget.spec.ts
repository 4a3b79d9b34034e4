/**
 * "Forget this page" (issue 28, decision 116) against the real server: the demo account opens an analysis from
 * its insights, forgets it after the confirmation, and the page leaves the insights in this tab and, live, in
 * a second open tab; the server no longer has it. Axe on the confirmation.
 */
import { test, expect, expectAccessible } from './fixtures/test.ts';
import { DEMO_EMAIL, signInWithPin } from './fixtures/auth.ts';

test.use({ baseURL: async ({ seeded }, use) => use(seeded.baseURL) });

test('forget a page from its detail: gone here, live in another tab, and on the server', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInWithPin(page, DEMO_EMAIL);
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(token).toBeTruthy();

  // A second tab of the same browser, on the dashboard too.
  const other = await context.newPage();
  await other.goto('/auth/dashboard');
  const otherCards = other.getByRole('list', { name: 'Analysed pages' }).getByRole('link');
  await expect(otherCards.first()).toBeVisible();

  const cards = page.getByRole('list', { name: 'Analysed pages' }).getByRole('link');
  await expect(cards.first()).toBeVisible();
  const href = (await cards.first().getAttribute('href')) ?? '';
  const id = new URLSearchParams(href.split('?')[1]).get('analysis') ?? '';
  expect(id).not.toBe('');
  await expect(other.locator(`a[href*="analysis=${id}"]`)).toHaveCount(1);
  const before = await page.request.get(`/api/analysis/get/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(before.status()).toBe(200);

  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`analysis=${id}`));
  await page.getByRole('button', { name: 'Forget this page' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Forget this page?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('This cannot be undone.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Forget this page' }).click();

  // The detail closes; the insights (this tab and, live, the other one) no longer list it.
  await expect(page).not.toHaveURL(/analysis=/);
  await expect(page.getByText(/^Forgotten: /)).toBeVisible();
  await expect(page.locator(`a[href*="analysis=${id}"]`)).toHaveCount(0);
  await expect(other.locator(`a[href*="analysis=${id}"]`)).toHaveCount(0, { timeout: 10_000 });

  const after = await page.request.get(`/api/analysis/get/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(404);
  const again = await page.request.delete(`/api/analysis/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(again.status()).toBe(404);
});
