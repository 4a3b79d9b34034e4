/**
 * The heart of the product, end to end: the built extension loaded in Chromium, paired through the wizard,
 * capturing local test pages (served on 127.0.0.1 under *.test names), and the analyses reaching the dashboard
 * live. The extension talks to the server through a recording proxy, so the tests can prove what the server
 * received — and, in on-device mode, what it never received.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { messages } from '@mediadiet/contract/messages';
import type { RecentAnalysesResponse } from '@mediadiet/contract/analysis';
import { topCategories } from '@mediadiet/contract/analysis';
import { CATEGORIES } from '@mediadiet/contract/categories';
import { test, expect, expectAccessible } from './fixtures/test.ts';
import { uniqueEmail } from './fixtures/auth.ts';
import { openPopup, openPopupFor, signUpAndPair, visit } from './fixtures/journey.ts';
import {
  buildExtension,
  CONSENT_PAGE_PATH,
  EXTENSION_ID,
  extensionStorage,
  extensionWorker,
  expectPageType,
  launchWithExtension,
  queued,
  startRecordingProxy,
  startTestPages,
  type TestPage,
} from './fixtures/extension.ts';

test.describe.configure({ mode: 'serial' });

const CALM: TestPage = {
  title: 'A slow morning in the community garden',
  paragraphs: [
    'The gate creaks open a little after seven, and the first thing you notice is the quiet. Dew sits on the kale leaves like tiny glass beads, and a blackbird is working through the compost heap with great patience. Nobody is in a hurry here. Marta, who has tended the plot by the shed for eleven years, waves with a trowel and offers a cup of mint tea from her flask.',
    'We spend an hour thinning carrots and tying up the tomatoes. It is gentle, repetitive work, the kind that lets your thoughts settle. Marta talks about the neighbours who share seeds each spring, the teenagers who built the new rain barrels, and the retired teacher who reads to the children on Saturday afternoons under the apple tree. She laughs when a bumblebee lands on her hat.',
    'By nine the sun is warm, the beds are tidy, and there is a basket of radishes and sweet peas to take home. Walking back along the river path, I feel rested and grateful. It is a small thing, an hour among the beans, but it carries through the whole day: a reminder that kindness, care and a little patience grow well together.',
  ],
};

const OUTRAGE: TestPage = {
  title: 'They lied to us again, and this time it is a disgrace',
  paragraphs: [
    'Furious residents packed the council chamber last night after officials admitted they had hidden the contamination reports for months. People shouted, wept and demanded resignations. This is an outrage. These so-called leaders betrayed every family in the district, and they knew exactly what they were doing.',
    'The documents are damning. Warnings were ignored, whistleblowers were threatened, and the cover-up was deliberate. Parents are terrified for their children. One mother screamed that she would never trust them again, and who could blame her? The mayor sneered at the crowd and walked out, which only made people angrier.',
    'This corruption is disgusting and it makes my blood boil. Every one of these cowards should be fired and prosecuted. They have destroyed any shred of trust, and the anger in this town will not fade. Enough is enough: we are sick of their arrogance, sick of their lies, and sick of being treated like fools.',
  ],
};

/** A sentence that exists only on the on-device page: the server must never see it. */
const PRIVATE_SENTENCE = 'The violet heron whispered seventeen secrets to the lighthouse keeper.';

const PAGES: Record<string, TestPage> = {
  'calm-garden.test': CALM,
  'outrage-daily.test': OUTRAGE,
  'ignored-news.test': { title: 'Ignored news', paragraphs: OUTRAGE.paragraphs },
  'device-only.test': {
    title: 'Notes from the harbour',
    paragraphs: [...CALM.paragraphs.slice(0, 2), `${PRIVATE_SENTENCE} ${CALM.paragraphs[2]}`],
  },
  'after-disconnect.test': { title: 'After disconnect', paragraphs: CALM.paragraphs },
  'huge-report.test': {
    title: 'The full report',
    paragraphs: Array.from({ length: 150 }, () => OUTRAGE.paragraphs.join(' ')),
  },
  // An intranet page on this computer: never captured (decision 112).
  localhost: {
    title: 'Payroll',
    paragraphs: [
      'Salary statement for November. Net pay, tax code and bank account details follow below.',
      ...CALM.paragraphs,
    ],
  },
};

type Harness = Awaited<ReturnType<typeof harness>>;

