/**
 * The background (Chromium service worker / Firefox event page): owns the apiKey and every server call.
 * Listeners are registered synchronously on start, as MV3 requires for a worker woken by an event.
 * The analyzer is not part of this file: it loads in a worker of its own on the first on-device analysis or the
 * first batch of link headlines to label.
 */
import { createAnalyzer } from './analyzer/client';
import { createBackground, listen } from './background/index';
import { getBrowser } from './browser';
import { config } from './config';

const analyzer = createAnalyzer(globalThis);
const ctx = createBackground({
  browser: getBrowser(),
  config,
  fetch: (input, init) => fetch(input, init),
  analyze: analyzer,
  analyzeHeadlines: analyzer.headlines,
});
listen(ctx);
// A worker woken by an event (not start-up) should still send what waits.
void ctx.queue.flush();
