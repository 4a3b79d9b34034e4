import { TouchpointResponseSchema, type TouchpointRequest } from '@mediadiet/contract/extension';
import type { BrowserApi } from '../browser';
import type { QueueItem } from '../storage-keys';
import type { Api } from './api';
import type { Store } from './store';

export const QUEUE_MAX = 200;
/** Items sent per flush; the rest wait for the next alarm, so a long offline spell never floods the server. */
export const FLUSH_BATCH = 25;
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
export const FLUSH_ALARM = 'mediadiet-flush';
/**
 * While pages wait after a failure, the server is probed (GET /readyz: no key, no page, a few bytes) after
 * these delays and then every last one while the background runs, so the queue goes within seconds of the
 * server coming back; the alarm (`backoffMs`, Chrome's alarms fire every 30 s at the most) wakes a background
 * that was put to sleep. Any other call the server answers sends the queue at once too.
 */
export const PROBE_DELAYS_MS = [2_000, 4_000, 8_000] as const;
/** Never more than one probe in this long, however many triggers (captures, popup, timers) ask. */
export const PROBE_MIN_INTERVAL_MS = 2_000;
/** Between two batches of a long queue (FLUSH_BATCH each) while the background runs. */
export const BATCH_PAUSE_MS = 1_000;

/** Delay of the fallback alarm before retry number `failures` (1, 2, …): 30 s, 1 min, 2 min … capped at 5 min. */
export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
}

export type FlushOutcome = { sent: number; dropped: number; retryAt: number | null; unauthorized: boolean };

export interface QueueDeps {
  browser: BrowserApi;
  store: Store;
  api: Api;
  now: () => number;
  /**
   * Told the fate of each item (popup's "last analysis" status); a sent one with the id the server answered (the
   * analysis' id, for the popup to fetch its result).
   */
  onResult?: (item: QueueItem, status: 'sent' | 'limit' | 'error', analysisId?: string) => Promise<void>;
  /** The cheap "is the server back?" check (GET /readyz); none: only alarms and other calls retry. */
  probe?: () => Promise<boolean>;
}

export class TouchpointQueue {
  private flushing: Promise<FlushOutcome> | null = null;
  private probeTimer: ReturnType<typeof setTimeout> | undefined;
  private batchTimer: ReturnType<typeof setTimeout> | undefined;
  private lastProbeAt = -Infinity;

  constructor(private readonly deps: QueueDeps) {}

  /** Pages wait after a failure (a back-off is running). */
  private async waiting(): Promise<boolean> {
    const [retry, queue] = await Promise.all([this.deps.store.get('queueRetry'), this.deps.store.get('queue')]);
    return Boolean(retry && retry.failures > 0 && queue && queue.length > 0);
  }

  private scheduleProbe(failures: number): void {
    if (!this.deps.probe) return;
    clearTimeout(this.probeTimer);
    const delay = PROBE_DELAYS_MS[Math.min(failures, PROBE_DELAYS_MS.length) - 1] ?? PROBE_DELAYS_MS[0];
    this.probeTimer = setTimeout(() => void this.probe(), delay);
  }

  /**
   * Is the server back? When pages wait, ask it cheaply (at most once per PROBE_MIN_INTERVAL_MS) and, if it
   * answers, send them now; if not, ask again a little later. Also called when the background wakes for
   * anything else (a page captured, the popup opened).
   */
  async probe(): Promise<void> {
    const { probe, now } = this.deps;
    if (!probe || !(await this.waiting())) return;
    if (now() - this.lastProbeAt < PROBE_MIN_INTERVAL_MS) return;
    this.lastProbeAt = now();
    if (await probe()) {
      await this.flush(true);
      return;
    }
    this.scheduleProbe(PROBE_DELAYS_MS.length);
  }

  /** The server answered one of the extension's other calls: pages waiting after a failure go now. */
  async serverAnswered(): Promise<void> {
    if (this.flushing === null && (await this.waiting())) await this.flush(true);
  }

