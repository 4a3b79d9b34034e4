import { useCallback, useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EXTENSION_CHECK_INTERVAL_MS, POST_TIMEOUT_MS } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import type { User } from '@mediadiet/contract/user';
import { lazyModule, useLazyModule } from '@/lib/lazy-module';
import { notify } from '@/lib/toast';
import { refreshUser } from '@/features/extension/api/user-cache';
import {
  connectionReducer,
  initialConnectionState,
  type ConnectionState,
} from '@/features/extension/utils/connection-machine';
import { takeWarningSlot } from '@/features/extension/utils/warning-throttle';

/** The calls (extension messaging, server), loaded once a user is signed in (api/connection-calls.ts). */
const connectionCalls = lazyModule(() => import('@/features/extension/api/connection-calls'));

/** Fetches the connection's calls ahead of the first signed-in render (router loaders), so `isConnected` is right at once. */
export function preloadExtensionConnection(): Promise<unknown> {
  return connectionCalls.load();
}

/** The calls, or null when their code cannot be fetched (offline): the action then fails like a failed call. */
function loadCalls() {
  return connectionCalls.load().catch(() => null);
}

/** The extension's own "server unreachable" answer: not a verdict on the key, so no lost-connection warning. */
const NETWORK_ERROR = messages.http.network;

export interface ExtensionConnectionOptions {
  /** The signed-in user (null: signed out — nothing runs). */
  user: User | null;
  /** Whether the user has a subscription; warnings only make sense when setup is possible. */
  hasSubscription: boolean;
  /** While true (the wizard is open) the periodic warnings stay quiet. */
  quiet?: boolean;
}

export interface ExtensionConnection {
  state: ConnectionState;
  /** What the last PING found: true installed, false not, null not checked yet. */
  installed: boolean | null;
  /** 'Connected' (spec §4): status on, installed, and the extension did not reject its key. */
  isConnected: boolean;
  /** Pair the extension: key → CONNECT_EXTENSION → (extension verifies with the server). */
  connect: () => Promise<boolean>;
  /** `DELETE /api/extension`. */
  disconnect: () => Promise<boolean>;
  /** One PING (2 s wait) that also records the result; the wizard's install polling uses it. */
  detectInstallation: () => Promise<boolean>;
}

/**
 * The extension connection (spec §4): a reducer for disconnected/connecting/connected/error and, while a
 * user is signed in, a check every 5 s:
 * 1. PING (2 s wait) → installed or not;
 * 2. the stored installed flag follows the detection (`POST /api/extension/installation`): a failed ping
 *    while the record says installed (the extension is active) records an uninstall, a successful one
 *    records installed; the account info reloads. A flag that already matches is not sent again;
 * 3. on the first check (and when the extension reappears) VALIDATE_TOKEN: a rejected key counts as not
 *    connected and raises the lost-connection warning;
 * 4. the state machine is synced, and at most one warning every 300000 ms: lost connection (rejected key,
 *    or status on but no extension reachable), installed but not connected, not set up.
 */
