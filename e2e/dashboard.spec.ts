/**
 * The dashboard over real data: the demo account (`npm run seed:demo` into the server's fresh database) and
 * a fresh user before any analysis. Insights, periods, Top Domains, the analysis detail, the printed report
 * (Chromium's PDF) and axe on each view, wide and at 360 px.
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { messages } from '@mediadiet/contract/messages';
import { test, expect, expectAccessible } from './fixtures/test.ts';
import { DEMO_EMAIL, registerThroughUi, signInWithPin, uniqueEmail } from './fixtures/auth.ts';
import { skipExtensionWizard, subscribe } from './fixtures/billing.ts';
test.describe.configure({ mode: 'serial' });

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** No text of the header is cut short with an ellipsis (decision 147: under 420 px the mark shows without the name). */
async function expectHeaderUncut(page: Page) {
  const cut = await page
    .getByRole('banner')
    .evaluate((banner) =>
      [...banner.querySelectorAll<HTMLElement>('*')]
        .filter((el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth)
        .map((el) => el.textContent),
    );
  expect(cut).toEqual([]);
}

test.describe('the demo account', () => {
  test.use({ baseURL: async ({ seeded }, use) => use(seeded.baseURL) });

  test('insights, periods, top domains, detail, the printed report, axe on each view', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signInWithPin(page, DEMO_EMAIL);

    // History needs the extension (none in this browser): the onboarding card, one step (the survey is done).
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText(/Almost there! One quick step/)).toBeVisible();
    await expect(history.getByText('Complete the widget setup')).toBeVisible();
    await expect(history.getByText('Quick survey')).toHaveCount(0);

    // Insights of the current month: the donut with its centre and its text alternative.
    await expect(page.getByText('Total Score').first()).toBeVisible();
    await expect(page.getByRole('img', { name: /Donut chart of average category scores/ })).toBeVisible();
    await expectAccessible(page);

    // Four months of data: at least four month buttons; the selected one is disabled.
    const months = page.getByRole('button', { name: /^[A-Z][a-z]{2} '\d{2}$/ });
    expect(await months.count()).toBeGreaterThanOrEqual(4);
    const disabled = months.and(page.locator(':disabled'));
    await expect(disabled).toHaveCount(1);
    const other = months.and(page.locator(':enabled')).first();
    const otherName = (await other.textContent())?.trim() ?? '';
    await other.click();
    await expect(page.getByRole('button', { name: otherName })).toBeDisabled();
    await expect(page).toHaveURL(/period=/);

    // Top Domains.
    await page.getByRole('tab', { name: messages.insights.topDomains }).click();
    const table = page.getByRole('table', { name: new RegExp(messages.insights.topDomains) });
    await expect(table.getByRole('columnheader', { name: 'Domain' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /Score/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Visits' })).toBeVisible();
    expect(await table.getByRole('row').count()).toBeGreaterThan(3);
    await expectAccessible(page);

    // An insight card opens the detail; a category card expands; Back returns to the same period.
    const cards = page.getByRole('list', { name: 'Analysed pages' }).getByRole('link');
    await cards.first().click();
    await expect(page).toHaveURL(/analysis=/);
    await expect(page.getByText('Bayes factor').first()).toBeVisible();
    const controls = await page
      .getByRole('region', { name: 'Pro categories' })
      .locator('button[aria-expanded="false"]')
      .first()
      .getAttribute('aria-controls');
    const category = page.locator(`button[aria-controls="${controls}"]`);
    await category.click();
    await expect(category).toHaveAttribute('aria-expanded', 'true');
    const figures = page.locator(`[id="${controls}"]`);
    await expect(figures.getByText(/^N$/)).toBeVisible();
    await expect(figures.getByText(messages.history.probability)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('button', { name: otherName })).toBeDisabled();

    // Export PDF prints; the printed page hides the navigation and keeps the chart and the table.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => (window as unknown as { printed: number }).printed++;
    });
    await page.getByRole('button', { name: messages.insights.exportPdf }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
    await expect(page.getByRole('button', { name: messages.insights.exportPdf })).toBeHidden();
    await expect(page.getByRole('img', { name: /Donut chart/ })).toBeVisible();
    await expect(table).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('insights-print.png'), fullPage: true });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    await writeFile(testInfo.outputPath('insights-a4.pdf'), pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
    await writeFile(
      testInfo.outputPath('insights-letter.pdf'),
      await page.pdf({ format: 'Letter', printBackground: true }),
    );
    await page.emulateMedia({ media: 'screen' });

    // Phone width: nothing scrolls sideways, still accessible.
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoSidewaysScroll(page);
    await expectHeaderUncut(page);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('insights-360.png'), fullPage: true });

    // The other views of a premium user.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('tab', { name: 'Personality' }).click();
    await expect(page.getByText('Emotional Intelligence').first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByText('Manage ignored sites')).toBeVisible();
    await expectAccessible(page);
  });
});

test('a fresh user: the onboarding card, then no insights yet', async ({ page }) => {
  await registerThroughUi(page, 'Fresh Reader', uniqueEmail('fresh'));
  await subscribe(page, 'Basic');
  await page
    .getByRole('dialog', { name: /^Welcome to / })
    .getByRole('button', { name: 'Continue to Dashboard' })
    .click();
  await skipExtensionWizard(page);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(/Almost there! One quick step/)).toBeVisible();
  await expect(history.getByText('Complete the widget setup')).toBeVisible();
  await expect(page.getByText(messages.insights.emptyTitle)).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page);
  await expectHeaderUncut(page);
  await expectAccessible(page);
});
