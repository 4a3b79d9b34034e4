import { useDeferredValue } from 'react';

/**
 * A long list of cards, shown at once for its first `first` items and in full by a background render
 * right after (React's `useDeferredValue`: interruptible, so rendering the 100 cards of a month never
 * holds the page in one long task). Later changes of the list are deferred the same way.
 */
export function useProgressiveList<T>(items: T[], first = 12): T[] {
  return useDeferredValue(items, items.length > first ? items.slice(0, first) : items);
}
