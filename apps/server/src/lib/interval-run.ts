import type { FastifyInstance } from 'fastify';

/**
 * Work run on a timer by the instances that run jobs (the billing sweep, the weekly letters): `runOnce` runs it
 * now, joining a run in flight; `start` runs it every `intervalMs` (a tick while a run is in flight is skipped,
 * a failure is logged and the next tick tries again); `stop` ends the timer and waits for the run in flight.
 */
export interface IntervalRun<R> {
  runOnce(): Promise<R>;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

export function intervalRun<R>(run: () => Promise<R>, onError: (error: unknown) => void): IntervalRun<R> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<R> | undefined;
  const runOnce = () => (running ??= run().finally(() => (running = undefined)));
  return {
    runOnce,
    start(intervalMs) {
      if (timer || intervalMs <= 0) return;
      timer = setInterval(() => {
        if (running) return;
        runOnce().catch(onError);
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}

/**
 * Runs `timed` every `intervalMs` once the app is ready (never with 0: an instance that runs no jobs, the tests)
 * and stops it, waiting for a run in flight, before the app closes.
 */
export function runWhileOpen(app: FastifyInstance, timed: IntervalRun<unknown>, intervalMs: number): void {
  if (intervalMs > 0) {
    app.addHook('onReady', (done) => {
      timed.start(intervalMs);
      done();
    });
  }
  app.addHook('preClose', async () => {
    await timed.stop();
  });
}