/**
 * What the spec's tests share, set up once: the recording proxy in front of the suite's server, one build of the
 * extension pointed at it (a build takes seconds), and the test pages. Each test gets a fresh browser profile.
 */
let shared: {
  proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  ext: Awaited<ReturnType<typeof buildExtension>>;
  pages: Awaited<ReturnType<typeof startTestPages>>;
};
test.beforeAll(async ({ server }) => {
  const proxy = await startRecordingProxy(server.baseURL);
  const [ext, pages] = await Promise.all([
    buildExtension({ apiBase: proxy.url, webOrigin: server.baseURL }),
    startTestPages(PAGES),
  ]);
  shared = { proxy, ext, pages };
});
test.afterAll(() => Promise.all([shared.proxy.stop(), shared.pages.stop(), shared.ext.cleanup()]));

async function harness(baseURL: string, options: { consent?: boolean } = {}) {
  const { proxy, ext, pages } = shared;
  // Only what this test's browser sends.
  proxy.recorded.length = 0;
  const { context } = await launchWithExtension(ext.dir, baseURL, options);
  const touchpointBodies = () =>
    proxy.recorded
      .filter((r) => r.method === 'POST' && r.path === '/api/extension/touchpoints')
      .map((r) => r.body);
  return {
    context,
    pages,
    proxy,
    touchpointBodies,
    sentFor: (host: string) => touchpointBodies().filter((b) => b.includes(`//${host}:`)),
    close: () => context.close(),
  };
}

async function recent(page: Page): Promise<RecentAnalysesResponse> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const res = await page.request.get('/api/analysis/recent', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as RecentAnalysesResponse;
}

/**
 * Uses up the free plan: 50 pages analysed on another device, uploaded with that device's own key (a separate
 * pairing, so the browser under test keeps its key), each billed one whole touch point (decision 114).
 */
async function useUpFreePlan(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const issued = await page.request.get('/api/extension/auth', {
    headers: { authorization: `Bearer ${token}`, 'user-agent': 'Another device (e2e)' },
  });
  const { apiKey } = (await issued.json()) as { apiKey: string };
  const key = { authorization: `Bearer ${apiKey}` };
  expect((await page.request.post('/api/extension/verify', { headers: key })).ok()).toBe(true);
  const categoryScores = Object.fromEntries(
    Object.values(CATEGORIES).map((c) => [
      c.id,
      {
        BaseScore: 20,
        Classification: c.classification,
        BayesFactor: 1,
        PosteriorProbability: 0.5,
        EffectiveN: 2,
      },
    ]),
  );
  for (let i = 0; i < 50; i++) {
    const res = await page.request.post('/api/extension/touchpoints', {
      headers: key,
      data: {
        url: `https://elsewhere-${i}.example.org/story`,
        title: `Read elsewhere ${i}`,
        scores: {
          tokens: 900,
          categoryScores,
          classificationAnalysis: { correlationCoefficient: 0.1, bayesFactor: 1, posteriorProbability: 0.5 },
        },
        capturedAt: new Date().toISOString(),
      },
    });
    expect(res.status(), await res.text()).toBe(202);
  }
  await expect.poll(async () => (await recent(page)).totals.touchpoints, { timeout: 30_000 }).toBe(50);
}

/** How many offscreen documents the extension has open: Chromium hosts the on-device analyzer in one (decision 124). */
async function offscreenDocuments(context: BrowserContext): Promise<number> {
  const worker = await extensionWorker(context);
  return worker.evaluate(async () => {
    const { runtime } = (
      globalThis as unknown as {
        chrome: { runtime: { getContexts(f: { contextTypes: string[] }): Promise<unknown[]> } };
      }
    ).chrome;
    return (await runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })).length;
  });
}

/** The sites the extension knows it must not read (the account's list and the default protected sites). */
async function ignoredInExtension(context: BrowserContext): Promise<string[]> {
  return (await extensionStorage<{ domains: string[] }>(context, 'disabled'))?.domains ?? [];
}

/**
 * Proves that a page of `host` just visited was not sent, without waiting a fixed time: a page visited after it
 * (`barrier`, of a host that is sent) goes through the same capture and the same first-in-first-out queue, so once
 * the barrier has reached the server, anything of `host` would have too. `already` is how many of `host` were
 * sent before.
 */
async function expectNotSentBefore(h: Harness, host: string, barrier: string, already = 0) {
  const barrierHost = new URL(barrier).hostname;
  const before = h.sentFor(barrierHost).length;
  await visit(h.context, barrier);
  await expect.poll(() => h.sentFor(barrierHost).length, { timeout: 20_000 }).toBe(before + 1);
  expect(h.sentFor(host)).toHaveLength(already);
}

