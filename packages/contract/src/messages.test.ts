import { describe, expect, it } from 'vitest';
import { formatMonthLabel, remainingTimeLabel } from './constants';
import { isDuplicateError, messages } from './messages';
import { singleQuoted, specSection, specText } from '../test/spec-source';

/** Every quoted string of spec §8 that is a message ('duplicate' is a marker the client looks for, not a message). */
const SPEC_8_STRINGS = [
  'No data received from server',
  'Network error occurred',
  'Request failed with status {code}',
  'An unknown error occurred',
  'Request timeout after 10 seconds',
  'Failed to load analysis history',
  'Failed to load analysis details',
  'Failed to load insights',
  'Error loading insights: {error}',
  'Failed to fetch account info',
  'Failed to load subscription details',
  'Failed to load subscription plans',
  'Failed to load subscription data',
  'Failed to fetch questionnaire',
  'Failed to fetch questionnaire state',
  'Failed to load user configuration',
  'Failed to fetch default blocked URLs',
  'Failed to load payment methods',
  'Failed to load payment information',
  'Failed to load invoice history',
  'Failed to fetch pricing data',
  'Loading pricing information...',
  'Error fetching your data',
  'User not logged in',
  'Registration failed',
  'No response from server',
  'Failed to request PIN',
  'This email is already registered. Please try logging in instead.',
  'Registration failed. Please try again.',
  'An unexpected error occurred. Please try again later.',
  'Failed to connect extension',
  'Failed to verify extension',
  'Failed to verify extension connection',
  'Failed to establish connection. Please try again.',
  'Failed to disconnect the extension. Please try again.',
  'Failed to open URL management',
  'Failed to add site',
  'Failed to remove site',
  'Added {domain} to ignored sites',
  'Removed {domain} from ignored sites',
  'Failed to submit answers',
  'Failed to submit questionnaire',
  'Failed to update analysis',
  'An error occurred',
  'You are good to go',
  'Failed to update default payment method',
  'Failed to delete payment method',
  'Failed to add payment method',
  'Failed to update payment method',
  'Failed to update overage limit',
  'Failed to change plan: {reason}',
  'Failed to create subscription',
  'Subscription creation failed - invalid status',
  'Failed to process payment',
  'Failed to cancel subscription',
  'Failed to reactivate subscription',
  'Failed to setup payment',
  'Payment provider has not been initialized',
  'Card element not found',
  'No payment method returned',
  'Operation cancelled',
  'Registration successful! Please check your email for PIN.',
  'PIN sent! Check your email.',
  'Subscription reactivated successfully!',
  'Subscription cancelled successfully. Your access will continue until the end of the current billing period.',
  'Default payment method updated successfully',
  'Payment method deleted successfully',
  'Payment method added successfully',
  'Payment method updated successfully',
  'Subscription updated successfully!',
  'Overage limit updated successfully',
];

/** Quoted user-visible strings of §2, §4 and §5 that the catalogue holds as they are. */
const OTHER_SPEC_STRINGS = [
  'Unexpected Application Error!',
  'Connected',
  'Setup Required',
  'Create Subscription',
  'Loading...',
  'Complete the widget setup',
  'Quick survey',
  "you're all set up",
  'Touchpoints (last 7 days)',
  'Tokens Used (last 7 days)',
  'Error fetching your data',
  'Total Score',
  'Overall Impact',
  'No insights available for this period',
  'Unlock Your Personal Insights',
  'Please wait while our system processes your questionnaire responses.',
  'This typically takes about 3 minutes.',
  'Your privacy is our priority',
  'Discover Your Content Personality',
  'Continue without questionnaire',
  'Welcome to our survey!',
  'Technical Difficulties',
  'Finish Questionnaire',
  'Takes about 5 minutes',
  'Emotional Intelligence',
  'Behavioral Patterns',
  'Cognitive Processing',
  'Ignored Sites',
  'Default Protected Websites',
  'Subscription Status',
  'Subscription Plans',
  'Upgrade Plan',
  'No Active Subscription',
  'Start analyzing content by selecting a plan that fits your needs.',
  'Scheduled to cancel on',
  'Keep My Subscription',
  'Are you sure you want to cancel your subscription? This cannot be undone.',
  'Yes, Cancel',
  'No, Keep It',
  'Free Forever',
  'Secure Account Setup',
  'Complete Your Subscription',
  'Secure Account',
  'Start Subscription',
  'Welcome to {plan}!',
  'Your subscription has been activated successfully.',
  'Continue to Dashboard',
  'Are you sure you want to change your subscription plan? This will take effect immediately.',
  'Yes, Change Plan',
  'No, Keep Current Plan',
  'Create a Subscription',
  'You must have a subscription to configure the browser extension',
  'Phase I: Install',
  'Phase II: Connect',
  'Setup Complete!',
  'Skip for now',
  'Strong pattern detected. Good confidence in the analysis.',
  'Moderate pattern detected. Some trends are emerging.',
  'Weak pattern detected. More data needed for confidence.',
  'Subscription creation failed - invalid status',
  'Your card will not be charged while on the free plan.',
  'Name is required for registration',
  'Email is required for registration',
  'Please enter your email',
  'Please enter a website domain',
  'Please enter a valid domain (e.g., {host})',
  'Are you sure you want to delete this payment method?',
  'Confirm High Overage Limit',
  "Are you sure you want to set a high overage limit of {amount}? This could result in significant charges if you exceed your plan's allocation.",
];

