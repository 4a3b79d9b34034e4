/**
 * A deploy and a bad day, with the real extension (issue 28, items 8–11 and 13; decisions 117–119, 126): the
 * spec's own server is stopped with SIGTERM and started again while two dashboards stay open and a page is
 * read meanwhile; a slow or aborted sign-in check in one tab; failing history and insights loads.
 */
import type { Page, Request } from '@playwright/test';
import type { AnalysisResponse } from '@mediadiet/contract/analysis';
import { messages } from '@mediadiet/contract/messages';
import { test, expect, expectAccessible } from './fixtures/test.ts';
import {
  buildExtension,
  launchWithExtension,
  queued,
  startTestPages,
  type TestPage,
} from './fixtures/extension.ts';
import { openPopupFor, recentAnalyses, signUpAndPair, visit } from './fixtures/journey.ts';

// A server for this spec alone: it is stopped and started again, which the suite's shared one must never be.
test.use({ baseURL: async ({ restartable }, use) => use(restartable.baseURL) });

const GARDEN: TestPage = {
  title: 'A slow morning in the community garden',
  paragraphs: [
    'The gate creaks open a little after seven, and the first thing you notice is the quiet. Dew sits on the kale leaves like tiny glass beads, and a blackbird is working through the compost heap with great patience. Nobody is in a hurry here.',
    'We spend an hour thinning carrots and tying up the tomatoes. It is gentle, repetitive work, the kind that lets your thoughts settle. Marta talks about the neighbours who share seeds each spring and laughs when a bumblebee lands on her hat.',
    'By nine the sun is warm, the beds are tidy, and there is a basket of radishes and sweet peas to take home. Walking back along the river path, I feel rested and grateful: kindness, care and a little patience grow well together.',
  ],
};
const COUNCIL: TestPage = {
  title: 'They lied to us again, and this time it is a disgrace',
  paragraphs: [
    'Furious residents packed the council chamber last night after officials admitted they had hidden the contamination reports for months. People shouted, wept and demanded resignations. This is an outrage, and they knew exactly what they were doing.',
    'The documents are damning. Warnings were ignored, whistleblowers were threatened, and the cover-up was deliberate. Parents are terrified for their children. The mayor sneered at the crowd and walked out, which only made people angrier.',
    'This corruption is disgusting and it makes my blood boil. Every one of these cowards should be fired. We are sick of their arrogance, sick of their lies, and sick of being treated like fools.',
  ],
};

// One build of the extension for the spec, pointed at its server (a build takes seconds).
let ext: Awaited<ReturnType<typeof buildExtension>>;
test.beforeAll(async ({ restartable }) => {
  ext = await buildExtension({ apiBase: restartable.baseURL, webOrigin: restartable.baseURL });
});
test.afterAll(() => ext.cleanup());

// What the restarted server printed goes with a failed test (E2E_SERVER_LOG_LEVEL=info for more of it).
test.afterEach(async ({ restartable }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('server output', { body: restartable.logs(), contentType: 'text/plain' });
});

const history = (page: Page) => page.getByRole('region', { name: 'History' });
const token = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'));