export function useExtensionConnection({
  user,
  hasSubscription,
  quiet = false,
}: ExtensionConnectionOptions): ExtensionConnection {
  const queryClient = useQueryClient();
  const calls = useLazyModule(connectionCalls);
  const [state, dispatch] = useReducer(connectionReducer, initialConnectionState);
  const [installed, setInstalled] = useState<boolean | null>(null);
  const [tokenRejected, setTokenRejected] = useState(false);
  const lastInstalled = useRef<boolean | null>(null);
  const userId = user?.id;

  const warn = useCallback(
    (text: string) => {
      if (quiet || !hasSubscription) return;
      if (takeWarningSlot()) notify.warning(text);
    },
    [quiet, hasSubscription],
  );

  const check = useEffectEvent(async (first: boolean, signal: AbortSignal) => {
    if (!user) return;
    const { pingExtension, recordInstallation, sendToExtension } = await connectionCalls.load();
    if (signal.aborted) return;
    const found = await pingExtension({ signal });
    if (signal.aborted) return;
    const reappeared = found && lastInstalled.current === false;
    lastInstalled.current = found;
    setInstalled(found);

    const stored = user.extension;
    // Only when the stored flag differs: an uninstall already recorded is not sent again every 5 s.
    if (!found && stored.isInstalled) await recordInstallation(queryClient, false);
    else if (found && !stored.isInstalled) await recordInstallation(queryClient, true);
    if (signal.aborted) return;

    let rejected = tokenRejected;
    if (found && stored.status === 'on' && (first || reappeared)) {
      const reply = await sendToExtension(
        { type: 'VALIDATE_TOKEN' },
        { timeoutMs: POST_TIMEOUT_MS, signal },
      ).catch(() => null);
      if (signal.aborted) return;
      rejected = reply ? !reply.success && reply.error !== NETWORK_ERROR : false;
      setTokenRejected(rejected);
      if (rejected) warn(messages.extension.connectionLost);
    }

    const connected = stored.status === 'on' && found && !rejected;
    dispatch({ type: 'synced', connected, at: Date.now() });
    if (connected || rejected) return;
    if (stored.status === 'on') warn(messages.extension.connectionLost);
    else if (found) warn(messages.extension.installedNotConnected);
    else warn(messages.extension.notConnectedSetup);
  });

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    let first = true;
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        await check(first, controller.signal);
        first = false;
      } catch {
        // Aborted on unmount, or a failure the next check (5 s later) retries.
      } finally {
        running = false;
      }
    };
    void run();
    const timer = setInterval(() => void run(), EXTENSION_CHECK_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [userId]);

  const detectInstallation = useCallback(async () => {
    const loaded = await loadCalls();
    const found = loaded ? await loaded.pingExtension() : false;
    lastInstalled.current = found;
    setInstalled(found);
    return found;
  }, []);

  const connect = useCallback(async () => {
    if (!user) return false;
    dispatch({ type: 'connect' });
    const fail = (error: string) => {
      dispatch({ type: 'failed', error });
      notify.error(error);
      return false;
    };
    const loaded = await loadCalls();
    if (!loaded) return fail(messages.extension.connectFailed);
    const { getExtensionAuth, recordInstallation, sendToExtension } = loaded;
    const auth = await getExtensionAuth();
    if (!auth.ok) return fail(messages.extension.connectFailed);
    const reply = await sendToExtension(
      { type: 'CONNECT_EXTENSION', apiKey: auth.data.apiKey, userId: user.id, timestamp: Date.now() },
      { timeoutMs: POST_TIMEOUT_MS },
    ).catch(() => null);
    if (!reply?.success) return fail(messages.extension.establishFailed);

    // The extension stored the key and the server verified it (POST /api/extension/verify): status on.
    setTokenRejected(false);
    lastInstalled.current = true;
    setInstalled(true);
    dispatch({ type: 'succeeded', at: Date.now() });
    notify.success(messages.success.extensionConnected);
    if (!user.extension.isInstalled) await recordInstallation(queryClient, true);
    await refreshUser(queryClient);
    return true;
  }, [user, queryClient]);

  const disconnect = useCallback(async () => {
    const loaded = await loadCalls();
    const ok = loaded ? await loaded.disconnectExtension(queryClient) : false;
    if (!loaded || !ok) {
      notify.error(messages.extension.disconnectFailed);
      return false;
    }
    // The key is revoked on the server; the extension also forgets it and its queue, so capture stops now.
    loaded.notifyExtension('DISCONNECT_EXTENSION');
    notify.success(messages.success.extensionDisconnected);
    dispatch({ type: 'disconnected' });
    return true;
  }, [queryClient]);

  // Until the calls have loaded (only right after sign-in: the router preloads them) nothing counts as connected.
  const isConnected =
    (calls?.isExtensionConnected(user?.extension) ?? false) &&
    installed !== false &&
    !tokenRejected &&
    state.status !== 'connecting';

  return { state, installed, isConnected, connect, disconnect, detectInstallation };
}
