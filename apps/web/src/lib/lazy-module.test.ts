import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { lazyModule, useLazyModule } from '@/lib/lazy-module';

describe('lazyModule', () => {
  it('fetches once, then holds the module', async () => {
    const importer = vi.fn(() => Promise.resolve({ answer: 42 }));
    const module = lazyModule(importer);
    expect(module.current()).toBeNull();
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(module.current()).toEqual({ answer: 42 });
    await module.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('can try again after a failed fetch', async () => {
    const importer = vi
      .fn<() => Promise<{ ok: boolean }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ ok: true });
    const module = lazyModule(importer);
    await expect(module.load()).rejects.toThrow('offline');
    expect(module.current()).toBeNull();
    await expect(module.load()).resolves.toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('re-renders its users when the module arrives, and renders it synchronously afterwards', async () => {
    const module = lazyModule(() => Promise.resolve({ name: 'loaded' }));
    const first = renderHook(() => useLazyModule(module));
    expect(first.result.current).toBeNull();
    await act(() => module.load());
    expect(first.result.current).toEqual({ name: 'loaded' });
    const later = renderHook(() => useLazyModule(module));
    expect(later.result.current).toEqual({ name: 'loaded' });
  });
});
