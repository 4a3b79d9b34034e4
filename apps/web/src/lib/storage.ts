import { useSyncExternalStore } from 'react';
import { AUTH_TOKEN_KEY, STORAGE_KEYS } from '@mediadiet/contract/constants';

/**
 * The one module that touches `localStorage`. Reads and writes never throw (storage can be unavailable,
 * e.g. in some private modes); subscribers hear about changes made here and in other tabs.
 */

/** The day (`YYYY-MM-DD`) the mood check-in was put off with "Not today" (ours, beyond spec §3's keys). */
export const MOOD_CHECKIN_DISMISSED_KEY = 'mood_checkin_dismissed';

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } finally {
    notify();
  }
}

export function removeItem(key: string): void {
  try {
    storage()?.removeItem(key);
  } finally {
    notify();
  }
}

/** Logout clears all local storage (spec §4 Auth), not only our keys. */
export function clearAllStorage(): void {
  try {
    storage()?.clear();
  } finally {
    notify();
  }
}

export function getAuthToken(): string | null {
  const token = readItem(AUTH_TOKEN_KEY);
  return token ? token : null;
}

export function setAuthToken(token: string): void {
  writeItem(AUTH_TOKEN_KEY, token);
}

export function hasAuthToken(): boolean {
  return getAuthToken() !== null;
}

/**
 * `gotoRegister` (or its older spelling `goRegister`, spec §3) set to anything but '' or 'false' shows the
 * register state of the sign-in screen (spec §2).
 */
export function wantsRegister(): boolean {
  return [STORAGE_KEYS.gotoRegister, STORAGE_KEYS.goRegister].some((key) => {
    const value = readItem(key);
    return value !== null && value !== '' && value !== 'false';
  });
}

/** Ask the sign-in screen to open on its register state (landing page "Create an account"). */
export function requestRegister(): void {
  writeItem(STORAGE_KEYS.gotoRegister, 'true');
}

export function subscribeToStorage(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === null || event.storageArea === storage()) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** An item, re-rendering when it changes here or in another tab. */
export function useStoredItem(key: string): string | null {
  return useSyncExternalStore(
    subscribeToStorage,
    () => readItem(key),
    () => null,
  );
}

/**
 * The browser zone the dashboard's time zone offer was answered for, per user (`time_zone_offer:<userId>`,
 * decision 155): taken or declined, it is not offered again for that zone in this browser.
 */
export const timeZoneOfferKey = (userId: string) => `time_zone_offer:${userId}`;

/** The current auth token, re-rendering when it changes here or in another tab. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToStorage, getAuthToken, () => null);
}
