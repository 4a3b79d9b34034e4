import { luhnValid } from '@mediadiet/contract/payment';

/**
 * Client-side checks of the local test card form: card number (Luhn), expiry MM/YY (not in the past) and
 * CVC. Stripe Elements does its own checks; these only serve the test-mode form.
 */

export const cardMessages = {
  numberRequired: 'Enter your card number.',
  numberInvalid: 'This card number is not valid. Check the digits and try again.',
  expiryRequired: 'Enter the expiry date as MM/YY.',
  expiryInvalid: 'The expiry date must be a month 01–12 and a year, as MM/YY.',
  expiryPast: 'This card has expired.',
  cvcRequired: 'Enter the 3- or 4-digit security code (CVC).',
  cvcInvalid: 'The security code (CVC) is 3 or 4 digits.',
} as const;

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The Luhn checksum every card number carries (shared with the server's test-mode provider). */
export { luhnValid };

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12/34": the slash comes by itself while typing. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function validateCardNumber(value: string): string | undefined {
  const digits = digitsOnly(value);
  if (digits.length === 0) return cardMessages.numberRequired;
  if (digits.length < 12 || digits.length > 19 || !luhnValid(digits)) return cardMessages.numberInvalid;
  return undefined;
}

export interface Expiry {
  month: number;
  year: number;
}

export function parseExpiry(value: string): Expiry | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  const rawYear = match[2] ?? '';
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

export function validateExpiry(value: string, now: Date = new Date()): string | undefined {
  if (value.trim() === '') return cardMessages.expiryRequired;
  const expiry = parseExpiry(value);
  if (!expiry) return cardMessages.expiryInvalid;
  // A card is valid through the last day of its expiry month.
  const current = now.getFullYear() * 12 + now.getMonth();
  if (expiry.year * 12 + (expiry.month - 1) < current) return cardMessages.expiryPast;
  return undefined;
}

export function validateCvc(value: string): string | undefined {
  if (value.trim() === '') return cardMessages.cvcRequired;
  if (!/^\d{3,4}$/.test(value.trim())) return cardMessages.cvcInvalid;
  return undefined;
}
