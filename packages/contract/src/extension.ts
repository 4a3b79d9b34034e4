import * as z from 'zod';
import { AnalysisSchema, AnalysisScoresSchema, type AnalysisScores } from './analysis';
import { CATEGORIES, CATEGORY_IDS } from './categories';
import { IdSchema, IsoDateTimeSchema, successWith } from './common';
import type { ExtensionConnectionState, ExtensionFlowLabel } from './enums';
import { UserExtensionSchema, UserSchema, type UserExtension } from './user';

export {
  EXTENSION_CONNECTION_STATES,
  EXTENSION_FLOW_LABELS,
  ExtensionConnectionStateSchema,
  ExtensionFlowLabelSchema,
  ExtensionStatusSchema,
  BrowserIdSchema,
  BROWSER_IDS,
  type ExtensionConnectionState,
  type ExtensionFlowLabel,
  type ExtensionStatus,
  type BrowserId,
} from './enums';
export { DisabledUrlsResponseSchema, type DisabledUrlsResponse } from './urls';

// ══ Rules (spec §3, §4) ════════════════════════════════════════════════════════════════════════════

/** 'Connected' means the user's extension status is on and the extension is installed (spec §4). */
export function isExtensionConnected(extension: UserExtension | null | undefined): boolean {
  return extension?.status === 'on' && extension.isInstalled;
}

/** The subscription flow's label for a connection state (spec §3). */
export function extensionFlowLabel(state: ExtensionConnectionState): ExtensionFlowLabel {
  if (state === 'connected') return 'connected';
  if (state === 'connecting') return 'connecting';
  return 'not connected';
}

// ══ HTTP ═══════════════════════════════════════════════════════════════════════════════════════════

/** `{success, extension}` — status, verify, disconnect, installation. */
export const ExtensionResponseSchema = successWith({
  extension: UserExtensionSchema,
});
export type ExtensionResponse = z.infer<typeof ExtensionResponseSchema>;

/** POST /api/extension/installation */
export const ExtensionInstallationRequestSchema = z.object({ isInstalled: z.boolean() });
export type ExtensionInstallationRequest = z.infer<typeof ExtensionInstallationRequestSchema>;

/**
 * GET /api/extension/auth: a fresh apiKey for pairing (≥128 bits, shown once, stored hashed). Issuing a new
 * key revokes the previous one. The web client hands it to the extension in CONNECT_EXTENSION.
 */
export const ExtensionAuthResponseSchema = successWith({
  apiKey: z.string().min(20),
});
export type ExtensionAuthResponse = z.infer<typeof ExtensionAuthResponseSchema>;

/**
 * GET /api/extension/token/validity (designed; spec: "response not shown").
 * Called with the apiKey bearer (the extension, on VALIDATE_TOKEN) or with the session bearer (the web
 * client). `valid` is true when the key (for a session: the user's current key) exists, is not revoked
 * and the user's extension status is on. An unknown key gets 401, not `valid: false`.
 */
export const TokenValidityResponseSchema = successWith({
  valid: z.boolean(),
  userId: IdSchema,
  extension: UserExtensionSchema,
});
export type TokenValidityResponse = z.infer<typeof TokenValidityResponseSchema>;

/** Upper bound on uploaded page text (characters). Longer text is cut by the extension before sending. */
export const TOUCHPOINT_TEXT_MAX = 200_000;

/**
 * POST /api/extension/touchpoints (additional route): one captured page. Either `text` (the server
 * scores it) or `scores` (the extension scored it on the device) must be present.
 */
export const TouchpointRequestSchema = z
  .object({
    url: z.url(),
    title: z.string().max(1000),
    text: z.string().max(TOUCHPOINT_TEXT_MAX).optional(),
    scores: AnalysisScoresSchema.optional(),
    capturedAt: IsoDateTimeSchema,
  })
  .refine((v) => v.text !== undefined || v.scores !== undefined, {
    error: 'Either text or scores is required',
    path: ['text'],
  });
export type TouchpointRequest = z.infer<typeof TouchpointRequestSchema>;

/** Most tokens a page can hold: its text is at most TOUCHPOINT_TEXT_MAX characters, its title 1,000. */
export const TOUCHPOINT_TOKENS_MAX = TOUCHPOINT_TEXT_MAX + 1000;

/**
 * Why device-mode scores cannot have come from an analysis of a real page, or null (decision 114): the server
 * cannot see the text, but it can refuse what no page yields — scores without any tokens, more tokens than a
 * page can hold, a category filed under the wrong side, or more evidence behind a category than the page has
 * tokens. `path` names the field under `scores`.
 */
export function implausibleScores(scores: AnalysisScores): { path: string; reason: string } | null {
  if (scores.tokens < 1) return { path: 'tokens', reason: 'a page without tokens has no scores' };
  if (scores.tokens > TOUCHPOINT_TOKENS_MAX) {
    return { path: 'tokens', reason: `a page has at most ${TOUCHPOINT_TOKENS_MAX} tokens` };
  }
  for (const id of CATEGORY_IDS) {
    const score = scores.categoryScores[id];
    if (!score) return { path: `categoryScores.${id}`, reason: 'every category needs a score' };
    if (score.Classification !== CATEGORIES[id].classification) {
      return {
        path: `categoryScores.${id}.Classification`,
        reason: `${CATEGORIES[id].name} is always ${CATEGORIES[id].classification}`,
      };
    }
    if (score.EffectiveN > scores.tokens) {
      return { path: `categoryScores.${id}.EffectiveN`, reason: 'more evidence than the page has tokens' };
    }
  }
  return null;
}

