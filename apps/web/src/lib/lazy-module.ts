import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * A module fetched on demand (a dynamic `import()`), held once it has arrived so components can render
 * it synchronously from then on — unlike `React.lazy`, nothing suspends once the code is there.
 * Used for code that a page may never need: toasts, dropdown menus, dialogs
 * (docs/decisions/073-route-javascript-budget.md). A failed fetch can be retried by calling `load` again.
 */
export interface LazyModule<T> {
  /** Starts the fetch (once) and resolves with the module. */
  load: () => Promise<T>;
  /** The module if it has arrived. */
  current: () => T | null;
  subscribe: (listener: () => void) => () => void;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      pending ??= importer().then(
        (module) => {
          value = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    current: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The module once it has arrived (null before), re-rendering when it does. Does not start the fetch. */
export function useLazyModule<T>(module: LazyModule<T>): T | null {
  return useSyncExternalStore(module.subscribe, module.current, () => null);
}

/** A module wanted on screen: the module once it has arrived, whether its fetch failed, and how to ask again. */
export interface LazyModuleState<T> {
  loaded: T | null;
  failed: boolean;
  retry: () => void;
}

/**
 * The module once it has arrived, fetched the first time `wanted` is true, for a part of a screen that shows its
 * loading and failure states itself (a lazy card with a loading block of its own height, and an error with "Try
 * again" if its code cannot be fetched). A failure is logged as `${label} code could not be loaded` and reported
 * as `failed` until `retry` asks again; the fetch is also tried again the next time `wanted` turns true.
 */
export function useLazyModuleState<T>(module: LazyModule<T>, wanted: boolean, label: string): LazyModuleState<T> {
  const loaded = useLazyModule(module);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    module.load().catch((error: unknown) => {
      console.error(`${label} code could not be loaded`, error);
      if (live) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [module, wanted, loaded, label, attempt]);
  return {
    loaded,
    failed: failed && !loaded,
    retry: () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    },
  };
}

/** `useLazyModuleState`'s module alone: for a component that renders nothing until it has arrived (a dialog opening). */
export function useLazyModuleWhen<T>(module: LazyModule<T>, wanted: boolean, label: string): T | null {
  return useLazyModuleState(module, wanted, label).loaded;
}
