/**
 * `npm run store:screenshots -w apps/extension`: the listing's screenshots, 1280×800 PNGs in store/screenshots/,
 * taken from the real extension in Chromium (decision 161).
 *
 * The extension is built as usual (`scripts/build.ts`, Chromium only) but pointed at a small stand-in server on
 * 127.0.0.1 that answers the calls it makes with contract-checked replies, so the popup shows a connected account.
 * Web pages (the article read, the search results) are served by request interception under their real-looking
 * addresses, so the content scripts run on them as anywhere. Nothing leaves the machine.
 *
 * Each shot is a row of SHOTS: add one there. A shot that needs a part of the extension names its file in `needs`
 * and is skipped, saying so, while the build has no such file.
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), SCREENSHOTS_OUT (default store/screenshots).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildCopy } from './build-copy';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { z } from 'zod';
import { DisabledUrlsResponseSchema, ExtensionResponseSchema, TokenValidityResponseSchema, TouchpointResponseSchema } from '@mediadiet/contract/extension';
import { GoalsResponseSchema } from '@mediadiet/contract/goals';
import { LabelContextResponseSchema } from '@mediadiet/contract/labels';
import { MoodTodayResponseSchema } from '@mediadiet/contract/mood';
import { DEFAULT_PROTECTED_SITES } from '@mediadiet/contract/urls';
import { EXTENSION_ID } from '../src/extension-key.ts';
import { FILES } from '../src/manifest.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.resolve(root, process.env.SCREENSHOTS_OUT ?? 'store/screenshots');
const SIZE = { width: 1280, height: 800 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ext = (file: string) => `chrome-extension://${EXTENSION_ID}/${file}`;

// ── The stand-in server ────────────────────────────────────────────────────────────────────────────────────────

const today = new Date().toISOString().slice(0, 10);
const extension = { status: 'on' as const, isInstalled: true };
/** Each reply is parsed with the contract's schema first: a contract change breaks this script, not the shots. */
const reply = <S extends z.ZodType>(schema: S, value: z.input<S>) => schema.parse(value);
const ROUTES: Record<string, () => { status?: number; body: unknown }> = {
  'GET /readyz': () => ({ body: { ok: true } }),
  'POST /api/extension/verify': () => ({ body: reply(ExtensionResponseSchema, { success: true, extension }) }),
  'GET /api/extension/token/validity': () => ({
    body: reply(TokenValidityResponseSchema, { success: true, valid: true, userId: 'u-1', extension }),
  }),
  'GET /api/extension/disabled': () => ({
    body: reply(DisabledUrlsResponseSchema, { success: true, urls: { current: [], defaults: [...DEFAULT_PROTECTED_SITES] } }),
  }),
  'POST /api/extension/touchpoints': () => ({ status: 202, body: reply(TouchpointResponseSchema, { success: true, id: 'tp-1' }) }),
  'GET /api/goals': () => ({ body: reply(GoalsResponseSchema, { success: true, goals: [] }) }),
  'GET /api/mood/today': () => ({ body: reply(MoodTodayResponseSchema, { success: true, today, checkedIn: false }) }),
  'GET /api/labels/context': () => ({ body: reply(LabelContextResponseSchema, { success: true, sensitivities: null, visited: [] }) }),
  'PUT /api/labels/counts': () => ({ body: { success: true } }),
  // The web app's page, where the extension's bridge runs (the pairing below goes through it).
  'GET /': () => ({ body: '<!doctype html><title>Media Diet</title><p>Media Diet</p>' }),
};

