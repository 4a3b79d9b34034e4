import type { TouchpointRequest } from '@mediadiet/contract/extension';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { popupState } from '../src/background/index';
import {
  backoffMs,
  BACKOFF_MAX_MS,
  BATCH_PAUSE_MS,
  FLUSH_ALARM,
  FLUSH_BATCH,
  PROBE_DELAYS_MS,
  QUEUE_MAX,
} from '../src/background/queue';
import { CONSENT_VERSION, handleCapture } from '../src/background/touchpoints';
import { listen } from '../src/background/index';
import type { QueueItem } from '../src/storage-keys';
import type { FetchCall, fakeFetch } from './fakes';
import { setup } from './fakes';

const KEY = 'k'.repeat(40);
const req = (i: number): TouchpointRequest => ({
  url: `https://site.test/${i}`,
  title: `Page ${i}`,
  text: `text ${i}`,
  capturedAt: new Date(0).toISOString(),
});
const TP = 'POST /api/extension/touchpoints';

function withQueue(n: number, response: Parameters<typeof fakeFetch>[0]) {
  const t = setup({ routes: response });
  t.data.apiKey = KEY;
  t.data.queue = Array.from({ length: n }, (_, i): QueueItem => ({ request: req(i), key: `k${i}`, attempts: 0 }));
  return t;
}
const queue = (t: { data: Record<string, unknown> }) => (t.data.queue as QueueItem[] | undefined) ?? [];

describe('queue', () => {
  it('is bounded: the oldest go first and their number is kept', async () => {
    const t = setup();
    for (let i = 0; i < QUEUE_MAX + 5; i++) await t.ctx.queue.enqueue(req(i), `k${i}`);
    expect(queue(t)).toHaveLength(QUEUE_MAX);
    expect(queue(t)[0]!.request.url).toBe('https://site.test/5');
    expect(t.data.queueDropped).toBe(5);
    expect((await popupState(t.ctx)).queueDropped).toBe(5);
  });

  it('sends oldest first, in batches, and schedules the rest', async () => {
    const t = withQueue(FLUSH_BATCH + 3, { [TP]: { status: 202, body: { success: true, id: 'x' } } });
    const out = await t.ctx.queue.flush();
    expect(out.sent).toBe(FLUSH_BATCH);
    expect(t.calls.map((c) => (c.body as TouchpointRequest).url).slice(0, 2)).toEqual(['https://site.test/0', 'https://site.test/1']);
    expect(queue(t)).toHaveLength(3);
    expect(t.alarms.has(FLUSH_ALARM)).toBe(true);
  });

  it('5xx or no network: keeps everything and backs off with an alarm, doubling to a cap', async () => {
    const t = withQueue(3, { [TP]: { status: 503 } });
    const first = await t.ctx.queue.flush();
    expect(queue(t)).toHaveLength(3);
    expect(t.calls).toHaveLength(1);
    expect(first.retryAt).toBe(t.now() + backoffMs(1));
    expect(t.alarms.get(FLUSH_ALARM)).toEqual({ when: t.now() + 30_000 });
    // Before the retry time nothing is sent; the alarm's flush after it is.
    await t.ctx.queue.flush();
    expect(t.calls).toHaveLength(1);
    t.advance(30_000);
    const second = await t.ctx.queue.flush();
    expect(second.retryAt).toBe(t.now() + 60_000);
    expect(backoffMs(20)).toBe(BACKOFF_MAX_MS);

    t.routes[TP] = 'network';
    t.advance(60_000);
    await t.ctx.queue.flush();
    expect(queue(t)).toHaveLength(3);
    t.routes[TP] = { status: 202, body: { success: true, id: 'x' } };
    expect((await t.ctx.queue.flush(true)).sent).toBe(3); // e.g. the browser came back online
    expect(t.data.queueRetry).toEqual({ failures: 0, nextAt: 0 });
  });

  it('401: stops, keeps the items, marks the extension disconnected for the popup', async () => {
    const t = withQueue(2, { [TP]: { status: 401, body: { error: 'Unauthorized' } } });
    const out = await t.ctx.queue.flush();
    expect(out.unauthorized).toBe(true);
    expect(queue(t)).toHaveLength(2);
    expect(t.data.apiKey).toBeUndefined();
    const state = await popupState(t.ctx);
    expect(state.connected).toBe(false);
    expect(state.connectionError).toMatch(/Reconnect/);
  });

  it('402 (plan cap): drops the item and shows the limit in the popup', async () => {
    const t = withQueue(2, { [TP]: { status: 402, body: { error: 'Analysis limit reached' } } });
    const out = await t.ctx.queue.flush();
    expect(out.dropped).toBe(2);
    expect(queue(t)).toHaveLength(0);
    expect((await popupState(t.ctx)).limitReached).toBe(true);
  });

  it('the flush alarm triggers a flush', async () => {
    const t = withQueue(1, { [TP]: { status: 202, body: { success: true, id: 'x' } } });
    listen(t.ctx);
    t.listeners.alarm.forEach((l) => l({ name: FLUSH_ALARM }));
    await t.ctx.queue.flush();
    expect(queue(t)).toHaveLength(0);
  });
});

