import { useEffect, type ComponentType, type ReactNode } from 'react';
import { lazyModule, useLazyModule, useLazyModuleWhen } from '@/lib/lazy-module';

export interface LazyComponent<P extends object> {
  (props: P): ReactNode;
  /** Fetches the component's code ahead of its first render (the router, for the screen it opens). */
  preload: () => Promise<unknown>;
}

/**
 * A component whose code is fetched when it first renders (or when `preload` is called), for the parts
 * of a screen that only some visits show (docs/decisions/073-route-javascript-budget.md). Until the code
 * is there it renders `fallback`; once it is, it renders at once — nothing suspends.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LazyComponent<P> {
  const module = lazyModule(load);
  function Lazy(props: P) {
    const Component = useLazyModule(module);
    useEffect(() => {
      if (!Component)
        void module.load().catch((error: unknown) => console.error('[lazy] could not load', error));
    }, [Component]);
    return Component ? <Component {...props} /> : fallback;
  }
  Lazy.preload = () => module.load();
  return Lazy;
}

/**
 * A dialog whose code is fetched when it first opens (or when `preload` is called): closed, it renders nothing,
 * so the screens that might open it do not carry its code (docs/decisions/073-route-javascript-budget.md). A
 * failed fetch is logged as `${label} code could not be loaded` and tried again the next time it opens.
 */
export function lazyDialog<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
  label: string,
): LazyComponent<P> {
  const module = lazyModule(load);
  function LazyDialog(props: P) {
    const Dialog = useLazyModuleWhen(module, props.open, label);
    return props.open && Dialog ? <Dialog {...props} /> : null;
  }
  LazyDialog.preload = () => module.load();
  return LazyDialog;
}
