import type { BrowserApi } from '../browser';
import { STORAGE_KEYS, type Settings, type StorageShape } from '../storage-keys';

export const DEFAULT_SETTINGS = (dwellMs: number): Settings => ({ onDevice: false, pausedUntil: 0, dwellMs });

/**
 * Typed access to chrome.storage.local. `update` runs read-modify-write steps one after another, so two
 * captures arriving together cannot lose each other's queue item.
 */
export class Store {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly browser: BrowserApi,
    private readonly defaultDwellMs: number,
  ) {}

  async get<K extends keyof StorageShape>(key: K): Promise<StorageShape[K] | undefined> {
    const got = await this.browser.storage.local.get(STORAGE_KEYS[key]);
    return got[STORAGE_KEYS[key]] as StorageShape[K] | undefined;
  }

  async set(items: Partial<StorageShape>): Promise<void> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(items)) out[STORAGE_KEYS[k as keyof StorageShape]] = v;
    await this.browser.storage.local.set(out);
  }

  async remove(...keys: (keyof StorageShape)[]): Promise<void> {
    await this.browser.storage.local.remove(keys.map((k) => STORAGE_KEYS[k]));
  }

  /** Serialised read-modify-write of one key. */
  update<K extends keyof StorageShape, R = void>(
    key: K,
    fn: (value: StorageShape[K] | undefined) => { value: StorageShape[K]; result: R } | Promise<{ value: StorageShape[K]; result: R }>,
  ): Promise<R> {
    const run = this.chain.then(async () => {
      const { value, result } = await fn(await this.get(key));
      await this.set({ [key]: value });
      return result;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  async settings(): Promise<Settings> {
    return { ...DEFAULT_SETTINGS(this.defaultDwellMs), ...(await this.get('settings')) };
  }

  updateSettings(patch: Partial<Settings>): Promise<Settings> {
    return this.update('settings', (s) => {
      const value = { ...DEFAULT_SETTINGS(this.defaultDwellMs), ...s, ...patch };
      return { value, result: value };
    });
  }
}
