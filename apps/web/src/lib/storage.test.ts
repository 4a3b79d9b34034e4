import { describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY, STORAGE_KEYS } from '@mediadiet/contract/constants';
import {
  clearAllStorage,
  getAuthToken,
  hasAuthToken,
  setAuthToken,
  subscribeToStorage,
  wantsRegister,
} from '@/lib/storage';

describe('storage', () => {
  it('reads and writes the auth token under authToken', () => {
    expect(getAuthToken()).toBeNull();
    setAuthToken('t1');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('t1');
    expect(hasAuthToken()).toBe(true);
    localStorage.setItem(AUTH_TOKEN_KEY, '');
    expect(hasAuthToken()).toBe(false);
  });

  it('treats gotoRegister as set unless empty or "false"', () => {
    expect(wantsRegister()).toBe(false);
    localStorage.setItem(STORAGE_KEYS.gotoRegister, 'true');
    expect(wantsRegister()).toBe(true);
    localStorage.setItem(STORAGE_KEYS.gotoRegister, 'false');
    expect(wantsRegister()).toBe(false);
  });

  it('tells subscribers about changes here and in other tabs, and clears everything', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToStorage(listener);
    setAuthToken('t2');
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_TOKEN_KEY }));
    localStorage.setItem('other', '1');
    clearAllStorage();
    expect(localStorage.length).toBe(0);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    setAuthToken('t3');
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('never throws when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(getAuthToken()).toBeNull();
  });
});
