import * as z from 'zod';
import { IdSchema, IsoDateTimeSchema, successWith } from './common';
import { ExtensionStatusSchema, QuestionnaireStateSchema } from './enums';

/** Flags that drive onboarding (spec §3). */
export const UserStateSchema = z.object({
  hasHadFreeTrial: z.boolean(),
  shouldShowExtensionWizard: z.boolean(),
});
export type UserState = z.infer<typeof UserStateSchema>;

/** The user's link to the payment provider; null until a customer exists. Never holds card data. */
export const UserStripeSchema = z.object({
  customerId: z.string(),
  subscriptionId: z.string().nullable(),
  defaultPaymentMethodId: z.string().nullable(),
  /** Which payment adapter owns these ids: the real provider, or the local test-mode provider. */
  provider: z.enum(['stripe', 'local']),
});
export type UserStripe = z.infer<typeof UserStripeSchema>;

/** Questionnaire progress on the server (spec §3: configs {state, lastSubmitted}). */
export const UserConfigsSchema = z.object({
  state: QuestionnaireStateSchema,
  lastSubmitted: IsoDateTimeSchema.nullable(),
});
export type UserConfigs = z.infer<typeof UserConfigsSchema>;

/** The extension as the server knows it. `status` null = never connected ("unset", spec §2). */
export const UserExtensionSchema = z.object({
  status: ExtensionStatusSchema.nullable(),
  isInstalled: z.boolean(),
});
export type UserExtension = z.infer<typeof UserExtensionSchema>;

/**
 * The signed-in user (spec §3). The spec allows `id` or `_id`; we always send `id`.
 */
export const UserSchema = z.object({
  id: IdSchema,
  email: z.email(),
  name: z.string(),
  state: UserStateSchema,
  stripe: UserStripeSchema.nullable(),
  configs: UserConfigsSchema,
  extension: UserExtensionSchema,
  createdAt: IsoDateTimeSchema,
});
export type User = z.infer<typeof UserSchema>;

/** `{success, user}` — account info, account, wizard shown, questionnaire opt-out. */
export const UserResponseSchema = successWith({ user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

/** The avatar initial of the header's user menu. */
export function userInitial(user: Pick<User, 'name' | 'email'>): string {
  const source = user.name.trim() || user.email;
  return source.charAt(0).toUpperCase();
}
