import { useEffect, useRef } from 'react';

/**
 * Moves focus to the returned element when it mounts, if `enabled` and focus was lost (the button that
 * led here is gone, so focus fell back to the page). Keyboard and screen-reader users then continue at
 * the new step's heading instead of the top of the page; focus the user placed elsewhere is left alone.
 */
export function useFocusWhenLost<T extends HTMLElement>(enabled: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!enabled) return;
    const active = document.activeElement;
    if (active === null || active === document.body) ref.current?.focus();
  }, [enabled]);
  return ref;
}
