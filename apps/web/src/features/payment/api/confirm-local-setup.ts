import { extraApi } from '@mediadiet/contract/routes';
import type { LocalConfirmSetupRequest } from '@mediadiet/contract/payment';
import { safeRequest } from '@/lib/api-client';

/**
 * `POST /api/payment/local/confirm-setup`: the built-in test-mode provider's stand-in for Stripe.js
 * `confirmCardSetup` (only test card numbers; nothing is charged).
 */
export function confirmLocalSetup(body: LocalConfirmSetupRequest) {
  return safeRequest(extraApi.paymentLocalConfirmSetup, { body });
}
