import confetti from 'canvas-confetti';
import { CONFETTI_MS } from '@mediadiet/contract/constants';

/**
 * Confetti from both sides for CONFETTI_MS (spec §9: about 3 seconds). Returns a stop function that
 * ends it early (the success modal closes). Honours prefers-reduced-motion. Drawn on the page's own thread:
 * the library's default worker is built from a blob: URL, which the Content-Security-Policy does not allow
 * (docs/decisions/101).
 */
export function celebrate(durationMs: number = CONFETTI_MS): () => void {
  const confettiOnPage = confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
  const end = Date.now() + durationMs;
  let frame = 0;
  let stopped = false;
  const colors = ['#0f6b63', '#e2f0ec', '#f2b84b', '#5aa99f'];
  const tick = () => {
    if (stopped) return;
    const common = { particleCount: 3, spread: 60, colors, disableForReducedMotion: true, zIndex: 60 };
    void confettiOnPage({ ...common, angle: 60, origin: { x: 0, y: 0.7 } });
    void confettiOnPage({ ...common, angle: 120, origin: { x: 1, y: 0.7 } });
    if (Date.now() < end) frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => {
    stopped = true;
    cancelAnimationFrame(frame);
    confettiOnPage.reset();
  };
}