/**
 * Quoted strings of §2, §4, §5 that the catalogue holds in another form (a split, a function, a rule) —
 * each checked by a test below — and quoted words that are not messages.
 */
const SPECIAL_OR_NOT_MESSAGES = new Set([
  'duplicate',
  'error',
  'mal',
  'Almost there! One quick step (or Two quick steps) before seeing your results',
  'Analysis in Progress / Analyzing Your Responses',
  'There are 15 questions.',
  'Question N of M',
  'About N minute(s) remaining',
  "Confirm High Overage Limit - Are you sure you want to set a high overage limit of {amount}? This could result in significant charges if you exceed your plan's allocation.",
]);

type Leaf = string | ((...args: never[]) => string);

function leaves(node: unknown, out: Leaf[] = []): Leaf[] {
  if (typeof node === 'string' || typeof node === 'function') out.push(node as Leaf);
  else if (Array.isArray(node)) for (const n of node) leaves(n, out);
  else if (node && typeof node === 'object') for (const v of Object.values(node)) leaves(v, out);
  return out;
}

const all = leaves(messages);
const plain = new Set(all.filter((l): l is string => typeof l === 'string'));
const fns = all.filter((l) => typeof l === 'function') as ((...args: unknown[]) => string)[];

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A spec string is in the catalogue as a plain value or, with `{placeholders}`, as a function's output. */
function inCatalogue(s: string): boolean {
  if (plain.has(s)) return true;
  if (!/\{\w+\}/.test(s)) return false;
  const re = new RegExp(`^${escapeRe(s).replace(/\\\{\w+\\\}/g, '(.+)')}$`);
  return fns.some((f) => re.test(f('X-SAMPLE', 'Y-SAMPLE')));
}

describe('spec §8 error catalogue', () => {
  it.each(SPEC_8_STRINGS)('holds %s', (s) => {
    expect(inCatalogue(s)).toBe(true);
  });

  it.runIf(specText !== undefined)('embeds every quoted string of §8 in the spec', () => {
    const quoted = singleQuoted(specSection(specText!, 8)).filter((s) => !SPECIAL_OR_NOT_MESSAGES.has(s));
    expect(new Set(quoted)).toEqual(new Set(SPEC_8_STRINGS));
    for (const s of quoted) expect(inCatalogue(s), s).toBe(true);
  });
});

describe('other quoted spec strings', () => {
  it.each(OTHER_SPEC_STRINGS)('holds %s', (s) => {
    expect(inCatalogue(s)).toBe(true);
  });

  it.runIf(specText !== undefined)('embeds every quoted string of §2, §4, §5 and §9', () => {
    const quoted = [2, 4, 5, 9]
      .flatMap((n) => singleQuoted(specSection(specText!, n)))
      .filter((s) => !SPECIAL_OR_NOT_MESSAGES.has(s));
    const known = new Set([...OTHER_SPEC_STRINGS, ...SPEC_8_STRINGS]);
    for (const s of quoted) expect(known.has(s), s).toBe(true);
  });

  it('holds the strings the spec writes in a combined form', () => {
    expect(messages.history.onboardingTitle(1)).toBe(
      'Almost there! One quick step before seeing your results',
    );
    expect(messages.history.onboardingTitle(2)).toBe(
      'Almost there! Two quick steps before seeing your results',
    );
    expect(messages.insights.analysisInProgress).toBe('Analysis in Progress');
    expect(messages.insights.analyzingResponses).toBe('Analyzing Your Responses');
    expect(messages.questionnaire.questionCount(15)).toBe('There are 15 questions.');
    expect(messages.questionnaire.progress(3, 15)).toBe('Question 3 of 15');
    expect(remainingTimeLabel(1)).toBe('About 1 minute remaining');
    expect(remainingTimeLabel(6)).toBe('About 3 minutes remaining');
    expect(messages.billing.highOverageTitle).toBe('Confirm High Overage Limit');
    expect(messages.billing.highOverageText('$600.00')).toBe(
      "Are you sure you want to set a high overage limit of $600.00? This could result in significant charges if you exceed your plan's allocation.",
    );
    expect(formatMonthLabel(1, 2025)).toBe("Jan '25");
  });
});

describe('fixed keys other code uses', () => {
  it('has the http messages and the route error', () => {
    expect(messages.http.noData).toBe('No data received from server');
    expect(messages.http.network).toBe('Network error occurred');
    expect(messages.http.status(404)).toBe('Request failed with status 404');
    expect(messages.http.unknown).toBe('An unknown error occurred');
    expect(messages.http.timeout).toBe('Request timeout after 10 seconds');
    expect(messages.routeError).toBe('Unexpected Application Error!');
  });

  it('formats the parameterised strings', () => {
    expect(messages.loading.insightsError('boom')).toBe('Error loading insights: boom');
    expect(messages.urls.added('example.com')).toBe('Added example.com to ignored sites');
    expect(messages.urls.removed('example.com')).toBe('Removed example.com from ignored sites');
    expect(messages.urls.invalidDomain('news.com')).toBe('Please enter a valid domain (e.g., news.com)');
    expect(messages.billing.changePlanFailed('card declined')).toBe('Failed to change plan: card declined');
    expect(messages.billing.welcome('Premium')).toBe('Welcome to Premium!');
  });

  it('lets the server signal a duplicate e-mail the way the client detects it', () => {
    expect(isDuplicateError(messages.server.duplicateEmail)).toBe(true);
    expect(isDuplicateError('E11000 Duplicate key')).toBe(true);
    expect(isDuplicateError('Invalid PIN')).toBe(false);
  });
});
