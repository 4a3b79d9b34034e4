import { messages } from './messages';

/**
 * Business constants and limits (spec §9), local-storage keys (spec §3), and the pure rules the spec
 * defines on them (badges, labels, money formatting) that server and clients both use.
 */

// ── Storage (spec §3, §9) ──────────────────────────────────────────────────────────────────────────
export const AUTH_TOKEN_KEY = 'authToken';
export const STORAGE_KEYS = {
  authToken: AUTH_TOKEN_KEY,
  questionnaireProgress: 'questionnaire_progress',
  questionnaireCount: 'questionnaire_count',
  questionnaireOfferShown: 'questionnaire_offer_shown',
  questionnaireWelcomeShown: 'questionnaire_welcome_shown',
  goRegister: 'goRegister',
  gotoRegister: 'gotoRegister',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// ── HTTP ───────────────────────────────────────────────────────────────────────────────────────────
export const POST_TIMEOUT_MS = 10_000;
/** Calls other than POST have no time-out (spec §9). */
export const DEFAULT_REQUEST_TIMEOUT_MS: number | null = null;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

// ── Extension ──────────────────────────────────────────────────────────────────────────────────────
export const EXTENSION_PING_TIMEOUT_MS = 2000;
export const EXTENSION_CHECK_INTERVAL_MS = 5000;
export const NOT_CONNECTED_WARNING_THROTTLE_MS = 300_000;
export const INSTALL_POLL_INTERVAL_MS = 5000;
export const INSTALL_POLL_MAX_TRIES = 3;
export const INSTALL_ADVANCE_DELAY_MS = 1000;

// ── Analyses and insights ──────────────────────────────────────────────────────────────────────────
export const RECENT_WINDOW_DAYS = 7;
export const CARD_MAX_CATEGORIES_PER_CLASS = 2;
/**
 * Analyses per page of GET /api/analysis/recent (the default `limit`; at most RECENT_PAGE_MAX): a grid of 2,
 * 3 or 4 columns fills evenly, and "Load more" follows the cursor. Totals cover the whole window.
 */
export const RECENT_PAGE_SIZE = 24;
export const RECENT_PAGE_MAX = 200;
/** Insight summaries per insights response (newest first); `totalResults` counts the whole period. */
export const INSIGHT_RESULTS_LIMIT = 100;
/**
 * Rows per page of GET /api/analysis/pages (the Insights view's list of the period's analysed pages): small
 * enough to read at a glance on a phone, the rest a "Next" away.
 */
export const INSIGHT_PAGES_PAGE_SIZE = 20;
/** The highest page number GET /api/analysis/pages accepts (20 × 5,000 = 100,000 pages of one period). */
export const INSIGHT_PAGES_MAX_PAGE = 5000;
/** Rows of the Top Domains table. */
export const TOP_DOMAINS_LIMIT = 10;
/** Pattern Strength badge thresholds on |correlationCoefficient| (spec §4). */
export const STRENGTH_THRESHOLDS = { strong: 0.6, moderate: 0.4 } as const;
/** Overall Impact badge thresholds on the overall score (spec §4). */
export const IMPACT_THRESHOLDS = { high: 70, medium: 40 } as const;
/** Analysis scores are shown as percent with 3 decimals, insight scores with 1. */
export const ANALYSIS_SCORE_DECIMALS = 3;
export const INSIGHT_SCORE_DECIMALS = 1;

// ── Personality ────────────────────────────────────────────────────────────────────────────────────
export const SLIDER_MIN = 1;
export const SLIDER_MAX = 5;
export const SLIDER_STEP = 1;

// ── Auth and questionnaire ─────────────────────────────────────────────────────────────────────────
export const PIN_LENGTH = 6;
/** PIN lifetime (ARCHITECTURE: single use, 10-minute life). */
export const PIN_TTL_MS = 10 * 60_000;
export const QUESTIONNAIRE_QUESTION_COUNT = 15;
export const SECONDS_PER_QUESTION = 30;
export const MIN_REMAINING_MINUTES = 1;
export const DEFAULT_QUESTIONNAIRE_MINUTES = 5;
export const QUESTIONNAIRE_PROCESSING_MINUTES = 3;
export const SAVE_FEEDBACK_MS = 500;

// ── Layout and animation ───────────────────────────────────────────────────────────────────────────
export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 600;
export const SPINNER_FRAME_MS = 150;
export const CHART_ANIMATION_MS = 1000;
export const SCROLL_INDICATOR_THRESHOLD_PX = 100;
export const HEADER_TOP_THRESHOLD_PX = 10;
/** Questionnaire info cards: 3 columns at ≥ 1200 px, 2 at ≥ 768 px, else 1. */
export const INFO_CARD_BREAKPOINTS = { threeColumns: 1200, twoColumns: 768 } as const;
export const USAGE_LABEL_HIDE_WIDTH_PX = 500;
export const CONFETTI_MS = 3000;

// ── Toasts ─────────────────────────────────────────────────────────────────────────────────────────
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_LIMIT = 3;
export const TOAST_POSITION = 'top-right';

// ── Billing ────────────────────────────────────────────────────────────────────────────────────────
export const FREE_TRIAL_DAYS = 10;
export const HIGH_OVERAGE_CONFIRM_DOLLARS = 500;
export const CURRENCY = 'USD';
export const PRICE_DECIMALS = 2;
export const SMALL_PRICE_THRESHOLD = 0.01;
export const SMALL_PRICE_MAX_DECIMALS = 5;
/** Invoice and plan amounts are cents: divide by this for dollars. */
export const CENTS_PER_DOLLAR = 100;
/** Subscription and invoice dates are unix seconds: multiply by this for a JS timestamp. */
export const MS_PER_UNIX_SECOND = 1000;
/** `overageRate` is dollars per this many tokens (shown "per 10k tokens" in the summary). */
export const OVERAGE_RATE_TOKENS = 10_000;
/**
 * How many tokens one touch point stands for (decision 114): a page of up to about 1,500 words, so a
 * median-length news article (roughly 800–1,100 tokens) is one touch point, and a longer page counts as
 * several (its tokens ÷ this). The spec's "10k tokens ≈ 50 touch points" (200 tokens each) sold a quarter of
 * what a plan card promised.
 */
export const TOKENS_PER_TOUCHPOINT = 2_000;
/** The plan card shows the overage rate per this many touch points (10k tokens, decision 114). */
export const OVERAGE_RATE_TOUCHPOINTS = OVERAGE_RATE_TOKENS / TOKENS_PER_TOUCHPOINT;
/**
 * A page with less readable text than this (characters, whitespace collapsed) is near-empty ("No results",
 * "Loading…"): it is neither analysed nor billed (decision 114).
 */
export const TOUCHPOINT_TEXT_MIN = 50;
/** Plan names that unlock the Usage Limits and Payment tabs (spec §6, §9). */
export const GATED_PLAN_NAMES = ['Basic', 'Premium'] as const;
/** The plans modal shows the last N free-plan benefits disabled (spec §2). */
export const FREE_PLAN_DISABLED_BENEFITS = 3;

// ── Rules ──────────────────────────────────────────────────────────────────────────────────────────

export type PatternStrengthLevel = 'Strong' | 'Moderate' | 'Weak';
export interface PatternStrength {
  level: PatternStrengthLevel;
  message: string;
}

/** Pattern Strength badge by |correlationCoefficient| (spec §4). Non-finite input counts as Weak. */
export function patternStrength(correlation: number): PatternStrength {
  const r = Math.abs(correlation);
  if (r >= STRENGTH_THRESHOLDS.strong) return { level: 'Strong', message: messages.history.strongPattern };
  if (r >= STRENGTH_THRESHOLDS.moderate)
    return { level: 'Moderate', message: messages.history.moderatePattern };
  return { level: 'Weak', message: messages.history.weakPattern };
}

export type OverallImpact = 'high' | 'medium' | 'low';

/** Overall Impact badge by overall score 0–100 (spec §4). */
export function overallImpact(score: number): OverallImpact {
  if (score >= IMPACT_THRESHOLDS.high) return 'high';
  if (score >= IMPACT_THRESHOLDS.medium) return 'medium';
  return 'low';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A time-period button label: `formatMonthLabel(1, 2025)` → "Jan '25". `mm` is 1–12; `yy` may be a full
 * or a two-digit year. An out-of-range month falls back to "mm/yy".
 */
export function formatMonthLabel(mm: number | string, yy: number | string): string {
  const month = MONTHS[Number(mm) - 1];
  const year = Number(yy);
  const shortYear = Number.isFinite(year)
    ? String(Math.abs(Math.trunc(year)) % 100).padStart(2, '0')
    : String(yy);
  if (month === undefined) return `${String(mm)}/${shortYear}`;
  return `${month} '${shortYear}`;
}

/**
 * Dollars as USD with 2 decimals ("$1,234.50"); a non-zero amount under $0.01 shows up to 5 decimals
 * ("$0.00125") so that tiny per-token prices do not read as $0.00 (spec §9).
 */
export function formatUsd(amount: number): string {
  const small = amount !== 0 && Math.abs(amount) < SMALL_PRICE_THRESHOLD;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: PRICE_DECIMALS,
    maximumFractionDigits: small ? SMALL_PRICE_MAX_DECIMALS : PRICE_DECIMALS,
  }).format(amount);
}

