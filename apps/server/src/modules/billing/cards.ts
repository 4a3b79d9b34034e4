import { LOCAL_TEST_CARDS, luhnValid } from '@mediadiet/contract/payment';
import { messages } from '@mediadiet/contract/messages';

/** Card checks of the local test-mode provider (the stand-in for Stripe.js confirmCardSetup). Pure. */

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

export type CardOutcome =
  | { ok: true; brand: string; last4: string; digits: string; chargeBehavior: 'succeeds' | 'charge_fails' }
  | { ok: false; status: 400 | 402; message: string };

/** What the test-mode provider does with a card: validate, then behave like the provider's test number. */
export function checkTestCard(
  card: { number: string; expMonth: number; expYear: number; cvc: string },
  now: Date,
): CardOutcome {
  const digits = card.number.replace(/\s+/g, '');
  if (!luhnValid(digits)) return { ok: false, status: 400, message: messages.server.cardNumberInvalid };
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (card.expYear < year || (card.expYear === year && card.expMonth < month)) {
    return { ok: false, status: 400, message: messages.server.cardExpired };
  }
  const brand = cardBrand(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!/^\d+$/.test(card.cvc) || card.cvc.length !== cvcLength) {
    return { ok: false, status: 400, message: messages.server.cardCvcInvalid };
  }
  switch (digits) {
    case LOCAL_TEST_CARDS.success:
    case LOCAL_TEST_CARDS.visaDebit:
    case LOCAL_TEST_CARDS.mastercard:
      return { ok: true, brand, last4: digits.slice(-4), digits, chargeBehavior: 'succeeds' };
    case LOCAL_TEST_CARDS.chargeFails:
      return { ok: true, brand, last4: digits.slice(-4), digits, chargeBehavior: 'charge_fails' };
    case LOCAL_TEST_CARDS.declined:
      return { ok: false, status: 402, message: messages.server.cardDeclined };
    case LOCAL_TEST_CARDS.insufficientFunds:
      return { ok: false, status: 402, message: messages.server.cardInsufficientFunds };
    default:
      return { ok: false, status: 400, message: messages.server.cardNotTestCard };
  }
}