let h: Harness | undefined;
test.afterEach(async () => {
  await h?.close();
  h = undefined;
});

test('pair through the wizard; a calm and an outrage page reach the dashboard live; ignored, on-device, disconnect', async ({
  baseURL,
}) => {
  test.setTimeout(180_000);
  h = await harness(baseURL);
  const page = await h.context.newPage();
  await page.goto(`${baseURL}/`);
  await signUpAndPair(page, 'Basic');

  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText("you're all set up", { exact: false })).toBeVisible();

  // Two pages, while the dashboard stays open: both appear without a reload.
  await visit(h.context, h.pages.url('calm-garden.test', '/morning'));
  await visit(h.context, h.pages.url('outrage-daily.test', '/council'));
  await expect(history.getByText('calm-garden.test')).toBeVisible({ timeout: 30_000 });
  await expect(history.getByText('outrage-daily.test')).toBeVisible({ timeout: 30_000 });
  await expect(history.getByText('Touchpoints (last 7 days)')).toBeVisible();
  await expectAccessible(page);

  const { results } = await recent(page);
  const calm = results.find((a) => a.url.includes('calm-garden.test'));
  const outrage = results.find((a) => a.url.includes('outrage-daily.test'));
  expect(calm?.mode).toBe('server');
  expect(outrage?.mode).toBe('server');
  // The outrage page leans mal: lower valence, and its strongest category is a mal one.
  expect(outrage!.valence!).toBeLessThan(calm!.valence!);
  expect(outrage!.valence!).toBeLessThan(0);
  const top = (scores: typeof outrage) => {
    const { pro, mal } = topCategories(scores!.categoryScores, 1);
    return (mal[0]?.score.BaseScore ?? 0) > (pro[0]?.score.BaseScore ?? 0) ? 'mal' : 'pro';
  };
  expect(top(outrage)).toBe('mal');
  expect(top(calm)).toBe('pro');
  // Server mode never loads the analyzer in the extension.
  expect(await offscreenDocuments(h.context)).toBe(0);

  // The detail opens from the card.
  await history
    .getByRole('link', { name: /outrage-daily\.test/ })
    .first()
    .click();
  await expect(page.getByText(outrage!.url)).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();

  // Ignore a site on the dashboard: the extension learns at once and never sends it.
  await page.goto(`${baseURL}/auth/dashboard?view=urlManagement`);
  await page.getByRole('textbox', { name: 'Website domain' }).fill('ignored-news.test');
  await page.getByRole('button', { name: 'Add site' }).click();
  await expect(page.getByText('Added ignored-news.test to ignored sites')).toBeVisible();
  await expect.poll(() => ignoredInExtension(h!.context), { timeout: 10_000 }).toContain('ignored-news.test');
  await visit(h.context, h.pages.url('ignored-news.test', '/story'));
  await expectNotSentBefore(h, 'ignored-news.test', h.pages.url('calm-garden.test', '/after-ignored'));

  // On-device mode: an analysis arrives, and the server never received the page text.
  const popup = await openPopup(h.context);
  await popup.getByRole('checkbox', { name: 'Analyse on this device' }).check();
  await popup.close();
  await page.goto(`${baseURL}/auth/dashboard`);
  await visit(h.context, h.pages.url('device-only.test', '/harbour'));
  await expect(history.getByText('device-only.test')).toBeVisible({ timeout: 30_000 });
  const sentDevice = h.sentFor('device-only.test');
  expect(sentDevice).toHaveLength(1);
  expect(sentDevice[0]).toContain('"scores"');
  expect(sentDevice[0]).not.toContain('"text"');
  expect(h.proxy.recorded.some((r) => r.body.includes(PRIVATE_SENTENCE))).toBe(false);
  expect((await recent(page)).results.find((a) => a.url.includes('device-only.test'))?.mode).toBe('device');
  // On-device mode loaded it, in the offscreen document that hosts its worker.
  expect(await offscreenDocuments(h.context)).toBe(1);

  // Disconnect from the LED's settings: capture stops.
  await page.getByRole('button', { name: 'Extension status: Connected' }).click();
  await page.getByRole('menuitem', { name: messages.extension.disconnect }).click();
  await expect(page.getByText(messages.success.extensionDisconnected)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Extension status: Setup Required' })).toBeVisible();
  // Nothing is sent after a disconnect, so no later page can prove the absence: the visit outlasts the dwell,
  // after which a captured page would be on its way or waiting in the queue.
  const before = h.touchpointBodies().length;
  await visit(h.context, h.pages.url('after-disconnect.test', '/later'));
  expect(await queued(h.context)).toBe(0);
  expect(h.touchpointBodies()).toHaveLength(before);
});

