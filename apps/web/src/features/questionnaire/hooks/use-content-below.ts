import { useSyncExternalStore } from 'react';
import { SCROLL_INDICATOR_THRESHOLD_PX } from '@mediadiet/contract/constants';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);
  // Content that grows or shrinks (another question, a longer answer) changes the page height too.
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => onChange());
  observer?.observe(document.body);
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
    observer?.disconnect();
  };
}

/** Pixels of the page below the bottom of the viewport. */
export function contentBelowViewport(): number {
  const page = document.documentElement;
  return page.scrollHeight - (window.scrollY + window.innerHeight);
}

/**
 * Whether more than `threshold` px of the page lie below the view (spec §2, §9: the scroll indicator shows
 * when the content is more than 100 px taller than the view). At the top of the page that is exactly the
 * spec's rule; once the reader has scrolled near the end, the indicator goes.
 */
export function useContentBelow(threshold: number = SCROLL_INDICATOR_THRESHOLD_PX): boolean {
  return useSyncExternalStore(
    subscribe,
    () => contentBelowViewport() > threshold,
    () => false,
  );
}
