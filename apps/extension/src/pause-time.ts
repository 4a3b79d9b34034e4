/** The pause's times in the browser's zone, for the options page and the popup (decision 162). */

/** The next midnight in the browser's time zone after `now` (ms): when "Pause until tomorrow" ends. */
export function nextLocalMidnight(now: number): number {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

export function timeText(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * Until when reading is paused, in words: midnight (a pause "until tomorrow"), a time today, "tomorrow" and a
 * time, or a weekday and a time.
 */
export function pauseStatusText(pausedUntil: number, now: number): string {
  if (pausedUntil <= now) return 'Not paused.';
  if (pausedUntil === nextLocalMidnight(now)) return 'Paused until midnight.';
  const day = (ms: number) => new Date(ms).toDateString();
  if (day(pausedUntil) === day(now)) return `Paused until ${timeText(pausedUntil)}.`;
  if (day(pausedUntil) === day(nextLocalMidnight(now))) return `Paused until tomorrow, ${timeText(pausedUntil)}.`;
  return `Paused until ${new Date(pausedUntil).toLocaleDateString([], { weekday: 'long' })}, ${timeText(pausedUntil)}.`;
}

/** The pause choices of the options page and the popup: minutes, or "tomorrow" (null: the next local midnight). */
export const PAUSE_CHOICES = [
  { id: 'pause-15', minutes: 15 },
  { id: 'pause-60', minutes: 60 },
  { id: 'pause-tomorrow', minutes: null },
] as const;

/** The `pause` message's request for a choice, computed now in the browser's zone. */
export function pauseRequest(minutes: number | null, now: number): { minutes: number } | { until: number } {
  return minutes === null ? { until: nextLocalMidnight(now) } : { minutes };
}
