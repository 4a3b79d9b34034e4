import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import {
  analysisCreatedEvent,
  AnalysisCreatedPayloadSchema,
  configStateUpdateEvent,
  SOCKET_PATH,
  UserUpdatePayloadSchema,
  userUpdateEvent,
} from '@mediadiet/contract/realtime';
import type { User } from '@mediadiet/contract/user';
import { env } from '@/config/env';
import { applyAnalysisCreated } from '@/lib/analysis-cache';
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

/**
 * Connects and listens for this user's events; returns the function that stops listening and closes.
 * On `update_user_{id}` the account info, the subscription (the server announces every subscription
 * change this way) and the session (unless the event carries the new user) are refetched and the other
 * tabs are told (USER_UPDATE); on `config_state_update_{id}` the account info is
 * refetched (spec §4); on `analysis_created_{id}` (ours) the new analysis joins the history and the
 * insights refetch.
 */
export function listenForUser(token: string, userId: string, queryClient: QueryClient): () => void {
  const socket = connectSocket(token);
  const userEvent = userUpdateEvent(userId);
  const configEvent = configStateUpdateEvent(userId);
  const analysisEvent = analysisCreatedEvent(userId);

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

  socket.on(userEvent, onUserUpdate);
  socket.on(configEvent, onConfigState);
  socket.on(analysisEvent, onAnalysisCreated);
  return () => {
    socket.off(userEvent, onUserUpdate);
    socket.off(configEvent, onConfigState);
    socket.off(analysisEvent, onAnalysisCreated);
    socket.disconnect();
  };
}
