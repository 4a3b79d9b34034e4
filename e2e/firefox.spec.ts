/**
 * The Firefox build of the extension in Debian's Firefox ESR (decision 167), driven by puppeteer-core over
 * WebDriver BiDi (fixtures/firefox.ts): it installs, opens its consent page, and the person agrees there; it pairs
 * through the web app's window.postMessage bridge (Firefox's way in, decision 065); a page the person reads reaches
 * the server; and a Google results page served under its real name (decision 163) gets its link labels with no
 * request to any other name while it is labelled.
 */
import type { Page } from 'puppeteer-core';
import { GECKO_ID } from '@mediadiet/extension/extension-key';
import { test, expect } from './fixtures/test.ts';
import { pinFromOutbox, uniqueEmail } from './fixtures/auth.ts';
import { CARDS } from './fixtures/billing.ts';
import {
  apiRequestsBetween,
  buildExtension,
  CONSENT_PAGE_PATH,
  startRecordingProxy,
  startTestPages,
  type TestPage,
} from './fixtures/extension.ts';
import { clickInPage, launchFirefox, startSitesProxy, type Firefox } from './fixtures/firefox.ts';
import {
  googleResultsPage,
  MASSACRE,
  PUPPY,
  RESULT_HOSTS,
  startResultSites,
  TOASTER,
} from './fixtures/results.ts';

test.describe.configure({ mode: 'serial' });

const ARTICLE_HOST = 'harbour-news.test';
const ARTICLE: TestPage = {
  title: 'The harbour festival returns after a quiet year',
  paragraphs: [
    'Boats strung with lanterns filled the harbour on Saturday as the festival returned. Families shared picnics on the sea wall, children raced paper boats in the shallows, and the brass band played until the sun went down behind the lighthouse.',
    'Volunteers spent months repairing the old pier so that everyone could walk out to the end again. The mayor thanked them by name, and the crowd cheered each one. Fishermen handed out grilled mackerel and told stories of storms long past.',
    'As the last lanterns drifted out on the tide, neighbours lingered to talk and laugh. Many said it felt like the town had found its heart again, and they are already planning next year together.',
  ],
};

let shared: {
  api: Awaited<ReturnType<typeof startRecordingProxy>>;
  ext: Awaited<ReturnType<typeof buildExtension>>;
  pages: Awaited<ReturnType<typeof startTestPages>>;
  sites: Awaited<ReturnType<typeof startResultSites>>;
  proxy: Awaited<ReturnType<typeof startSitesProxy>>;
};

test.beforeAll(async ({ server }) => {
  const api = await startRecordingProxy(server.baseURL);
  const [ext, pages, sites] = await Promise.all([
    // A page is read after 3 s in view: the results page is labelled (about 0.5 s) well before it could be read.
    buildExtension({ target: 'firefox', apiBase: api.url, webOrigin: server.baseURL, dwellMs: 3000 }),
    startTestPages({ [ARTICLE_HOST]: ARTICLE }),
    startResultSites({
      [RESULT_HOSTS.google]: (u) =>
        u.pathname === '/search'
          ? googleResultsPage(u.searchParams.get('q') ?? '', [MASSACRE, PUPPY, TOASTER])
          : undefined,
    }),
  ]);
  const proxy = await startSitesProxy({
    https: { [RESULT_HOSTS.google]: sites.port },
    http: { [ARTICLE_HOST]: Number(new URL(pages.url(ARTICLE_HOST)).port) },
  });
  shared = { api, ext, pages, sites, proxy };
});
test.afterAll(() =>
  Promise.all([
    shared.api.stop(),
    shared.pages.stop(),
    shared.sites.stop(),
    shared.proxy.stop(),
    shared.ext.cleanup(),
  ]),
);

let firefox: Firefox | undefined;
test.afterEach(async () => {
  await firefox?.close();
  firefox = undefined;
});

const LABEL = '[data-mediadiet-label]';

/** Each label on the page: the address of the link before it, its verdict and its accessible name. */
function labelled(page: Page) {
  return page.$$eval(LABEL, (labels) =>
    labels.map((el) => {
      const link = el.previousElementSibling;
      return {
        href: link instanceof HTMLAnchorElement ? link.href : null,
        verdict: el.getAttribute('data-mediadiet-label'),
        name: el.getAttribute('aria-label') ?? '',
      };
    }),
  );
}

