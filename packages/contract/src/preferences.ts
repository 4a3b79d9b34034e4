import * as z from 'zod';
import { successWith } from './common';
import { messages } from './messages';

/**
 * A person's preferences (issue 29, decision 154): the time zone their days, weeks and months are cut in
 * (insights, trends, goals, mood, the weekly letter) and whether the Monday letter is sent.
 */

/** The zone of an account that has never set one. */
export const DEFAULT_TIME_ZONE = 'UTC';
/** The longest IANA zone name accepted (the longest real one is 32 characters). */
export const TIME_ZONE_MAX = 64;

/** The canonical name of an IANA time zone this runtime knows, or null (an unknown or malformed name). */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > TIME_ZONE_MAX || !/^[A-Za-z0-9_+\-/]+$/.test(trimmed)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** An IANA zone name ("Europe/Berlin"); stored in its canonical spelling. */
export const TimeZoneSchema = z
  .string({ error: messages.preferences.timeZoneUnknown })
  .refine((value) => canonicalTimeZone(value) !== null, { error: messages.preferences.timeZoneUnknown })
  .overwrite((value) => canonicalTimeZone(value) ?? value);

export const PreferencesSchema = z.object({
  timeZone: z.string(),
  /** Whether the Monday letter is sent (the plan's default until the person chooses). */
  weeklyLetter: z.boolean(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/** PATCH /api/account/preferences: either or both. */
export const PreferencesUpdateSchema = z
  .object({
    timeZone: TimeZoneSchema.optional(),
    weeklyLetter: z.boolean({ error: messages.preferences.weeklyLetterType }).optional(),
  })
  .strict()
  .refine((value) => value.timeZone !== undefined || value.weeklyLetter !== undefined, {
    message: messages.preferences.nothingToChange,
  });
export type PreferencesUpdate = z.input<typeof PreferencesUpdateSchema>;

export const PreferencesResponseSchema = successWith({ preferences: PreferencesSchema });
export type PreferencesResponse = z.infer<typeof PreferencesResponseSchema>;
