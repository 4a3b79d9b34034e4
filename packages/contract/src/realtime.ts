import * as z from 'zod';
import { AnalysisSchema } from './analysis';
import { IdSchema } from './common';
import { QuestionnaireStateSchema } from './enums';
import { UserSchema } from './user';

/**
 * socket.io events (spec §7, ARCHITECTURE "Real time"). The server puts each authenticated socket in the
 * room `userRoom(userId)` and emits per-user event names, as the spec has them.
 */

/** Handshake: `io(url, { auth: { token } })` with the session token. */
export const SocketAuthSchema = z.object({ token: z.string().min(1) });
export type SocketAuth = z.infer<typeof SocketAuthSchema>;

export const SOCKET_PATH = '/socket.io';

export function userRoom(userId: string): string {
  return `user:${userId}`;
}

export const userUpdateEvent = (userId: string) => `update_user_${userId}` as const;
export const configStateUpdateEvent = (userId: string) => `config_state_update_${userId}` as const;
export const analysisCreatedEvent = (userId: string) => `analysis_created_${userId}` as const;
export const analysisDeletedEvent = (userId: string) => `analysis_deleted_${userId}` as const;
/** Today's mood check-in was saved (in a tab or the extension's popup): every open tab stops offering it. */
export const moodCheckedInEvent = (userId: string) => `mood_checked_in_${userId}` as const;

/** The questionnaire state changed (SUBMITTED → COMPLETED / FAILED, …). The client reloads account info on it. */
export const ConfigStateUpdatePayloadSchema = z.object({
  userId: IdSchema,
  state: QuestionnaireStateSchema,
});
export type ConfigStateUpdatePayload = z.infer<typeof ConfigStateUpdatePayloadSchema>;

/** The user changed (spec: "user update carrying a state"). The client reloads account info on it. */
export const UserUpdatePayloadSchema = ConfigStateUpdatePayloadSchema.extend({ user: UserSchema.optional() });
export type UserUpdatePayload = z.infer<typeof UserUpdatePayloadSchema>;

/** A touch point finished scoring (our event). */
export const AnalysisCreatedPayloadSchema = z.object({
  userId: IdSchema,
  analysis: AnalysisSchema,
});
export type AnalysisCreatedPayload = z.infer<typeof AnalysisCreatedPayloadSchema>;

/** The user forgot one analysis ("Forget this page", our event): every tab drops it and refetches. */
export const AnalysisDeletedPayloadSchema = z.object({
  userId: IdSchema,
  id: IdSchema,
});
export type AnalysisDeletedPayload = z.infer<typeof AnalysisDeletedPayloadSchema>;

/** Event name builders and payload schemas, for generic emit/subscribe helpers. */
export const realtimeEvents = {
  userUpdate: { name: userUpdateEvent, payload: UserUpdatePayloadSchema },
  configStateUpdate: { name: configStateUpdateEvent, payload: ConfigStateUpdatePayloadSchema },
  analysisCreated: { name: analysisCreatedEvent, payload: AnalysisCreatedPayloadSchema },
  analysisDeleted: { name: analysisDeletedEvent, payload: AnalysisDeletedPayloadSchema },
} as const;
export type RealtimeEventKey = keyof typeof realtimeEvents;
export type RealtimePayload<K extends RealtimeEventKey> = z.infer<(typeof realtimeEvents)[K]['payload']>;
