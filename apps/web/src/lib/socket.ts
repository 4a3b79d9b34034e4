import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import {
  analysisCreatedEvent,
  AnalysisCreatedPayloadSchema,
  analysisDeletedEvent,
  AnalysisDeletedPayloadSchema,
  configStateUpdateEvent,
  moodCheckedInEvent,
  SOCKET_PATH,
  UserUpdatePayloadSchema,
  userUpdateEvent,
} from '@mediadiet/contract/realtime';
import type { User } from '@mediadiet/contract/user';
import { env } from '@/config/env';
import { applyAnalysisCreated, applyAnalysisDeleted } from '@/lib/analysis-cache';
import { tabBus } from '@/lib/broadcast';
import { queryKeys } from '@/lib/query-keys';

/**
 * The real-time connection to our server (spec §7: "A real-time socket connection listens for events
 * update_user_{userId} and config_state_update_{userId}"). Same origin as the API, path /socket.io,
 * authenticated at the handshake with the session token (`auth: { token }`).
 * Loaded on demand by `use-user-realtime.ts`: a signed-out visitor never downloads socket.io-client.
 */
export function connectSocket(token: string): Socket {
  const options = { path: SOCKET_PATH, auth: { token } };
  return env.apiBase ? io(env.apiBase, options) : io(options);
}

/** After the server closed the connection itself ("io server disconnect"), ask again after this pause. */
export const SERVER_DISCONNECT_RETRY_MS = 2_000;

/**
 * Connects and listens for this user's events; returns the function that stops listening and closes.
 * On `update_user_{id}` the account info, the subscription (the server announces every subscription
 * change this way) and the session (unless the event carries the new user) are refetched and the other
 * tabs are told (USER_UPDATE); on `config_state_update_{id}` the account info is
 * refetched (spec §4); on `analysis_created_{id}` (ours) the new analysis joins the history and the
 * insights refetch; on `analysis_deleted_{id}` (ours: "Forget this page" in any tab) it leaves them; on
 * `mood_checked_in_{id}` (ours: a check-in here, in another tab or in the extension's popup) the mood refetches.
 * A connection lost (a server restart, a network change) comes back on its own; one the server closed itself
 * ("io server disconnect", which socket.io never retries) is asked for again after a pause — a revoked
 * session is refused at the handshake and stays closed. Back again — or connected only after failed tries —
 * the tab refetches what it may have missed while away: the history, the insights, the goals, the account and
 * the session (issue 28).
 */
export function listenForUser(token: string, userId: string, queryClient: QueryClient): () => void {
  const socket = connectSocket(token);
  const userEvent = userUpdateEvent(userId);
  const configEvent = configStateUpdateEvent(userId);
  const analysisEvent = analysisCreatedEvent(userId);
  const deletedEvent = analysisDeletedEvent(userId);
  const moodEvent = moodCheckedInEvent(userId);

  const onUserUpdate = (payload: unknown) => {
    const parsed = UserUpdatePayloadSchema.safeParse(payload);
    const user = parsed.success ? parsed.data.user : undefined;
    if (user) queryClient.setQueryData(queryKeys.session, user);
    else void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    void queryClient.invalidateQueries({ queryKey: queryKeys.account });
    void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
    const latest = user ?? queryClient.getQueryData<User | null>(queryKeys.session);
    if (latest) tabBus.postUserUpdate(latest);
  };
  const onConfigState = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.account });
  };
  const onAnalysisCreated = (payload: unknown) => {
    const parsed = AnalysisCreatedPayloadSchema.safeParse(payload);
    if (parsed.success) applyAnalysisCreated(queryClient, parsed.data.analysis);
    else void queryClient.invalidateQueries({ queryKey: queryKeys.analysis });
  };

  const onAnalysisDeleted = (payload: unknown) => {
    const parsed = AnalysisDeletedPayloadSchema.safeParse(payload);
    if (parsed.success) applyAnalysisDeleted(queryClient, parsed.data.id);
    else void queryClient.invalidateQueries({ queryKey: queryKeys.analysis });
  };

  // What the tab shows may be older than the connection: after a reconnect, and also on a first connection
  // that only came after failed tries (the tab loaded its data while the server was going away). An event sent
  // meanwhile never reached it, so it reads again. A first connection at the first try costs no refetch.
  let behind = false;
  const onConnectError = () => {
    behind = true;
  };
  const onConnect = () => {
    if (behind) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.analysis });
      void queryClient.invalidateQueries({ queryKey: queryKeys.goals });
      void queryClient.invalidateQueries({ queryKey: queryKeys.account });
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    }
    behind = false;
  };
  const onMoodCheckedIn = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.mood });
  };

  let retry: ReturnType<typeof setTimeout> | undefined;
  const onDisconnect = (reason: unknown) => {
    behind = true;
    if (reason !== 'io server disconnect') return;
    clearTimeout(retry);
    retry = setTimeout(() => socket.connect(), SERVER_DISCONNECT_RETRY_MS);
  };

  const listeners: [string, (payload: unknown) => void][] = [
    ['connect', onConnect],
    ['connect_error', onConnectError],
    ['disconnect', onDisconnect],
    [userEvent, onUserUpdate],
    [configEvent, onConfigState],
    [analysisEvent, onAnalysisCreated],
    [deletedEvent, onAnalysisDeleted],
    [moodEvent, onMoodCheckedIn],
  ];
  for (const [event, listener] of listeners) socket.on(event, listener);
  return () => {
    clearTimeout(retry);
    for (const [event, listener] of listeners) socket.off(event, listener);
    socket.disconnect();
  };
}
