import { describe, expect, it } from 'vitest';
import {
  cardMessages,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  parseExpiry,
  validateCardNumber,
  validateCvc,
  validateExpiry,
} from '@/features/payment/utils/card-validation';

describe('card validation', () => {
  it('checks the Luhn sum of the test cards', () => {
    for (const number of ['4242424242424242', '4000000000000002', '4000000000009995', '5555555555554444'])
      expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(validateCardNumber('')).toBe(cardMessages.numberRequired);
    expect(validateCardNumber('4242 4242 4242 4241')).toBe(cardMessages.numberInvalid);
    expect(validateCardNumber('4242')).toBe(cardMessages.numberInvalid);
    expect(validateCardNumber('4242 4242 4242 4242')).toBeUndefined();
  });

  it('formats as the user types', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('1')).toBe('1');
  });

  it('checks the expiry MM/YY against today', () => {
    const now = new Date(2026, 4, 15);
    expect(parseExpiry('05/26')).toEqual({ month: 5, year: 2026 });
    expect(validateExpiry('', now)).toBe(cardMessages.expiryRequired);
    expect(validateExpiry('13/30', now)).toBe(cardMessages.expiryInvalid);
    expect(validateExpiry('1/2', now)).toBe(cardMessages.expiryInvalid);
    expect(validateExpiry('04/26', now)).toBe(cardMessages.expiryPast);
    expect(validateExpiry('05/26', now)).toBeUndefined();
  });

  it('checks the CVC', () => {
    expect(validateCvc('')).toBe(cardMessages.cvcRequired);
    expect(validateCvc('12')).toBe(cardMessages.cvcInvalid);
    expect(validateCvc('123')).toBeUndefined();
    expect(validateCvc('1234')).toBeUndefined();
  });
});
