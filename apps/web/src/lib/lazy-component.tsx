import { useEffect, type ComponentType, type ReactNode } from 'react';
import { lazyModule, useLazyModule } from '@/lib/lazy-module';

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