test('reaching the plan cap shows the limit message in the extension', async ({ baseURL }) => {
  test.setTimeout(120_000);
  h = await harness(baseURL);
  const page = await h.context.newPage();
  await page.goto(`${baseURL}/`);
  await signUpAndPair(page, 'Free');

  // The free plan's 50 touch points are used up (by pages analysed on another device), so the server refuses
  // the next page at once (402).
  await useUpFreePlan(page);
  const reportUrl = h.pages.url('huge-report.test', '/full');
  const tab = await h.context.newPage();
  await tab.goto(reportUrl);
  await expect
    .poll(
      () => h!.proxy.recorded.filter((r) => r.body.includes('//huge-report.test:')).map((r) => r.status),
      { timeout: 20_000 },
    )
    .toEqual([402]);
  const popup = await openPopup(h.context);
  await expect(popup.getByRole('alert')).toContainText("You have reached your plan's analysis limit.");
  await expectAccessible(popup);
  await expectPageType(popup);
  await tab.close();
  expect((await recent(page)).results.filter((a) => a.url.includes('huge-report.test'))).toEqual([]);
});

test('consent before the first capture; private pages never leave; addresses lose their query; the popup’s ignore reaches the account', async ({
  baseURL,
}) => {
  test.setTimeout(180_000);
  h = await harness(baseURL, { consent: false });
  // The extension opens its consent page by itself after install.
  const consentUrl = `chrome-extension://${EXTENSION_ID}/${CONSENT_PAGE_PATH}`;
  const consent =
    h.context.pages().find((p) => p.url() === consentUrl) ??
    (await h.context.waitForEvent('page', { predicate: (p) => p.url() === consentUrl }));
  await expect(
    consent.getByRole('heading', { level: 1, name: 'Before Media Diet reads anything' }),
  ).toBeVisible();
  await expect(consent.getByRole('table')).toContainText('The text never leaves your browser');
  await expectAccessible(consent);
  await expectPageType(consent);

  const page = await h.context.newPage();
  await page.goto(`${baseURL}/`);
  await signUpAndPair(page, 'Basic');

  // Paired but not agreed: nothing is read, and the popup says why.
  await visit(h.context, h.pages.url('calm-garden.test', '/before-agreeing'));
  expect(await queued(h.context)).toBe(0);
  expect(h.touchpointBodies()).toEqual([]);
  const popup = await openPopup(h.context);
  await expect(popup.getByText('Nothing is read until you agree to how Media Diet works.')).toBeVisible();
  await popup.close();

  await consent.bringToFront();
  await consent.getByRole('button', { name: 'I agree, start analysing' }).click();
  await expect(
    consent.getByText('You agreed: pages you read are analysed as described above.'),
  ).toBeVisible();
  await consent.close();

  // The address is kept without its query and fragment; a page on this computer never leaves the browser.
  await visit(
    h.context,
    h.pages.url('calm-garden.test', '/morning?session=abc123&email=me%40example.org#top'),
  );
  await visit(h.context, h.pages.url('localhost', '/payroll?user=me'));
  await expect.poll(() => h!.sentFor('calm-garden.test').length, { timeout: 20_000 }).toBe(1);
  expect(h.sentFor('calm-garden.test')[0]).not.toContain('session=');
  expect(h.touchpointBodies().filter((b) => b.includes('//localhost:'))).toEqual([]);
  await expect
    .poll(async () => (await recent(page)).results.map((a) => a.url), { timeout: 30_000 })
    .toEqual([h.pages.url('calm-garden.test', '/morning')]);

  // "Ignore this site" in the popup opened over a page goes on the account's list: the web app shows it, and the
  // site's pages are not captured any more.
  const outrageTab = await h.context.newPage();
  await outrageTab.goto(h.pages.url('outrage-daily.test', '/first'));
  await expect.poll(() => h!.sentFor('outrage-daily.test').length, { timeout: 20_000 }).toBe(1);
  const popupTab = await openPopupFor(h.context, 'outrage-daily.test');
  await expect(popupTab.locator('#site-host')).toHaveText('outrage-daily.test');
  await popupTab.getByRole('button', { name: 'Ignore this site' }).click();
  await expect(popupTab.locator('#site-reason')).toHaveText(
    'You ignore this site. Remove it under Ignored Sites in your account.',
  );
  await expect(popupTab.getByRole('button', { name: 'Ignore this site' })).toBeDisabled();
  await popupTab.close();
  await outrageTab.close();
  const outrage = h.pages.url('outrage-daily.test', '/council');
  expect(h.proxy.recorded.some((r) => r.method === 'POST' && r.path === '/api/account/urls')).toBe(true);
  await page.goto(`${baseURL}/auth/dashboard?view=urlManagement`);
  await expect(page.getByRole('table', { name: 'Your ignored websites' })).toContainText(
    'outrage-daily.test',
  );
  await visit(h.context, outrage);
  await expectNotSentBefore(h, 'outrage-daily.test', h.pages.url('calm-garden.test', '/after-ignore'), 1);
});