test('Firefox ESR: installs and asks for consent, pairs through the bridge, sends a page read, labels Google results offline', async ({
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const { api, ext, pages, sites, proxy } = shared;
  firefox = await launchFirefox(proxy.prefs);
  const ff = firefox;

  // Installed, its background script opens the consent page by itself (decision 115).
  const { id, baseURL: extBase } = await ff.installExtension(ext.dir);
  expect(id).toBe(GECKO_ID);
  const consent = `${extBase}${CONSENT_PAGE_PATH}`;
  await expect.poll(() => ff.tabs()).toContain(consent);
  // Its host permissions are granted at install: the web app's origin and the labelled sites.
  const granted = await ff.grantedOrigins(id);
  expect(granted).toEqual(
    expect.arrayContaining([`${new URL(baseURL).origin.replace(/:\d+$/, '')}/*`, 'https://www.google.com/*']),
  );

  // The person agrees on it (server mode: the page's text is analysed on the server).
  // The agreement is usable once the page shows the stored choice (disabled until then).
  const agreeText = () =>
    ff.inExtensionPage(
      consent,
      (w) => {
        const agree = w.document.getElementById('agree') as HTMLButtonElement | null;
        return agree && !agree.disabled ? agree.textContent : null;
      },
      null,
    );
  await expect.poll(agreeText).toBe('I agree, start analysing');
  await ff.inExtensionPage(consent, clickInPage, '#agree');
  await expect
    .poll(() =>
      ff.inExtensionPage(
        consent,
        (w) => w.document.getElementById('consent-status')?.textContent ?? null,
        null,
      ),
    )
    .toBe('You agreed: pages you read are analysed as described above.');
  await ff.closeTab(consent);

  // Paired as the web app's "Connect Now" does in Firefox: a message posted on a page of the web app, which the
  // bridge content script hands to the background.
  const email = uniqueEmail('firefox');
  expect((await request.post('/auth/register', { data: { name: 'Fox Reader', email } })).ok()).toBe(true);
  const pin = await pinFromOutbox(request, email);
  const verified = (await (await request.post('/auth/verify', { data: { email, pin } })).json()) as {
    token: string;
    user: { id: string };
  };
  const auth = { authorization: `Bearer ${verified.token}` };
  // On the free plan (a card is confirmed first, as the plan's "Secure Account" step does), so pages are accepted.
  const intent = (await (await request.post('/api/payment/intent', { headers: auth })).json()) as {
    clientSecret: string;
  };
  const card = await request.post('/api/payment/local/confirm-setup', {
    headers: auth,
    data: {
      clientSecret: intent.clientSecret,
      card: { number: CARDS.visa.replace(/ /g, ''), expMonth: 12, expYear: 2034, cvc: '123' },
    },
  });
  expect(card.ok(), await card.text()).toBe(true);
  const { paymentMethodId } = (await card.json()) as { paymentMethodId: string };
  const plan = await request.post('/api/subscription/create', {
    headers: auth,
    data: { plan: 'free', paymentMethodId },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  const issued = await request.get('/api/extension/auth', { headers: auth });
  expect(issued.ok()).toBe(true);
  const { apiKey } = (await issued.json()) as { apiKey: string };
  const web = await ff.browser.newPage();
  await web.goto(`${baseURL}/readyz`);
  const reply = await web.evaluate(
    (message) =>
      new Promise((resolve) => {
        const id = 'firefox-journey';
        window.addEventListener(
          'message',
          (event: MessageEvent<{ source?: string; id?: string; response?: unknown }>) => {
            if (event.data?.source === 'mediadiet-extension' && event.data.id === id)
              resolve(event.data.response);
          },
        );
        window.postMessage({ source: 'mediadiet-web', id, message }, window.location.origin);
      }),
    { type: 'CONNECT_EXTENSION', apiKey, userId: verified.user.id, timestamp: Date.now() },
  );
  expect(reply).toEqual({ success: true });
  await web.close();
  // The popup, opened from its moz-extension:// address, says so.
  const popup = `${extBase}popup/popup.html`;
  await ff.openExtensionPage(popup);
  await expect
    .poll(() =>
      ff.inExtensionPage(popup, (w) => w.document.getElementById('status')?.textContent ?? null, null),
    )
    .toBe('Connected');
  await ff.closeTab(popup);

  // A page the person reads reaches the server, with its text.
  const touchpoints = () =>
    api.recorded.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/api/extension/touchpoints' &&
        r.body.includes(`//${ARTICLE_HOST}:`),
    );
  const article = await ff.browser.newPage();
  await article.bringToFront();
  await article.goto(pages.url(ARTICLE_HOST, '/festival'));
  // Accepted for analysis (202), once.
  await expect.poll(() => touchpoints().map((r) => r.status), { timeout: 20_000 }).toEqual([202]);
  expect(touchpoints()[0]!.body).toContain('Boats strung with lanterns');
  await article.close();

  // Google results, served under www.google.com: each result labelled by its headline, in the browser.
  const results = await ff.browser.newPage();
  await results.bringToFront();
  const t0 = Date.now();
  await results.goto('https://www.google.com/search?q=news+this+week');
  await results.waitForFunction(
    (sel) => document.querySelectorAll(sel).length === 3,
    { timeout: 30_000 },
    LABEL,
  );
  const t1 = Date.now();
  const labels = await labelled(results);
  const verdictOf = (url: string) => labels.filter((l) => l.href === url).map((l) => l.verdict);
  expect(verdictOf(MASSACRE.url)).toEqual(['draining']);
  expect(verdictOf(PUPPY.url)).toEqual(['uplifting']);
  expect(verdictOf(TOASTER.url)).toEqual(['neutral']);
  for (const l of labels) expect(l.name).toMatch(new RegExp(`^Likely ${l.verdict}\\b`));

  // Nothing left the browser for any other name while the page was labelled, and nothing went to the server.
  const during = proxy.requests.filter((r) => r.at >= t0 && r.at <= t1);
  expect(during.map((r) => r.host)).toContain(RESULT_HOSTS.google);
  expect(during.filter((r) => r.host !== RESULT_HOSTS.google)).toEqual([]);
  expect(sites.requests.filter((r) => r.at >= t0 && r.at <= t1 && r.host !== RESULT_HOSTS.google)).toEqual(
    [],
  );
  expect(
    apiRequestsBetween(api.recorded, t0, t1),
    'what the API received while the page was labelled',
  ).toEqual([]);
});
