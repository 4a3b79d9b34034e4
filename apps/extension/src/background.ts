/**
 * The background (Chromium service worker / Firefox event page): owns the apiKey and every server call.
 * Listeners are registered synchronously on start, as MV3 requires for a worker woken by an event.
 */
import { analyze } from '@mediadiet/analyzer';
import { createBackground, listen } from './background/index';
import { getBrowser } from './browser';
import { config } from './config';

const ctx = createBackground({
  browser: getBrowser(),
  config,
  fetch: (input, init) => fetch(input, init),
  analyze: (input) => analyze(input),
});
listen(ctx);
// A worker woken by an event (not start-up) should still send what waits.
void ctx.queue.flush();
