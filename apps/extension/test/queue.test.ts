import type { TouchpointRequest } from '@mediadiet/contract/extension';
import { describe, expect, it } from 'vitest';
import { popupState } from '../src/background/index';
import { backoffMs, BACKOFF_MAX_MS, FLUSH_ALARM, FLUSH_BATCH, QUEUE_MAX } from '../src/background/queue';
import { listen } from '../src/background/index';
import type { QueueItem } from '../src/storage-keys';
import type { fakeFetch} from './fakes';
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