  /** Append; when full, the oldest items go (their number is kept for the popup). */
  async enqueue(request: TouchpointRequest, key: string): Promise<void> {
    const dropped = await this.deps.store.update('queue', (q = []) => {
      const next = [...q, { request, key, attempts: 0 }];
      const over = Math.max(0, next.length - QUEUE_MAX);
      return { value: next.slice(over), result: over };
    });
    if (dropped > 0) await this.deps.store.update('queueDropped', (n = 0) => ({ value: n + dropped, result: undefined }));
  }

  /** Forget everything waiting (the user disconnected: nothing captured under the old key is sent). */
  async clear(): Promise<void> {
    await this.deps.store.remove('queue', 'queueDropped', 'queueRetry');
  }

  async length(): Promise<number> {
    return (await this.deps.store.get('queue'))?.length ?? 0;
  }

  /**
   * Send queued items oldest first. 2xx → removed; 401 → stop and mark disconnected (items kept for the next
   * key); 402 → plan cap reached: the item is dropped and the popup shows the limit; other 4xx → dropped
   * (it can never succeed); 5xx, 429 or no answer → stop and retry later with back-off (chrome.alarms, as the
   * service worker may sleep). `force` ignores the back-off (the browser came back online, a new key).
   */
  flush(force = false): Promise<FlushOutcome> {
    this.flushing ??= this.doFlush(force).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async doFlush(force: boolean): Promise<FlushOutcome> {
    const { store, api, now, browser } = this.deps;
    const outcome: FlushOutcome = { sent: 0, dropped: 0, retryAt: null, unauthorized: false };
    const apiKey = await store.get('apiKey');
    if (!apiKey) return outcome;
    const retry = (await store.get('queueRetry')) ?? { failures: 0, nextAt: 0 };
    if (!force && retry.nextAt > now()) return { ...outcome, retryAt: retry.nextAt };

    for (let i = 0; i < FLUSH_BATCH; i++) {
      const item = (await store.get('queue'))?.[0];
      if (!item) break;
      const res = await api.touchpoint(apiKey, item.request);
      if (res.ok) {
        await this.removeHead(item);
        outcome.sent++;
        const answer = TouchpointResponseSchema.safeParse(res.data);
        await this.deps.onResult?.(item, 'sent', answer.success ? answer.data.id : undefined);
        continue;
      }
      if (res.status === 401) {
        await store.set({ connectionError: 'The server no longer accepts this browser. Reconnect from your account.' });
        await store.remove('apiKey');
        outcome.unauthorized = true;
        return outcome;
      }
      if (res.status === 402) {
        await this.removeHead(item);
        await store.set({ limitReachedAt: now() });
        outcome.dropped++;
        await this.deps.onResult?.(item, 'limit');
        continue;
      }
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
        console.warn(`Media Diet: touch point refused (${res.status}): ${res.error}`);
        await this.removeHead(item);
        outcome.dropped++;
        await this.deps.onResult?.(item, 'error');
        continue;
      }
      // 5xx, 408, 429 or network: keep it, back off.
      const failures = retry.failures + 1;
      const nextAt = now() + backoffMs(failures);
      await store.set({ queueRetry: { failures, nextAt } });
      await browser.alarms.create(FLUSH_ALARM, { when: nextAt });
      this.scheduleProbe(failures);
      return { ...outcome, retryAt: nextAt };
    }
    clearTimeout(this.probeTimer);
    await store.set({ queueRetry: { failures: 0, nextAt: 0 } });
    if ((await this.length()) > 0) {
      // More than one batch waiting: the next one after a pause rather than all at once (the alarm in case
      // the background is put to sleep meanwhile).
      const nextAt = now() + BACKOFF_BASE_MS;
      await browser.alarms.create(FLUSH_ALARM, { when: nextAt });
      clearTimeout(this.batchTimer);
      this.batchTimer = setTimeout(() => void this.flush(true), BATCH_PAUSE_MS);
      outcome.retryAt = nextAt;
    }
    return outcome;
  }

  private removeHead(item: QueueItem): Promise<void> {
    return this.deps.store.update('queue', (q = []) => ({
      value: q[0] === item || q[0]?.key === item.key ? q.slice(1) : q.filter((x) => x.key !== item.key),
      result: undefined,
    }));
  }
}
