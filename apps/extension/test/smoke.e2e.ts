/**
 * Smoke: the built Chromium extension loads in headless Chromium, its service worker starts with the fixed
 * id, and a page on the web origin gets PING answered through both transports (externally_connectable
 * runtime messaging and the window bridge). Needs `npm run build` first. Run: `npm run test:smoke`.
 * The web origin is served by request interception, so no server (and no port) is needed.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { config } from '../src/config';
import { EXTENSION_ID } from '../src/extension-key';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/chrome');
let context: BrowserContext;

beforeAll(async () => {
  context = await chromium.launchPersistentContext('', {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: false,
    args: ['--headless=new', '--no-sandbox', `--disable-extensions-except=${dist}`, `--load-extension=${dist}`],
  });
  await context.route(`${config.webOrigin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>web</title><p>web app</p>' }),
  );
}, 30_000);

afterAll(async () => {
  await context?.close();
});

it('service worker starts with the fixed id and answers PING from the web origin', async () => {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  expect(worker.url()).toBe(`chrome-extension://${EXTENSION_ID}/background.js`);

  const page = await context.newPage();
  await page.goto(`${config.webOrigin}/auth/dashboard`);
  const viaRuntime = await page.evaluate(
    (id) =>
      new Promise((resolve) => {
        const rt = (globalThis as unknown as { chrome?: { runtime?: { sendMessage: (...a: unknown[]) => void } } }).chrome?.runtime;
        if (!rt) return resolve('no chrome.runtime');
        rt.sendMessage(id, { type: 'PING' }, resolve);
      }),
    EXTENSION_ID,
  );
  expect(viaRuntime).toMatchObject({ ok: true, version: expect.any(String) as string });

  const viaBridge = await page.evaluate(
    () =>
      new Promise((resolve) => {
        window.addEventListener('message', (e: MessageEvent<{ source?: string; id?: string; response?: unknown }>) => {
          if (e.data?.source === 'mediadiet-extension' && e.data.id === 'smoke') resolve(e.data.response);
        });
        window.postMessage({ source: 'mediadiet-web', id: 'smoke', message: { type: 'PING' } }, window.location.origin);
        setTimeout(() => resolve('timeout'), 3000);
      }),
  );
  expect(viaBridge).toMatchObject({ ok: true });
}, 30_000);