test('a script on the web app’s origin cannot move the extension to another account without the person’s say-so', async ({
  baseURL,
  playwright,
}) => {
  test.setTimeout(180_000);
  h = await harness(baseURL);
  const page = await h.context.newPage();
  await page.goto(`${baseURL}/`);
  await signUpAndPair(page, 'Free');

  // Someone else's account and a key for it, as a hostile script on the web origin would hold.
  const other = await playwright.request.newContext({ baseURL });
  const email = uniqueEmail('other');
  expect((await other.post('/auth/register', { data: { name: 'Other', email } })).ok()).toBe(true);
  const outbox = (await (await other.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    messages: { text: string }[];
  };
  const pin = /\b(\d{6})\b/.exec(outbox.messages[0]!.text)![1]!;
  const verified = (await (await other.post('/auth/verify', { data: { email, pin } })).json()) as {
    token: string;
    user: { id: string };
  };
  const issued = (await (
    await other.get('/api/extension/auth', { headers: { authorization: `Bearer ${verified.token}` } })
  ).json()) as { apiKey: string };
  await other.dispose();

  const confirmPage = h.context.waitForEvent('page', {
    predicate: (p) => p.url().includes('/confirm/confirm.html'),
  });
  const reply = await page.evaluate(
    async ({ id, message }) =>
      new Promise((resolve) => {
        (
          globalThis as unknown as { chrome: { runtime: { sendMessage: (...a: unknown[]) => void } } }
        ).chrome.runtime.sendMessage(id, message, resolve);
      }),
    {
      id: EXTENSION_ID,
      message: {
        type: 'CONNECT_EXTENSION',
        apiKey: issued.apiKey,
        userId: verified.user.id,
        timestamp: Date.now(),
      },
    },
  );
  expect(reply).toEqual({
    success: false,
    error: 'Confirm the account switch in the Media Diet extension window',
  });

  // The extension asks in its own page; the offered key was never switched on.
  const ask = await confirmPage;
  await expect(ask.getByRole('heading', { name: 'Switch the extension to another account?' })).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Keep the current account' })).toBeFocused();
  await expectAccessible(ask);
  await expectPageType(ask);
  expect(h.proxy.recorded.filter((r) => r.path === '/api/extension/verify')).toHaveLength(1); // the wizard's only
  await ask.getByRole('button', { name: 'Keep the current account' }).click();
  await expect(ask.getByRole('status')).toHaveText(
    'The extension stays connected to your current account. You can close this tab.',
  );
  await ask.close();

  // Still the first account's extension.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Extension status: Connected' })).toBeVisible({
    timeout: 15_000,
  });
  expect(h.proxy.recorded.filter((r) => r.path === '/api/extension/verify')).toHaveLength(1);
});

/** What the extension shows on its toolbar button, read in its service worker. */
async function toolbarBadge(context: BrowserContext) {
  const worker = await extensionWorker(context);
  return worker.evaluate(async () => {
    const { action } = (
      globalThis as unknown as {
        chrome: {
          action: {
            getBadgeText(d: object): Promise<string>;
            getTitle(d: object): Promise<string>;
            getBadgeBackgroundColor(d: object): Promise<number[]>;
          };
        };
      }
    ).chrome;
    return {
      text: await action.getBadgeText({}),
      title: await action.getTitle({}),
      color: await action.getBadgeBackgroundColor({}),
    };
  });
}