/** 202 Accepted: the touch point is stored; scoring happens in the job worker. `id` is the future analysis id. */
export const TouchpointResponseSchema = successWith({
  id: IdSchema,
});
export type TouchpointResponse = z.infer<typeof TouchpointResponseSchema>;

/** GET /api/extension/touchpoints/:id — `id` as the upload answered it (it is also the analysis' id). */
export const TouchpointParamsSchema = z.object({ id: IdSchema });
export type TouchpointParams = z.infer<typeof TouchpointParamsSchema>;

/**
 * What became of an uploaded page, for the popup's "last analysis" in server mode: still `pending` (queued or
 * being scored), `failed` (with the catalogue's reason), or `done` with the analysis (verdict and scores).
 * 404 when the id is not one of the key owner's touch points (or the page was forgotten).
 */
export const TouchpointStateSchema = z.discriminatedUnion('status', [
  z.object({ id: IdSchema, status: z.literal('pending') }),
  z.object({ id: IdSchema, status: z.literal('failed'), error: z.string() }),
  z.object({ id: IdSchema, status: z.literal('done'), analysis: AnalysisSchema }),
]);
export type TouchpointState = z.infer<typeof TouchpointStateSchema>;

export const TouchpointStateResponseSchema = successWith({
  touchpoint: TouchpointStateSchema,
});
export type TouchpointStateResponse = z.infer<typeof TouchpointStateResponseSchema>;

// ══ Web page → extension runtime messages (chrome.runtime.sendMessage(extensionId, …)) ═══════════

export const PingRequestSchema = z.object({ type: z.literal('PING') });
export const ConnectExtensionRequestSchema = z.object({
  type: z.literal('CONNECT_EXTENSION'),
  apiKey: z.string().min(1),
  userId: IdSchema,
  /** Milliseconds since the epoch when the page sent the message. */
  timestamp: z.number().int().nonnegative(),
});
export const ValidateTokenRequestSchema = z.object({ type: z.literal('VALIDATE_TOKEN') });
/**
 * Ours (decision 065): the user changed their ignored sites — refetch the disabled list now rather than at the
 * hourly refresh, so a site ignored on the dashboard is never captured from then on.
 */
export const DisabledChangedRequestSchema = z.object({ type: z.literal('DISABLED_CHANGED') });
/**
 * Ours (decision 065): the user disconnected the extension from the dashboard (the server has revoked the key) —
 * forget the key and drop anything queued, so capture stops at once.
 */
export const DisconnectExtensionRequestSchema = z.object({ type: z.literal('DISCONNECT_EXTENSION') });

/** Every message the web app sends to the extension (spec §7, plus our two notifications). */
export const ExtensionRequestSchema = z.discriminatedUnion('type', [
  PingRequestSchema,
  ConnectExtensionRequestSchema,
  ValidateTokenRequestSchema,
  DisabledChangedRequestSchema,
  DisconnectExtensionRequestSchema,
]);
export type ExtensionRequest = z.infer<typeof ExtensionRequestSchema>;
export type ExtensionRequestType = ExtensionRequest['type'];
export type PingRequest = z.infer<typeof PingRequestSchema>;
export type ConnectExtensionRequest = z.infer<typeof ConnectExtensionRequestSchema>;
export type ValidateTokenRequest = z.infer<typeof ValidateTokenRequestSchema>;

/** PING → whether the extension is alive, and its version (installation detection, 2 s wait). */
export const PingResponseSchema = z.object({ ok: z.boolean(), version: z.string() });
export type PingResponse = z.infer<typeof PingResponseSchema>;

/** CONNECT_EXTENSION / VALIDATE_TOKEN → success, with an error text on failure. */
export const ExtensionResultSchema = z.object({ success: z.boolean(), error: z.string().optional() });
export type ExtensionResult = z.infer<typeof ExtensionResultSchema>;

export const ExtensionResponseSchemas = {
  PING: PingResponseSchema,
  CONNECT_EXTENSION: ExtensionResultSchema,
  VALIDATE_TOKEN: ExtensionResultSchema,
  DISABLED_CHANGED: ExtensionResultSchema,
  DISCONNECT_EXTENSION: ExtensionResultSchema,
} as const satisfies Record<ExtensionRequestType, z.ZodType>;

/** The reply type for a request type: `ExtensionReply<'PING'>` is PingResponse. */
export type ExtensionReply<T extends ExtensionRequestType> = z.infer<(typeof ExtensionResponseSchemas)[T]>;

// ══ Browser messages between tabs and the OAuth popup ══════════════════════════════════════════════

/** BroadcastChannel name the tabs of the web app share. */
export const BROADCAST_CHANNEL_NAME = 'mediadiet';

/** Sent on the BroadcastChannel when one tab changes the user (sign-in, update, logout → user null). */
export const UserUpdateMessageSchema = z.object({
  type: z.literal('USER_UPDATE'),
  user: UserSchema.nullable(),
});
export type UserUpdateMessage = z.infer<typeof UserUpdateMessageSchema>;

/** window.opener.postMessage from the Google popup after success (spec §2); `user` is the parsed User. */
export const OAuthSuccessMessageSchema = z.object({
  type: z.literal('oauth_success'),
  success: z.literal(true),
  token: z.string().min(1),
  user: UserSchema,
});
export type OAuthSuccessMessage = z.infer<typeof OAuthSuccessMessageSchema>;

export const BrowserMessageSchema = z.discriminatedUnion('type', [
  UserUpdateMessageSchema,
  OAuthSuccessMessageSchema,
]);
export type BrowserMessage = z.infer<typeof BrowserMessageSchema>;
