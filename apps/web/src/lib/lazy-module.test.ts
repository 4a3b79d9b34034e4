import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { lazyModule, useLazyModule, useLazyModuleState } from '@/lib/lazy-module';

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

describe('useLazyModuleState', () => {
  it('fetches when wanted, reports a failed fetch, and fetches again on retry', async () => {
    const importer = vi
      .fn<() => Promise<{ ok: boolean }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ ok: true });
    const module = lazyModule(importer);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result, rerender } = renderHook(({ wanted }) => useLazyModuleState(module, wanted, 'The part'), {
      initialProps: { wanted: false },
    });
    expect(importer).not.toHaveBeenCalled();
    rerender({ wanted: true });
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.loaded).toBeNull();
    expect(error).toHaveBeenCalledWith('The part code could not be loaded', expect.any(Error));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.loaded).toEqual({ ok: true }));
    expect(result.current.failed).toBe(false);
    expect(importer).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
