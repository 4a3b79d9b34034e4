import { useSyncExternalStore } from 'react';
import type { User } from '@mediadiet/contract/user';

/**
 * A Google sign-in that finished for another account while someone is signed in here: held until the person
 * chooses (features/auth/components/switch-account-dialog.tsx). Never stored: a reload drops it, and the
 * session it carries is ended by the dialog's "stay" choice or simply unused.
 */
export interface PendingSwitch {
  token: string;
  user: User;
  current: User;
}

let pending: PendingSwitch | null = null;
const listeners = new Set<() => void>();

export function setPendingSwitch(next: PendingSwitch | null): void {
  pending = next;
  for (const listener of listeners) listener();
}

export function getPendingSwitch(): PendingSwitch | null {
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePendingSwitch(): PendingSwitch | null {
  return useSyncExternalStore(subscribe, getPendingSwitch, getPendingSwitch);
}