async function startServer(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    const route = ROUTES[`${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`];
    const { status = 200, body } = route?.() ?? { status: 404, body: { success: false, error: 'Not found' } };
    const html = typeof body === 'string';
    res.writeHead(status, { 'content-type': html ? 'text/html; charset=utf-8' : 'application/json' });
    res.end(html ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// ── Pages served under their own addresses ─────────────────────────────────────────────────────────────────────

const ARTICLE_URL = 'https://news.example.com/2026/11/rescued-puppy';
const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Volunteers rescue a puppy from the flooded river</title>
<style>body{font:18px/1.6 Georgia,serif;max-width:44rem;margin:40px auto;color:#222}h1{font-size:2rem}</style></head>
<body><header><a href="/">News</a></header><main><article><h1>Volunteers rescue a puppy from the flooded river</h1>
${[
  'A group of neighbours spent the morning searching the riverbank after a small dog was seen clinging to a branch. Just before noon two volunteers waded in and carried the shivering puppy to safety, to applause from the crowd.',
  'The puppy, a terrier mix now called Pebble, was warmed in blankets at the fire station and is recovering well. A local family has already offered her a home, and the children have painted a welcome sign.',
  'Residents say the rescue brought the street together. The volunteers thanked everyone who helped and said they were simply glad to see Pebble wag her tail again.',
].map((p) => `<p>${p}</p>`).join('\n')}</article></main></body></html>`;

/** A search results page with the markup of the search engine's results (headline link and snippet). */
const RESULTS_URL = 'https://www.google.com/search?q=river+news';
const RESULTS = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>river news - Google Search</title>
<style>body{font:14px/1.5 arial,sans-serif;margin:24px 160px;color:#202124}.g{margin:0 0 28px;max-width:600px}h3{font-size:20px;font-weight:400;margin:4px 0;color:#1a0dab}a{text-decoration:none}.VwiC3b{color:#4d5156}</style></head>
<body><div id="search"><div id="rso">${[
  ['https://news.example.com/2026/11/rescued-puppy', 'Volunteers rescue a puppy from the flooded river', 'Neighbours carried the shivering puppy to safety; a local family has offered her a home.'],
  ['https://world.example.org/massacre', 'Dozens killed in village massacre, survivors describe terror', 'Gunmen attacked the village at night, killing dozens and leaving families grieving.'],
  ['https://shop.example.net/kettle', 'Stainless steel kettle, 1.7 litres, 2200 W', 'Boils 1.7 litres in about four minutes. Cordless base, limescale filter, auto shut-off.'],
  ['https://city.example.com/bridge-vote', 'Council approves new river bridge after long debate', 'The plan passed narrowly; residents remain divided over the cost and the closures.'],
  ['https://science.example.edu/river-otters', 'Otters return to the river after forty years, delighting walkers', 'Cleaner water brought the otters back; children on the towpath cheered the first sighting.'],
  ['https://books.example.net/rivers-atlas', 'The Rivers Atlas, hardback, 320 pages', 'Maps of 200 rivers with photographs and an index. In stock, free delivery.'],
].map(([href, title, snippet]) => `<div class="g"><div><a href="${href}"><h3>${title}</h3></a></div><div class="VwiC3b">${snippet}</div></div>`).join('')}</div></div></body></html>`;

async function servePages(context: BrowserContext): Promise<void> {
  await context.route('https://news.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: ARTICLE }));
  await context.route('https://www.google.com/search**', (route) => route.fulfill({ contentType: 'text/html', body: RESULTS }));
}

// ── Helpers ────────────────────────────────────────────────────────────────────────────────────────────────────

/** A 1280×800 page showing `png` (a shot of something smaller) centred on the product's plain background. */
async function framed(context: BrowserContext, png: Buffer, caption: string): Promise<Buffer> {
  const page = await context.newPage();
  await page.setViewportSize(SIZE);
  await page.setContent(`<!doctype html><html><body style="margin:0;height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:28px;background:#f6f5f1;font:600 26px system-ui,sans-serif;color:#1f2a2e">
    <p style="margin:0">${caption}</p>
    <img alt="" style="border-radius:10px;box-shadow:0 12px 40px rgba(15,107,99,.25),0 2px 6px rgba(0,0,0,.12);max-height:640px" src="data:image/png;base64,${png.toString('base64')}">
  </body></html>`);
  const shot = await page.screenshot();
  await page.close();
  return shot;
}

/** The tab the extension last analysed `url` in (waiting for the analysis), from its own record. */
async function analysedTab(context: BrowserContext, url: string): Promise<number> {
  const worker = context.serviceWorkers()[0]!;
  for (let i = 0; i < 120; i++) {
    const found = await worker.evaluate(async (u) => {
      const storage = (globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } } }).chrome.storage.local;
      const byTab = ((await storage.get('lastAnalysisByTab')).lastAnalysisByTab ?? {}) as Record<string, { url?: string }>;
      return Object.entries(byTab).find(([, last]) => last.url === u)?.[0];
    }, url);
    if (found) return Number(found);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The extension did not analyse ${url} within a minute`);
}

/**
 * The popup as the toolbar opens it on tab `tabId`: its own lookup of the active tab answers with that tab. (Opened
 * in a tab of its own the popup would otherwise describe itself; the toolbar's activeTab grant, which shows the
 * tab's address, is not given, so the popup names the page the extension analysed there, as it does then.)
 */
async function openPopupOn(context: BrowserContext, tabId: number): Promise<Page> {
  const popup = await context.newPage();
  await popup.addInitScript((id) => {
    type Tabs = { query: (q: object) => Promise<{ id?: number }[]> };
    const tabs = (globalThis as unknown as { chrome?: { tabs?: Tabs } }).chrome?.tabs;
    if (!tabs || !location.pathname.endsWith('/popup/popup.html')) return;
    const query = tabs.query.bind(tabs);
    tabs.query = async (q) => ('active' in q ? (await query({})).filter((t) => t.id === id) : query(q));
  }, tabId);
  await popup.setViewportSize({ width: 330, height: 800 });
  await popup.goto(ext(FILES.popupHtml));
  return popup;
}

// ── The shots ──────────────────────────────────────────────────────────────────────────────────────────────────

interface Shot {
  file: string;
  /** A file of the built extension this shot shows; skipped while the build has none. */
  needs?: string;
  take: (context: BrowserContext) => Promise<Buffer>;
}

const SHOTS: Shot[] = [
  {
    file: '1-popup.png',
    async take(context) {
      const article = await context.newPage();
      await article.goto(ARTICLE_URL);
      const popup = await openPopupOn(context, await analysedTab(context, ARTICLE_URL));
      await popup
        .locator('#last')
        .getByText(/uplifting|neutral|mixed|draining/i)
        .first()
        .waitFor({ timeout: 30_000 })
        .catch(async (error: unknown) => {
          throw new Error(`The popup shows no analysis of the article:\n${await popup.locator('body').innerText()}`, { cause: error });
        });
      await popup.getByRole('heading', { name: /mood/i }).waitFor({ timeout: 5_000 }).catch(() => undefined);
      const shot = await popup.locator('body').screenshot();
      await popup.close();
      await article.close();
      return framed(context, shot, 'How the page you are reading is likely to make you feel');
    },
  },
  {
    file: '2-consent.png',
    async take(context) {
      const page = await context.newPage();
      await page.setViewportSize(SIZE);
      await page.goto(ext(FILES.consentHtml));
      await page.getByRole('heading', { name: 'What leaves your browser' }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, 0));
      const shot = await page.screenshot();
      await page.close();
      return shot;
    },
  },
  {
    file: '3-labels.png',
    needs: 'content/labels.js',
    async take(context) {
      const page = await context.newPage();
      await page.setViewportSize(SIZE);
      await page.goto(RESULTS_URL);
      await page.locator('[data-mediadiet-label]').first().waitFor({ timeout: 15_000 });
      const shot = await page.screenshot();
      await page.close();
      return shot;
    },
  },
];

// ── Run ────────────────────────────────────────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  const server = await startServer();
  const out = await mkdtemp(path.join(tmpdir(), 'mediadiet-screenshots-'));
  let context: BrowserContext | undefined;
  try {
    const dir = buildCopy('chrome', out, { apiBase: server.origin, webOrigin: server.origin, dwellMs: 300 });
    context = await chromium.launchPersistentContext('', {
      executablePath: CHROMIUM,
      headless: false,
      viewport: SIZE,
      deviceScaleFactor: 1,
      colorScheme: 'light',
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--hide-scrollbars', `--disable-extensions-except=${dir}`, `--load-extension=${dir}`],
    });
    await servePages(context);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    if (!worker.url().startsWith(ext(''))) throw new Error(`Unexpected extension id: ${worker.url()}`);

    // Agree on the consent page, analysing on this device (the popup then shows the scores without a server).
    const consent = context.pages().find((p) => p.url() === ext(FILES.consentHtml)) ?? (await context.newPage());
    if (consent.url() !== ext(FILES.consentHtml)) await consent.goto(ext(FILES.consentHtml));
    await consent.getByRole('checkbox', { name: 'Analyse on this device' }).check();
    await consent.getByRole('button', { name: 'I agree, start analysing' }).click();
    await consent.getByText('You agreed').waitFor();
    await consent.close();

    // Connect it to the stand-in account through the web page's bridge, as the web app does.
    const web = await context.newPage();
    await web.goto(`${server.origin}/`);
    const connected = await web.evaluate(
      () =>
        new Promise((resolve) => {
          window.addEventListener('message', (e: MessageEvent<{ source?: string; id?: string; response?: unknown }>) => {
            if (e.data?.source === 'mediadiet-extension' && e.data.id === 'connect') resolve(e.data.response);
          });
          const message = { type: 'CONNECT_EXTENSION', apiKey: 'k'.repeat(43), userId: 'u-1', timestamp: Date.now() };
          window.postMessage({ source: 'mediadiet-web', id: 'connect', message }, location.origin);
          setTimeout(() => resolve('no answer'), 10_000);
        }),
    );
    if ((connected as { success?: boolean }).success !== true) throw new Error(`Pairing failed: ${JSON.stringify(connected)}`);
    await web.close();

    await mkdir(OUT, { recursive: true });
    for (const shot of SHOTS) {
      if (shot.needs && !existsSync(path.join(dir, shot.needs))) {
        console.info(`skipped ${shot.file}: the build has no ${shot.needs}`);
        continue;
      }
      const png = await shot.take(context);
      await writeFile(path.join(OUT, shot.file), png);
      console.info(`wrote ${path.relative(process.cwd(), path.join(OUT, shot.file))} (${png.length} bytes)`);
    }
  } finally {
    await context?.close();
    await server.close();
    await rm(out, { recursive: true, force: true });
  }
}

await main();
