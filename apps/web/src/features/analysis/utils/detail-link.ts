/**
 * An analysis opens in place of the dashboard's insights view, addressed as `?analysis=<id>` (the other
 * parameters, e.g. `view` and `period`, are kept), so the browser's Back button closes it again.
 */
export const ANALYSIS_PARAM = 'analysis';

/** `?…&analysis=<id>` from the current search string. */
export function analysisHref(search: string, id: string): string {
  const params = new URLSearchParams(search);
  params.set(ANALYSIS_PARAM, id);
  return `?${params.toString()}`;
}

/**
 * Cards that open a detail carry `data-return-focus={key}` and put the same key in the navigation state,
 * so that whoever closes the detail can give focus back to the card the reader came from.
 */
export interface ReturnFocusState {
  returnFocus: string;
}

export function returnFocusState(key: string): ReturnFocusState {
  return { returnFocus: key };
}

export function readReturnFocus(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('returnFocus' in state)) return undefined;
  const value = state.returnFocus;
  return typeof value === 'string' ? value : undefined;
}

/** Focus the card that carries `data-return-focus={key}`, if it is on screen. */
export function focusReturnTarget(key: string): void {
  const target = Array.from(document.querySelectorAll<HTMLElement>('[data-return-focus]')).find(
    (element) => element.dataset.returnFocus === key,
  );
  target?.focus();
}
