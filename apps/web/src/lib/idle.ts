/** Longest wait for an idle moment before the work runs anyway. */
export const IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `work` once the page has loaded and the main thread has a free moment (`requestIdleCallback`, at most
 * `IDLE_TIMEOUT_MS` later; the next task where there is none): for work the first screen does not need,
 * such as opening the real-time connection (decision 139). Returns the function that cancels it.
 */
export function whenIdleAfterLoad(work: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      idle = window.requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
    } else {
      timer = setTimeout(work, 0);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
