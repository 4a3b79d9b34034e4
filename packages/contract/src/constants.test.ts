import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('spec §9 constants', () => {
  it('has the storage keys of spec §3', () => {
    expect(c.AUTH_TOKEN_KEY).toBe('authToken');
    expect(c.STORAGE_KEYS).toEqual({
      authToken: 'authToken',
      questionnaireProgress: 'questionnaire_progress',
      questionnaireCount: 'questionnaire_count',
      questionnaireOfferShown: 'questionnaire_offer_shown',
      questionnaireWelcomeShown: 'questionnaire_welcome_shown',
      goRegister: 'goRegister',
      gotoRegister: 'gotoRegister',
    });
  });

  it.each([
    ['POST_TIMEOUT_MS', 10_000],
    ['CHUNK_LOAD_TIMEOUT_MS', 120_000],
    ['EXTENSION_PING_TIMEOUT_MS', 2000],
    ['EXTENSION_CHECK_INTERVAL_MS', 5000],
    ['NOT_CONNECTED_WARNING_THROTTLE_MS', 300_000],
    ['INSTALL_POLL_INTERVAL_MS', 5000],
    ['INSTALL_POLL_MAX_TRIES', 3],
    ['INSTALL_ADVANCE_DELAY_MS', 1000],
    ['RECENT_WINDOW_DAYS', 7],
    ['CARD_MAX_CATEGORIES_PER_CLASS', 2],
    ['ANALYSIS_SCORE_DECIMALS', 3],
    ['INSIGHT_SCORE_DECIMALS', 1],
    ['SLIDER_MIN', 1],
    ['SLIDER_MAX', 5],
    ['SLIDER_STEP', 1],
    ['PIN_LENGTH', 6],
    ['QUESTIONNAIRE_QUESTION_COUNT', 15],
    ['SECONDS_PER_QUESTION', 30],
    ['MIN_REMAINING_MINUTES', 1],
    ['DEFAULT_QUESTIONNAIRE_MINUTES', 5],
    ['QUESTIONNAIRE_PROCESSING_MINUTES', 3],
    ['SAVE_FEEDBACK_MS', 500],
    ['POPUP_WIDTH', 600],
    ['POPUP_HEIGHT', 600],
    ['SPINNER_FRAME_MS', 150],
    ['CHART_ANIMATION_MS', 1000],
    ['SCROLL_INDICATOR_THRESHOLD_PX', 100],
    ['HEADER_TOP_THRESHOLD_PX', 10],
    ['TOAST_AUTO_CLOSE_MS', 5000],
    ['TOAST_LIMIT', 3],
    ['TOAST_POSITION', 'top-right'],
    ['FREE_TRIAL_DAYS', 10],
    ['HIGH_OVERAGE_CONFIRM_DOLLARS', 500],
    ['CURRENCY', 'USD'],
    ['PRICE_DECIMALS', 2],
    ['SMALL_PRICE_THRESHOLD', 0.01],
    ['SMALL_PRICE_MAX_DECIMALS', 5],
    ['CENTS_PER_DOLLAR', 100],
    ['MS_PER_UNIX_SECOND', 1000],
    ['OVERAGE_RATE_TOKENS', 10_000],
    // Departs from spec §9's "about 50 touch points" per 10k tokens (decision 114).
    ['OVERAGE_RATE_TOUCHPOINTS', 5],
    ['TOKENS_PER_TOUCHPOINT', 2_000],
    ['TOUCHPOINT_TEXT_MIN', 50],
    ['CONFETTI_MS', 3000],
    ['USAGE_LABEL_HIDE_WIDTH_PX', 500],
    ['FREE_PLAN_DISABLED_BENEFITS', 3],
  ] as const)('%s = %s', (name, value) => {
    expect(c[name]).toBe(value);
  });

  it('has the threshold tables, breakpoints and gated plans', () => {
    expect(c.DEFAULT_REQUEST_TIMEOUT_MS).toBeNull();
    expect(c.STRENGTH_THRESHOLDS).toEqual({ strong: 0.6, moderate: 0.4 });
    expect(c.IMPACT_THRESHOLDS).toEqual({ high: 70, medium: 40 });
    expect(c.INFO_CARD_BREAKPOINTS).toEqual({ threeColumns: 1200, twoColumns: 768 });
    expect(c.GATED_PLAN_NAMES).toEqual(['Basic', 'Premium']);
  });
});

