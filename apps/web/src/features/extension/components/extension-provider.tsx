import { createContext, use, useCallback, useState, type ReactNode } from 'react';
import type { User } from '@mediadiet/contract/user';
import {
  useExtensionConnection,
  type ExtensionConnection,
} from '@/features/extension/hooks/use-extension-connection';

export interface ExtensionContextValue extends ExtensionConnection {
  user: User | null;
  /** undefined while the subscription is loading. */
  hasSubscription: boolean | undefined;
  /** The wizard tells the provider while it is open, so the periodic warnings stay quiet meanwhile. */
  setWizardOpen: (open: boolean) => void;
}

const ExtensionContext = createContext<ExtensionContextValue | null>(null);

export interface ExtensionProviderProps {
  user: User | null;
  hasSubscription: boolean | undefined;
  children: ReactNode;
}

/**
 * Runs the one connection check loop of the signed-in app (header LED, wizard and extension settings
 * share it). Composed by `app/layout/app-layout.tsx`, which knows the session and the subscription.
 */
export function ExtensionProvider({ user, hasSubscription, children }: ExtensionProviderProps) {
  const [openWizards, setOpenWizards] = useState(0);
  const connection = useExtensionConnection({
    user,
    hasSubscription: hasSubscription === true,
    quiet: openWizards > 0,
  });
  const setWizardOpen = useCallback(
    (open: boolean) => setOpenWizards((n) => Math.max(0, n + (open ? 1 : -1))),
    [],
  );
  const value: ExtensionContextValue = { ...connection, user, hasSubscription, setWizardOpen };
  return <ExtensionContext value={value}>{children}</ExtensionContext>;
}

export function useExtension(): ExtensionContextValue {
  const value = use(ExtensionContext);
  if (!value) throw new Error('useExtension must be used inside <ExtensionProvider>');
  return value;
}
