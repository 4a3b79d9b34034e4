import { api } from '@mediadiet/contract/routes';
import { safeRequest } from '@/lib/api-client';

/**
 * `POST /api/payment/intent` → a card-setup intent: the client secret (read at the top level, and under
 * `data` as spec §7 also allows) and which provider confirms it.
 */
export async function createSetupIntent() {
  const result = await safeRequest(api.paymentIntent);
  if (!result.ok) return result;
  const clientSecret = result.data.clientSecret || result.data.data.clientSecret;
  return { ok: true as const, clientSecret, provider: result.data.provider };
}
