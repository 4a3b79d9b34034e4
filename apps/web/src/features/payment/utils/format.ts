import { formatCents, unixSecondsToDate } from '@mediadiet/contract/constants';
import type { PaymentMethod } from '@mediadiet/contract/payment';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function brandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card');
}

/** "Visa ending in 4242" */
export function cardLabel(method: PaymentMethod): string {
  return `${brandName(method.brand)} ending in ${method.last4}`;
}

/** "12/2030" */
export function cardExpiry(method: PaymentMethod): string {
  return `${String(method.expMonth).padStart(2, '0')}/${method.expYear}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** An invoice date: unix seconds × 1000 (spec §9). */
export function invoiceDate(seconds: number): string {
  return dateFormat.format(unixSecondsToDate(seconds));
}

/** An invoice amount: cents ÷ 100, USD with 2 decimals (spec §9). */
export function invoiceAmount(cents: number): string {
  return formatCents(cents);
}
