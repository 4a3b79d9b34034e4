import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/test.ts';
import { registerThroughUi, uniqueEmail } from './fixtures/auth.ts';
import { answerConfirm, continueToDashboard, subscribe } from './fixtures/billing.ts';

/**
 * The web app works under its Content-Security-Policy (issue 26, finding 3; decision 101): every screen of a
 * usual journey — sign-in, subscription with the card form and its dialogs, the dashboard's tabs, settings —
 * runs without a single CSP violation, and the policy really is on the page.
 */

/** Collects every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return seen;
}

test('the app runs under its strict Content-Security-Policy without a violation', async ({ page }) => {
  const violations = await watchViolations(page);

  const document = await page.goto('/auth/login');
  const csp = document?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");

  await registerThroughUi(page, 'Casey Policy', uniqueEmail('csp'));
  // The chunk preloader in index.html (an inline script, allowed by its hash) ran: it added modulepreload links.
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0);

  await page.goto('/subscription');
  await subscribe(page, 'Premium');
  await continueToDashboard(page, 'Premium');
  for (const tab of ['Insights', 'Personality', 'History']) {
    const control = page.getByRole('tab', { name: tab });
    if ((await control.count()) > 0) await control.click();
  }
  await page.goto('/auth/dashboard?view=configs');
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await page.getByRole('dialog', { name: 'Manage Subscription' }).getByRole('button', { name: 'Cancel Subscription' }).click();
  await answerConfirm(page, 'Are you sure you want to cancel your subscription? This cannot be undone.', 'Yes, Cancel');
  await expect(page.getByText(/Subscription cancelled successfully/)).toBeVisible();
  // The real-time channel (socket.io) is allowed too.
  await page.goto('/auth/dashboard');
  await page.waitForLoadState('networkidle');

  expect(violations).toEqual([]);
});
