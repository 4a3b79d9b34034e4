import { NOT_CONNECTED_WARNING_THROTTLE_MS } from '@mediadiet/contract/constants';

/**
 * Spec §8/§9: the extension warnings (lost connection, installed but not connected, not set up) show at
 * most once every 300000 ms. The last time lives in sessionStorage, so a reload or a second screen of the
 * same tab does not repeat it; without sessionStorage (private modes) it is kept in memory.
 */
export const WARNING_STORAGE_KEY = 'extension_warning_at';

let memory: number | null = null;

function read(): number | null {
  try {
    const raw = window.sessionStorage.getItem(WARNING_STORAGE_KEY);
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) ? value : memory;
  } catch {
    return memory;
  }
}

function write(at: number): void {
  memory = at;
  try {
    window.sessionStorage.setItem(WARNING_STORAGE_KEY, String(at));
  } catch {
    // memory only
  }
}

/** True (and the time recorded) when a warning may show at `now`; false while throttled. */
export function takeWarningSlot(now: number = Date.now()): boolean {
  const last = read();
  if (last !== null && now - last < NOT_CONNECTED_WARNING_THROTTLE_MS && now >= last) return false;
  write(now);
  return true;
}

/** Tests: forget the last warning. */
export function resetWarningThrottle(): void {
  memory = null;
  try {
    window.sessionStorage.removeItem(WARNING_STORAGE_KEY);
  } catch {
    // ignore
  }
}
