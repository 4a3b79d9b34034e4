import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { intervalRun } from '../../src/lib/interval-run.ts';

/** A run held until `finish` (or `fail`) is called; `calls` counts the runs started. */
function heldRun() {
  const held = { calls: 0, finish: () => {}, fail: (_error: Error) => {} };
  const run = () =>
    new Promise<number>((resolve, reject) => {
      held.calls += 1;
      const call = held.calls;
      held.finish = () => resolve(call);
      held.fail = reject;
    });
  return { held, run };
}

describe('intervalRun', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runOnce joins a run in flight', async () => {
    const { held, run } = heldRun();
    const timed = intervalRun(run, () => {});
    const first = timed.runOnce();
    const second = timed.runOnce();
    expect(held.calls).toBe(1);
    held.finish();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    const third = timed.runOnce();
    held.finish();
    expect(await third).toBe(2);
  });

  it('runs every interval, skips a tick while a run is in flight, and stop waits for it', async () => {
    const { held, run } = heldRun();
    const timed = intervalRun(run, () => {});
    timed.start(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(held.calls).toBe(1);

    let stopped = false;
    const stopping = timed.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    held.finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(held.calls).toBe(1);
  });

  it('hands a failed run to onError and runs again at the next tick', async () => {
    const { held, run } = heldRun();
    const errors: unknown[] = [];
    const timed = intervalRun(run, (error) => errors.push(error));
    timed.start(1000);
    await vi.advanceTimersByTimeAsync(1000);
    held.fail(new Error('down'));
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([new Error('down')]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.calls).toBe(2);
    held.finish();
    await timed.stop();
  });

  it('does not start with an interval of 0', async () => {
    const { held, run } = heldRun();
    intervalRun(run, () => {}).start(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(held.calls).toBe(0);
  });
});
