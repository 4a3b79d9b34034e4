import {
  formatCents,
  formatUsd,
  OVERAGE_RATE_TOUCHPOINTS,
  unixSecondsToDate,
} from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import type { Plan } from '@mediadiet/contract/subscription';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const numberFormat = new Intl.NumberFormat('en-US');

/** A subscription or invoice date (unix seconds × 1000, spec §9) as "February 14, 2025". */
export function formatUnixDate(seconds: number): string {
  return dateFormat.format(unixSecondsToDate(seconds));
}

export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** "$9.99" per interval, or 'Free Forever' for a plan without a price. */
export function planPrice(plan: Plan): { amount: string; interval: string | null } {
  if (plan.amount === 0) return { amount: messages.billing.freeForever, interval: null };
  return { amount: formatCents(plan.amount), interval: plan.interval };
}

/** The overage rate in the summary: dollars per 10k tokens (spec §9). */
export function overagePer10kTokens(rate: number): string {
  return `${formatUsd(rate)} per 10k tokens`;
}

/** The same rate on a plan card: per about 5 touch points, 10k tokens (spec §9 said 50; decision 114). */
export function overagePerTouchPoints(rate: number): string {
  return `${formatUsd(rate)} per about ${OVERAGE_RATE_TOUCHPOINTS} touch points`;
}
