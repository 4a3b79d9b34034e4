import * as z from 'zod';
import { AnalysisSchema } from './analysis';
import { GoalSchema } from './goals';
import { IsoDateTimeSchema, successWith } from './common';
import { ExportedLabelDaySchema } from './labels';
import { MoodCheckInSchema } from './mood';
import { InvoiceSchema, PaymentMethodSchema } from './payment';
import { PreferencesSchema } from './preferences';
import { AnswersSchema, PersonalizationSchema } from './questionnaire';
import { SubscriptionSchema } from './subscription';
import { UserSchema } from './user';

export {
  UserSchema,
  UserResponseSchema,
  UserStateSchema,
  UserConfigsSchema,
  UserExtensionSchema,
  UserStripeSchema,
  type User,
  type UserResponse,
} from './user';
export {
  PersonalizationResponseSchema,
  PersonalizationUpdateSchema,
  type PersonalizationResponse,
  type PersonalizationUpdate,
} from './questionnaire';
export { UrlsResponseSchema, AddUrlRequestSchema, UrlParamsSchema, type UrlsResponse } from './urls';

/** GET /api/account/info and GET /api/account: `{success, user}` (UserResponseSchema). */
export {
  UserResponseSchema as AccountInfoResponseSchema,
  type UserResponse as AccountInfoResponse,
} from './user';

/** A sign-in session as the account export shows it (never the token or its hash). */
export const ExportedSessionSchema = z.object({
  id: z.string(),
  /** How it was obtained: 'pin' or 'oidc'. */
  method: z.string(),
  userAgent: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  lastSeenAt: IsoDateTimeSchema,
  expiresAt: IsoDateTimeSchema,
  revokedAt: IsoDateTimeSchema.nullable(),
  /** The session the export was requested with. */
  current: z.boolean(),
});
export type ExportedSession = z.infer<typeof ExportedSessionSchema>;

/** A linked account at an OpenID Connect provider (Google). */
export const ExportedIdentitySchema = z.object({
  issuer: z.string(),
  subject: z.string(),
  email: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  lastUsedAt: IsoDateTimeSchema,
});
export type ExportedIdentity = z.infer<typeof ExportedIdentitySchema>;

/** A paired browser extension (its key's hash is never exported). */
export const ExportedExtensionSchema = z.object({
  id: z.string(),
  /** The browser's user agent at pairing. */
  label: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  lastUsedAt: IsoDateTimeSchema.nullable(),
  revokedAt: IsoDateTimeSchema.nullable(),
});
export type ExportedExtension = z.infer<typeof ExportedExtensionSchema>;

/** Metered usage of one billing period. */
export const ExportedUsagePeriodSchema = z.object({
  periodStart: IsoDateTimeSchema,
  tokens: z.number().int().nonnegative(),
  touchpoints: z.number().int().nonnegative(),
  updatedAt: IsoDateTimeSchema,
});
export type ExportedUsagePeriod = z.infer<typeof ExportedUsagePeriodSchema>;

/**
 * GET /api/account/export (additional route): everything we hold about the caller, as JSON.
 * Card numbers are never held, so payment methods are the provider's summaries.
 */
export const AccountExportResponseSchema = successWith({
  exportedAt: IsoDateTimeSchema,
  user: UserSchema,
  subscription: SubscriptionSchema.nullable(),
  analyses: z.array(AnalysisSchema),
  ignoredSites: z.array(z.string()),
  personalization: PersonalizationSchema.nullable(),
  answers: AnswersSchema.nullable(),
  paymentMethods: z.array(PaymentMethodSchema),
  invoices: z.array(InvoiceSchema),
  /** Sign-in sessions (optional: added after the first contract; the server always sends it). */
  sessions: z.array(ExportedSessionSchema).optional(),
  /** Linked sign-in identities such as Google (optional, as `sessions`). */
  identities: z.array(ExportedIdentitySchema).optional(),
  /** Paired browser extensions (optional, as `sessions`). */
  extensions: z.array(ExportedExtensionSchema).optional(),
  /** Metered usage per billing period (optional, as `sessions`). */
  usagePeriods: z.array(ExportedUsagePeriodSchema).optional(),
  /** Reading goals as set (optional, as `sessions`). */
  goals: z.array(GoalSchema).optional(),
  /** Mood check-ins, newest first (optional, as `sessions`). */
  moodCheckIns: z.array(MoodCheckInSchema).optional(),
  /** The time zone and the weekly letter setting, as GET /api/account/preferences answers (optional, as `sessions`). */
  preferences: PreferencesSchema.optional(),
  /** Link labels shown and opened per browser and day, oldest first (optional, as `sessions`). */
  labelCounts: z.array(ExportedLabelDaySchema).optional(),
});
export type AccountExportResponse = z.infer<typeof AccountExportResponseSchema>;

// ── Signed-in devices (Settings) ─────────────────────────────────────────────────────────────────────

/** A live sign-in session as Settings lists it. */
export const DeviceSessionSchema = z.object({
  id: z.uuid(),
  /** Browser and system, read from the user agent ('Chrome on Windows'), or 'Unknown browser'. */
  browser: z.string(),
  /** Where it was last used, coarsened ('203.0.113.x'), or null when not known. */
  place: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  lastSeenAt: IsoDateTimeSchema,
  /** The session the list was asked with ("this device"). */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof DeviceSessionSchema>;

/** A paired browser extension (one key per browser). */
export const DeviceExtensionSchema = z.object({
  id: z.uuid(),
  browser: z.string(),
  createdAt: IsoDateTimeSchema,
  lastUsedAt: IsoDateTimeSchema.nullable(),
});
export type DeviceExtension = z.infer<typeof DeviceExtensionSchema>;

/** GET /api/account/devices: the caller's live sessions (newest use first) and paired extensions. */
export const DevicesResponseSchema = successWith({
  sessions: z.array(DeviceSessionSchema),
  extensions: z.array(DeviceExtensionSchema),
});
export type DevicesResponse = z.infer<typeof DevicesResponseSchema>;

export const DeviceParamsSchema = z.object({ id: z.uuid({ error: 'id must be a device id (UUID)' }) });
export type DeviceParams = z.infer<typeof DeviceParamsSchema>;

/** POST /api/account/devices/sign-out-others: how many other sessions ended. */
export const SignOutOthersResponseSchema = successWith({ signedOut: z.number().int() });
export type SignOutOthersResponse = z.infer<typeof SignOutOthersResponseSchema>;

export const DeviceActionResponseSchema = z.object({ success: z.literal(true) });
export type DeviceActionResponse = z.infer<typeof DeviceActionResponseSchema>;

/** DELETE /api/account (additional route): the caller confirms by typing their e-mail. */
export const DeleteAccountRequestSchema = z.object({ confirmEmail: z.email() });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

export const DeleteAccountResponseSchema = z.object({ success: z.literal(true) });
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponseSchema>;

/** True when the typed confirmation matches the account e-mail (case and surrounding spaces ignored). */
export function confirmEmailMatches(typed: string, accountEmail: string): boolean {
  return typed.trim().toLowerCase() === accountEmail.trim().toLowerCase();
}