test('a graceful restart: every open dashboard is live again, a page read meanwhile keeps its time and goes at once; the popup shows the server’s verdict', async ({
  restartable,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const pages = await startTestPages({ 'calm-garden.test': GARDEN, 'outrage-daily.test': COUNCIL });
  const { context } = await launchWithExtension(ext.dir, baseURL);
  try {
    const first = await context.newPage();
    await first.goto('/');
    await signUpAndPair(first, 'Basic');
    const second = await context.newPage();
    await second.goto('/auth/dashboard');
    for (const tab of [first, second])
      await expect(history(tab).getByText("you're all set up", { exact: false })).toBeVisible();

    // The deploy: SIGTERM, and a page read while the server is away waits in the extension's queue.
    await restartable.terminate();
    const readFrom = Date.now();
    const garden = await context.newPage();
    await garden.goto(pages.url('calm-garden.test', '/morning'));
    await expect.poll(() => queued(context), { timeout: 15_000 }).toBe(1);
    const readBy = Date.now();

    await restartable.restart();
    const backAt = Date.now();
    // Within seconds the queue goes, and both open dashboards show the page without a reload.
    for (const tab of [first, second]) {
      await expect(history(tab).getByText('calm-garden.test')).toBeVisible({ timeout: 20_000 });
    }
    expect(Date.now() - backAt).toBeLessThan(30_000);
    expect(await queued(context)).toBe(0);
    // Dated when it was read, not when the server came back.
    const [analysis] = (await recentAnalyses(first)).results.filter((a) =>
      a.url.includes('calm-garden.test'),
    );
    const at = Date.parse(analysis!.createdAt);
    expect(at).toBeGreaterThanOrEqual(readFrom - 1000);
    expect(at).toBeLessThanOrEqual(readBy);
    expect(at).toBeLessThan(backAt);

    // Live again: a page read now reaches both dashboards by the live channel alone.
    await visit(context, pages.url('outrage-daily.test', '/council'));
    for (const tab of [first, second]) {
      await expect(history(tab).getByText('outrage-daily.test')).toBeVisible({ timeout: 15_000 });
    }

    // The popup over the garden page shows what the server found (server mode): its verdict first.
    const detail = (await (
      await first.request.get(`/api/analysis/get/${analysis!.id}`, {
        headers: { authorization: `Bearer ${await token(first)}` },
      })
    ).json()) as AnalysisResponse;
    const verdict = detail.analysis.verdict;
    expect(verdict).toBeDefined();
    const popup = await openPopupFor(context, 'calm-garden.test');
    const names = {
      uplifting: 'Uplifting',
      neutral: 'Neutral',
      mixed: 'Mixed',
      draining: 'Draining',
    } as const;
    await expect(popup.locator('#last-verdict')).toContainText(names[verdict!]);
    await expect(popup.getByText('analysed by the server · sent')).toBeVisible();
    await expect(popup.getByRole('list', { name: 'Strongest categories' })).toBeVisible();
    await expectAccessible(popup);
  } finally {
    await context.close();
    await pages.stop();
  }
});

test('a slow or aborted sign-in check keeps every tab signed in; failing loads say so with “Try again” and back off', async ({
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { context } = await launchWithExtension(ext.dir, baseURL);
  try {
    const page = await context.newPage();
    await page.goto('/');
    await signUpAndPair(page, 'Basic');
    const signedInAs = await token(page);
    expect(signedInAs).toBeTruthy();

    // A new tab whose sign-in check is slow, left while the check is in flight.
    const slow = await context.newPage();
    let releaseSlow = () => {};
    await slow.route('**/auth/loggedin', (route) =>
      new Promise<void>((resolve) => (releaseSlow = resolve)).then(() => route.abort()),
    );
    const checking = slow.waitForRequest('**/auth/loggedin');
    await slow.goto('/auth/dashboard', { waitUntil: 'commit' });
    await checking;
    await slow.close();
    releaseSlow();
    // A tab whose check is aborted (a network failure) keeps the token too, and signs in once the server answers.
    const aborted = await context.newPage();
    let aborts = 0;
    await aborted.route('**/auth/loggedin', (route) => {
      aborts++;
      return route.abort('failed');
    });
    await aborted.goto('/auth/dashboard');
    await expect.poll(() => aborts).toBeGreaterThanOrEqual(2);
    expect(await token(aborted)).toBe(signedInAs);
    expect(await token(page)).toBe(signedInAs);
    await aborted.unroute('**/auth/loggedin');
    await expect(history(aborted)).toBeVisible({ timeout: 30_000 });
    await aborted.close();
    await page.reload();
    await expect(history(page)).toBeVisible();
    expect(await token(page)).toBe(signedInAs);

    // The history fails with a 5xx and the insights with a network failure: each says so with "Try again" within
    // a few seconds, and the tab does not keep asking.
    const asked: Record<'recent' | 'insights', number> = { recent: 0, insights: 0 };
    await page.route('**/api/analysis/recent**', (route) => {
      asked.recent++;
      return route.fulfill({ status: 503, json: { success: false, error: 'The database is not answering' } });
    });
    await page.route('**/api/analysis/insights**', (route) => {
      asked.insights++;
      return route.abort('failed');
    });
    const reloadedAt = Date.now();
    await page.reload();
    const historyError = page.getByRole('alert').filter({ hasText: messages.loading.analysisHistory });
    const insightsError = page.getByRole('alert').filter({ hasText: messages.loading.insights });
    await expect(historyError).toBeVisible({ timeout: 5_000 });
    await expect(insightsError).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - reloadedAt).toBeLessThan(8_000);
    await expect(historyError).toContainText('The database is not answering');
    await expect(historyError.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(insightsError.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectAccessible(page);
    // Watched for ten seconds: a handful of requests a minute at most, not one a second.
    const seen = { ...asked };
    await page.waitForTimeout(10_000);
    expect(asked.recent).toBeLessThanOrEqual(3);
    expect(asked.insights).toBeLessThanOrEqual(3);
    expect(asked.recent - seen.recent + asked.insights - seen.insights).toBeLessThanOrEqual(1);

    // The server is back: "Try again" loads the history.
    await page.unroute('**/api/analysis/recent**');
    await page.unroute('**/api/analysis/insights**');
    const reload = page.waitForRequest((r: Request) => r.url().includes('/api/analysis/recent'));
    await historyError.getByRole('button', { name: 'Try again' }).click();
    await reload;
    await expect(historyError).toHaveCount(0);
    await expect(history(page).getByText("you're all set up", { exact: false })).toBeVisible();

    // Only an explicit "not logged in" signs out — and then every tab, as the token is shared.
    const other = await context.newPage();
    await other.route('**/auth/loggedin', (route) =>
      route.fulfill({ json: { success: true, loggedIn: false, user: null } }),
    );
    await other.goto('/auth/dashboard');
    await expect(other).toHaveURL(/\/auth\/login/);
    expect(await token(page)).toBeNull();
  } finally {
    await context.close();
  }
});
