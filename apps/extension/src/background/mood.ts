import { messages } from '@mediadiet/contract/messages';
import type { MoodScore } from '@mediadiet/contract/mood';
import type { MoodCheckInResult, MoodOffer } from '../messaging';
import type { BackgroundContext } from './context';

/**
 * The popup's daily mood check-in (issue 29, decision 157): the same check-in as the web app's, offered at most
 * once a day. The server says which day today is and whether it has a check-in (from the web app or any paired
 * browser); "Not today" is remembered on this browser for that day. A score and its note leave the browser only
 * when the person taps a mood.
 */

export async function moodOffer(ctx: BackgroundContext): Promise<MoodOffer> {
  const apiKey = await ctx.store.get('apiKey');
  if (!apiKey) return { offered: false, why: 'not-connected' };
  const res = await ctx.api.moodToday(apiKey);
  // Unreachable or refused: no check-in today from here; the popup's other parts say what is wrong.
  if (!res.ok) return { offered: false, why: 'unavailable' };
  const { today, checkedIn } = res.data;
  if (checkedIn) return { offered: false, why: 'checked-in' };
  if ((await ctx.store.get('moodDismissedDay')) === today) return { offered: false, why: 'dismissed' };
  return { offered: true, today };
}

/** Where the server found a problem in a refused request (`body.note: …`): for developers, not for people. */
const FIELD_PREFIX = /^(?:body|params|querystring|headers)(?:\.[\w.[\]-]+)?: /;

export const MOOD_ERRORS = {
  notConnected: `${messages.mood.saveFailed}. Connect this browser to your account first.`,
  unreachable: `${messages.mood.saveFailed}: your account could not be reached. Try again.`,
  revoked: `${messages.mood.saveFailed}: this browser is no longer connected. Reconnect it from your account.`,
} as const;

/** POST /api/mood with the key: today's check-in; a refusal in words the person can act on. */
export async function checkInMood(
  ctx: BackgroundContext,
  score: MoodScore,
  note: string | undefined,
): Promise<MoodCheckInResult> {
  const apiKey = await ctx.store.get('apiKey');
  if (!apiKey) return { success: false, error: MOOD_ERRORS.notConnected };
  const trimmed = note?.trim();
  const res = await ctx.api.moodCheckIn(apiKey, trimmed ? { score, note: trimmed } : { score });
  if (res.ok) return { success: true, day: res.data.checkIn.day };
  if (res.status === 0) return { success: false, error: MOOD_ERRORS.unreachable };
  if (res.status === 401) return { success: false, error: MOOD_ERRORS.revoked };
  // The server's own message for a refusal (a note too long, too many calls); for a failure, the catalogue's.
  if (res.status >= 400 && res.status < 500)
    return { success: false, error: res.error.replace(FIELD_PREFIX, '') };
  return { success: false, error: messages.mood.saveFailed };
}

/** "Not today": the popup does not offer the check-in again on this browser until the server's day changes. */
export async function dismissMood(ctx: BackgroundContext, day: string): Promise<void> {
  await ctx.store.set({ moodDismissedDay: day });
}
