import { useSyncExternalStore } from 'react';
import { HEADER_TOP_THRESHOLD_PX } from '@mediadiet/contract/constants';

/** The header counts as at the top while the page is scrolled less than 10 px (spec §2 Header, §9). */
export function isAtTop(scrollY: number): boolean {
  return scrollY < HEADER_TOP_THRESHOLD_PX;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('scroll', listener, { passive: true });
  return () => window.removeEventListener('scroll', listener);
}

export function useIsAtTop(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isAtTop(window.scrollY),
    () => true,
  );
}