describe('queued pages when the server comes back (issue 28)', () => {
  afterEach(() => vi.useRealTimers());
  const READY = 'GET /readyz';
  const sentUrls = (t: { calls: FetchCall[] }) =>
    t.calls.filter((c) => c.path === '/api/extension/touchpoints').map((c) => (c.body as TouchpointRequest).url);

  it('keep their capture time: a page read offline is sent later with the time it was read', async () => {
    const t = setup({ routes: { [TP]: 'network', [READY]: 'network' } });
    t.data.apiKey = KEY;
    t.data.consent = { agreedAt: t.now(), version: CONSENT_VERSION };
    const readAt = t.now();
    const page = { url: 'https://news.test/story', title: 'Story', text: 'A calm and hopeful story about a community garden that neighbours planted together.' };
    expect(await handleCapture(t.ctx, page, { id: 3, incognito: false })).toMatchObject({ status: 'queued' });
    await t.ctx.queue.flush();
    expect(queue(t)).toHaveLength(1);

    t.advance(45 * 60_000);
    t.routes[TP] = { status: 202, body: { success: true, id: 'x' } };
    expect((await t.ctx.queue.flush(true)).sent).toBe(1);
    const sent = t.calls.filter((c) => c.path === '/api/extension/touchpoints').at(-1)!.body as TouchpointRequest;
    expect(sent.capturedAt).toBe(new Date(readAt).toISOString());
  });

  it('go within seconds of the server answering the cheap probe, not after the 30 s alarm', async () => {
    vi.useFakeTimers();
    const t = withQueue(3, { [TP]: { status: 503 }, [READY]: { status: 503 } });
    await t.ctx.queue.flush();
    expect(t.alarms.get(FLUSH_ALARM)).toEqual({ when: t.now() + 30_000 });

    // Still down at the first probes: nothing sent, only the probe asked.
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0]);
    expect(t.calls.filter((c) => c.path === '/readyz')).toHaveLength(1);
    expect(sentUrls(t)).toHaveLength(1);

    // The server is back: the next probe (a few seconds later) sends everything.
    t.routes[READY] = { status: 200, body: { status: 'ready' } };
    t.routes[TP] = { status: 202, body: { success: true, id: 'x' } };
    t.advance(PROBE_DELAYS_MS.at(-1)!);
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS.at(-1)!);
    expect(queue(t)).toHaveLength(0);
    expect(sentUrls(t).slice(1)).toEqual(['https://site.test/0', 'https://site.test/1', 'https://site.test/2']);
    expect(t.data.queueRetry).toEqual({ failures: 0, nextAt: 0 });
    // The probe costs no key and no page.
    const probe = t.calls.find((c) => c.path === '/readyz')!;
    expect(probe.method).toBe('GET');
    expect(probe.body).toBeUndefined();
    expect(probe.auth).toBeNull();
  });

  it('go at once when the server answers any other call of the extension', async () => {
    const t = withQueue(2, { [TP]: 'network' });
    await t.ctx.queue.flush();
    expect(queue(t)).toHaveLength(2);
    t.routes[TP] = { status: 202, body: { success: true, id: 'x' } };
    t.routes['GET /api/extension/disabled'] = {
      status: 200,
      body: { success: true, urls: { current: [], defaults: [] } },
    };
    await t.ctx.refreshDisabled(true);
    await vi.waitFor(() => expect(queue(t)).toHaveLength(0));
  });

  it('a long queue goes batch after batch a second apart, not one batch per 30 s alarm', async () => {
    vi.useFakeTimers();
    const t = withQueue(FLUSH_BATCH * 2 + 1, { [TP]: { status: 202, body: { success: true, id: 'x' } } });
    await t.ctx.queue.flush(true);
    expect(queue(t)).toHaveLength(FLUSH_BATCH + 1);
    await vi.advanceTimersByTimeAsync(BATCH_PAUSE_MS);
    expect(queue(t)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(BATCH_PAUSE_MS);
    expect(queue(t)).toHaveLength(0);
  });
});
