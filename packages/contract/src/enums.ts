import * as z from 'zod';

/**
 * The enums several domains share. They live here (and are re-exported by their domain file) so that
 * `user.ts` can use them without importing a domain file that itself imports `user.ts`.
 */

/** Questionnaire state, `user.configs.state` (spec §4). PROCESSING is named by the insights gating. */
export const QUESTIONNAIRE_STATES = [
  'NOT_STARTED',
  'SUBMITTED',
  'PROCESSING',
  'COMPLETED',
  'OPT_OUT',
  'FAILED',
] as const;
export const QuestionnaireStateSchema = z.enum(QUESTIONNAIRE_STATES);
export type QuestionnaireState = z.infer<typeof QuestionnaireStateSchema>;

/** `user.extension.status` as the server stores it: on after a verified connect, off after a disconnect; null = never set. */
export const ExtensionStatusSchema = z.enum(['on', 'off']);
export type ExtensionStatus = z.infer<typeof ExtensionStatusSchema>;

/** The web client's view of the extension connection (spec §3, §4). */
export const EXTENSION_CONNECTION_STATES = ['disconnected', 'connecting', 'connected', 'error'] as const;
export const ExtensionConnectionStateSchema = z.enum(EXTENSION_CONNECTION_STATES);
export type ExtensionConnectionState = z.infer<typeof ExtensionConnectionStateSchema>;

/** The labels the subscription flow shows for the connection (spec §3). */
export const EXTENSION_FLOW_LABELS = ['connected', 'connecting', 'not connected'] as const;
export const ExtensionFlowLabelSchema = z.enum(EXTENSION_FLOW_LABELS);
export type ExtensionFlowLabel = z.infer<typeof ExtensionFlowLabelSchema>;

/** Question types (spec §2, questionnaire screen). */
export const QUESTION_TYPES = [
  'MULTIPLE_CHOICE',
  'RADIO',
  'AB_SELECTION',
  'TEXT_SHORT',
  'TEXT_LONG',
] as const;
export const QuestionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof QuestionTypeSchema>;

/** Plan ids (spec §3). The display name is the capitalised id. */
export const PLAN_IDS = ['free', 'basic', 'premium'] as const;
export const PlanIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof PlanIdSchema>;

/** Subscription statuses (spec §4). Labels and messages: `SUBSCRIPTION_STATUS_INFO` in subscription.ts. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'scheduled_cancelation',
  'past_due',
  'canceled',
  'free',
] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** Browsers the extension wizard detects and keeps a store link for (spec §2, §9). */
export const BROWSER_IDS = ['chrome', 'firefox', 'safari', 'edge', 'opera', 'other'] as const;
export const BrowserIdSchema = z.enum(BROWSER_IDS);
export type BrowserId = z.infer<typeof BrowserIdSchema>;

/** Dashboard views (spec §2). `configs` is the Personality tab. */
export const DASHBOARD_VIEWS = ['settings', 'insights', 'configs', 'urlManagement'] as const;
export const DashboardViewSchema = z.enum(DASHBOARD_VIEWS);
export type DashboardView = z.infer<typeof DashboardViewSchema>;

/** The three groups of the personality snapshot (spec §2, §3). */
export const PERSONALITY_GROUPS = ['emotional', 'behavioral', 'cognitive'] as const;
export const PersonalityGroupSchema = z.enum(PERSONALITY_GROUPS);
export type PersonalityGroup = z.infer<typeof PersonalityGroupSchema>;

/** Where an analysis was scored: by the server's analyzer, or on the user's device by the extension. */
export const AnalysisModeSchema = z.enum(['server', 'device']);
export type AnalysisMode = z.infer<typeof AnalysisModeSchema>;