describe('patternStrength', () => {
  it.each([
    [0.6, 'Strong', 'Strong pattern detected. Good confidence in the analysis.'],
    [-0.95, 'Strong', 'Strong pattern detected. Good confidence in the analysis.'],
    [0.4, 'Moderate', 'Moderate pattern detected. Some trends are emerging.'],
    [-0.59, 'Moderate', 'Moderate pattern detected. Some trends are emerging.'],
    [0.39, 'Weak', 'Weak pattern detected. More data needed for confidence.'],
    [0, 'Weak', 'Weak pattern detected. More data needed for confidence.'],
    [Number.NaN, 'Weak', 'Weak pattern detected. More data needed for confidence.'],
  ])('%s → %s', (r, level, message) => {
    expect(c.patternStrength(r)).toEqual({ level, message });
  });
});

describe('overallImpact', () => {
  it.each([
    [100, 'high'],
    [70, 'high'],
    [69.9, 'medium'],
    [40, 'medium'],
    [39.99, 'low'],
    [0, 'low'],
  ])('%s → %s', (score, impact) => {
    expect(c.overallImpact(score)).toBe(impact);
  });
});

describe('formatMonthLabel', () => {
  it.each([
    [1, 2025, "Jan '25"],
    ['12', '2024', "Dec '24"],
    [3, 25, "Mar '25"],
    ['07', 2009, "Jul '09"],
    [13, 2025, '13/25'],
    [0, 2025, '0/25'],
  ])('(%s, %s) → %s', (mm, yy, label) => {
    expect(c.formatMonthLabel(mm, yy)).toBe(label);
  });
});

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [5, '$5.00'],
    [1234.5, '$1,234.50'],
    [0.01, '$0.01'],
    [0.015, '$0.02'],
    [0.00125, '$0.00125'],
    [0.001234567, '$0.00123'],
    [0.005, '$0.005'],
    [-0.002, '-$0.002'],
  ])('%s → %s', (amount, text) => {
    expect(c.formatUsd(amount)).toBe(text);
  });

  it('formats cents and converts unix seconds', () => {
    expect(c.formatCents(1999)).toBe('$19.99');
    expect(c.unixSecondsToDate(1_700_000_000).toISOString()).toBe('2023-11-14T22:13:20.000Z');
  });
});

describe('remainingTimeLabel', () => {
  it.each([
    [0, 'About 1 minute remaining'],
    [1, 'About 1 minute remaining'],
    [2, 'About 1 minute remaining'],
    [3, 'About 2 minutes remaining'],
    [15, 'About 8 minutes remaining'],
    [-4, 'About 1 minute remaining'],
    [null, 'Takes about 5 minutes'],
    [undefined, 'Takes about 5 minutes'],
    [Number.NaN, 'Takes about 5 minutes'],
  ])('%s → %s', (remaining, label) => {
    expect(c.remainingTimeLabel(remaining)).toBe(label);
  });
});

describe('layout and plan helpers', () => {
  it('picks info-card columns by width', () => {
    expect(c.infoCardColumns(1200)).toBe(3);
    expect(c.infoCardColumns(1199)).toBe(2);
    expect(c.infoCardColumns(768)).toBe(2);
    expect(c.infoCardColumns(767)).toBe(1);
  });

  it('gates tabs on Basic and Premium', () => {
    expect(c.isGatedPlanName('Basic')).toBe(true);
    expect(c.isGatedPlanName('Premium')).toBe(true);
    expect(c.isGatedPlanName('Free')).toBe(false);
    expect(c.isGatedPlanName(undefined)).toBe(false);
  });
});