test('a reading goal at risk shows on the toolbar badge and in the popup; the popup’s mood check-in reaches the account once a day', async ({
  baseURL,
}) => {
  test.setTimeout(180_000);
  h = await harness(baseURL);
  const page = await h.context.newPage();
  await page.goto(`${baseURL}/`);
  await signUpAndPair(page, 'Basic');
  // The dashboard offers today's check-in: nobody has checked in yet.
  const webPrompt = page.getByRole('region', { name: messages.mood.promptTitle });
  await expect(webPrompt).toBeVisible();

  // At most one page a day from calm-garden.test: the first page puts the goal at risk (decision 152).
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const auth = { authorization: `Bearer ${token}` };
  const goals = await page.request.put('/api/goals', {
    headers: auth,
    data: { goals: [{ kind: 'site_daily', target: 1, site: 'calm-garden.test' }] },
  });
  expect(goals.ok(), await goals.text()).toBe(true);
  const sentence = 'Pages from calm-garden.test: 1 today (goal: at most 1)';

  // A page of that site is read and sent; shortly after, without the popup, the badge says so in calm amber.
  const tab = await h.context.newPage();
  await tab.goto(h.pages.url('calm-garden.test', '/morning'));
  await expect.poll(() => h!.sentFor('calm-garden.test').length, { timeout: 20_000 }).toBe(1);
  await expect
    .poll(async () => (await toolbarBadge(h!.context)).title, { timeout: 90_000 })
    .toBe(`Media Diet — a reading goal is at risk: ${sentence}`);
  expect(await toolbarBadge(h.context)).toMatchObject({ text: '!', color: [180, 83, 9, 255] });

  // The popup over that page names the goal, and offers today's check-in; nothing of a mood has been sent.
  const popup = await openPopupFor(h.context, 'calm-garden.test');
  await expect(popup.getByRole('region', { name: 'Reading goals' }).getByRole('listitem')).toHaveText(
    `At risk: ${sentence}`,
  );
  const checkIn = popup.getByRole('region', { name: messages.mood.promptTitle });
  await expect(checkIn).toBeVisible();
  const moods = checkIn.getByRole('group', { name: messages.mood.promptTitle }).getByRole('button');
  await expect(moods).toHaveCount(5);
  await expect(moods.nth(3)).toHaveAccessibleName('Good (4 of 5)');
  const moodCalls = () => h!.proxy.recorded.filter((r) => r.path.startsWith('/api/mood'));
  expect(moodCalls().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/mood/today']);
  await checkIn.getByRole('textbox', { name: messages.mood.noteLabel }).fill('  A calm morning  ');
  await expectAccessible(popup);
  const shots = process.env.JOURNEY_SHOTS_DIR;
  if (shots) {
    await mkdir(shots, { recursive: true });
    await popup.locator('main').screenshot({ path: path.join(shots, 'popup-goal-and-mood.png') });
  }

  // One tap saves it: the score and the note leave the browser now, with the extension's key.
  await checkIn.getByRole('button', { name: 'Good (4 of 5)' }).click();
  await expect(checkIn.getByRole('status')).toHaveText(messages.mood.saved);
  await expect(moods).toHaveCount(0);
  await expectAccessible(popup);
  if (shots) await popup.locator('main').screenshot({ path: path.join(shots, 'popup-mood-saved.png') });
  const posted = moodCalls().filter((r) => r.method === 'POST');
  expect(posted.map((r) => [r.path, JSON.parse(r.body) as unknown, r.status])).toEqual([
    ['/api/mood', { score: 4, note: 'A calm morning' }, 200],
  ]);
  await popup.close();

  // The web app has it, and no longer offers today's check-in; its Goals card agrees with the badge.
  const stored = (await (await page.request.get('/api/mood?days=1', { headers: auth })).json()) as {
    today: string;
    checkIns: { day: string; score: number; note: string | null }[];
  };
  expect(stored.checkIns.map((c) => [c.day, c.score, c.note])).toEqual([[stored.today, 4, 'A calm morning']]);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Goals' })).toContainText(sentence);
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  await expect(webPrompt).toHaveCount(0);

  // Opened again the same day, the popup does not offer it.
  const again = await openPopupFor(h.context, 'calm-garden.test');
  await expect
    .poll(() => moodCalls().filter((r) => r.path === '/api/mood/today' && r.status === 200).length)
    .toBe(2);
  await expect(again.getByRole('region', { name: 'Reading goals' })).toBeVisible();
  await expect(again.locator('#mood')).toBeHidden();
  await again.close();
  await tab.close();
});