/** Cents (invoices, plans) as a USD string. */
export function formatCents(cents: number): string {
  return formatUsd(cents / CENTS_PER_DOLLAR);
}

/** Unix seconds (subscriptions, invoices) as a JS Date. */
export function unixSecondsToDate(seconds: number): Date {
  return new Date(seconds * MS_PER_UNIX_SECOND);
}

/**
 * Questionnaire time estimate (spec §2, §9): 30 s per remaining question, at least 1 minute, rounded up:
 * "About N minute(s) remaining". Without a count (questions not loaded) it is "Takes about 5 minutes".
 */
export function remainingTimeLabel(remaining: number | null | undefined): string {
  if (remaining === null || remaining === undefined || !Number.isFinite(remaining))
    return messages.questionnaire.takesAbout;
  const minutes = Math.max(
    MIN_REMAINING_MINUTES,
    Math.ceil((Math.max(0, remaining) * SECONDS_PER_QUESTION) / 60),
  );
  return messages.questionnaire.remaining(minutes);
}

/** Number of info-card columns for a viewport width (spec §2). */
export function infoCardColumns(width: number): 1 | 2 | 3 {
  if (width >= INFO_CARD_BREAKPOINTS.threeColumns) return 3;
  if (width >= INFO_CARD_BREAKPOINTS.twoColumns) return 2;
  return 1;
}

/** Whether a plan name unlocks the Usage Limits and Payment tabs (spec §6). */
export function isGatedPlanName(name: string | null | undefined): boolean {
  return (GATED_PLAN_NAMES as readonly string[]).includes(name ?? '');
}
