import type { AccountExportResponse } from './account';
import type { Analysis, CategoryScores } from './analysis';
import { CATEGORIES, CATEGORY_IDS } from './categories';
import { INSIGHT_PAGES_PAGE_SIZE } from './constants';
import {
  verdictTally,
  type InsightPage,
  type InsightPagesResponse,
  type InsightsResponse,
  type VerdictCounts,
  type VerdictTally,
  type VerdictTrendResponse,
} from './insights';
import type { Invoice, PaymentMethod } from './payment';
import type { Personalization, Question } from './questionnaire';
import type { Plan, Subscription, SubscriptionInfoResponse } from './subscription';
import type { User } from './user';

/**
 * Small builders of valid contract objects for tests (server, web, extension). Each takes overrides.
 * Importable as `@mediadiet/contract/fixtures`; not for production code.
 */

const T0 = '2025-01-15T10:00:00.000Z';
const S0 = 1_736_935_200; // 2025-01-15T10:00:00Z in unix seconds

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    state: { hasHadFreeTrial: false, shouldShowExtensionWizard: true },
    stripe: null,
    configs: { state: 'NOT_STARTED', lastSubmitted: null },
    extension: { status: null, isInstalled: false },
    createdAt: T0,
    ...overrides,
  };
}

export function buildCategoryScores(base: (index: number) => number = (i) => (i * 7) % 100): CategoryScores {
  return Object.fromEntries(
    CATEGORY_IDS.map((id, i) => [
      id,
      {
        BaseScore: base(i),
        Classification: CATEGORIES[id].classification,
        BayesFactor: 1.5,
        PosteriorProbability: 0.6,
        EffectiveN: 12,
      },
    ]),
  ) as CategoryScores;
}

export function buildAnalysis(overrides: Partial<Analysis> = {}): Analysis {
  return {
    id: 'analysis-1',
    url: 'https://news.example.com/story',
    title: 'A story',
    createdAt: T0,
    tokens: 1200,
    categoryScores: buildCategoryScores(),
    classificationAnalysis: { correlationCoefficient: 0.45, bayesFactor: 3.2, posteriorProbability: 0.76 },
    overallScore: 55,
    mode: 'server',
    ...overrides,
  };
}

export function buildSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub-1',
    plan: 'basic',
    status: 'active',
    cancelAt: null,
    currentPeriodStart: S0,
    currentPeriodEnd: S0 + 30 * 86_400,
    trialEnd: null,
    tokensLimit: 500_000,
    overageRate: 0.5,
    overageLimit: 0,
    ...overrides,
  };
}

/** `GET /api/subscription` answer; by default no subscription and nothing used. */
export function buildSubscriptionInfo(
  overrides: Partial<SubscriptionInfoResponse> = {},
): SubscriptionInfoResponse {
  return {
    success: true,
    subscription: null,
    count: 0,
    tokensUsed: 0,
    currentPeriodStart: null,
    nextBilling: null,
    ...overrides,
  };
}

export function buildPlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'basic',
    name: 'Basic',
    amount: 999,
    interval: 'month',
    includedAnalyses: 500,
    includedTokens: 500_000,
    overageRate: 0.5,
    benefits: ['Analysis of up to 500 touch points a month', 'Monthly insights'],
    trialDays: 10,
    ...overrides,
  };
}

export function buildPaymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 'pm-1',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    isDefault: true,
    ...overrides,
  };
}

export function buildInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in-1',
    amount: 999,
    date: S0,
    status: 'paid',
    invoice_pdf: 'https://example.com/in-1.pdf',
    ...overrides,
  };
}

export function buildQuestion(overrides: Partial<Question> = {}): Question {
  return {
    id: 'q1',
    question: 'How do you usually read the news?',
    type: 'RADIO',
    answers: ['Morning', 'Evening'],
    ...overrides,
  };
}

export function buildPersonalization(): Personalization {
  return {
    categoryScores: {
      emotional: [{ category: 'Empathy', score: 3, description: 'How you respond to others’ feelings.' }],
      behavioral: [{ category: 'Habits', score: 4, description: 'How steady your routines are.' }],
      cognitive: [{ category: 'Focus', score: 2, description: 'How long you stay with one text.' }],
    },
  };
}

/** `GET /api/account/export` answer: `buildUser()`, one analysis, one ignored site, nothing else. */
export function buildAccountExport(overrides: Partial<AccountExportResponse> = {}): AccountExportResponse {
  return {
    success: true,
    exportedAt: T0,
    user: buildUser(),
    subscription: null,
    analyses: [buildAnalysis()],
    ignoredSites: ['example.com'],
    personalization: null,
    answers: null,
    paymentMethods: [],
    invoices: [],
    ...overrides,
  };
}

export function buildInsights(overrides: Partial<InsightsResponse> = {}): InsightsResponse {
  return {
    success: true,
    scope: 'month',
    results: [{ id: 'analysis-1', url: 'https://news.example.com/story', createdAt: T0, overall_score: 55 }],
    totalResults: 1,
    trends: {
      categories: CATEGORY_IDS.map((id) => ({ name: id, classification: CATEGORIES[id].classification })),
      metadata: { averageScores: { joy: 40, anger: 12.5 } },
    },
    topDomains: [{ domain: 'news.example.com', averageScore: 55, visitCount: 1 }],
    directories: [{ mm: 1, yy: 2025 }],
    currMM: 1,
    currYY: 2025,
    ...overrides,
  };
}

/** A row of the period's analysed pages (GET /api/analysis/pages). */
export function buildInsightPage(overrides: Partial<InsightPage> = {}): InsightPage {
  const url = overrides.url ?? 'https://news.example.com/story';
  return {
    id: 'analysis-1',
    url,
    host: new URL(url).hostname,
    createdAt: T0,
    overall_score: 55,
    ...overrides,
  };
}

/** One page of the period's analysed pages: `results` on page `page` of `total` (pages of 20 unless given). */
export function buildInsightPages(
  overrides: Partial<InsightPagesResponse> & { results?: InsightPage[] } = {},
): InsightPagesResponse {
  const results = overrides.results ?? [buildInsightPage()];
  const pageSize = overrides.pageSize ?? INSIGHT_PAGES_PAGE_SIZE;
  const total = overrides.total ?? results.length;
  return {
    success: true,
    period: '2025-01',
    page: 1,
    pageSize,
    total,
    pageCount: Math.ceil(total / pageSize),
    ...overrides,
    results,
  };
}

/** Counts per verdict (0 unless given) with their sum and shares, as the server tallies them. */
export function buildVerdictTally(given: Partial<VerdictCounts> = {}): VerdictTally {
  return verdictTally({ uplifting: 0, neutral: 0, mixed: 0, draining: 0, ...given });
}

/**
 * A verdict trend: by default February 2025 (its five weeks, nothing counted) against January. `buckets` gives
 * each bucket's start day (and optional counts and pages without a verdict); `from`/`to` span its 7 days
 * (a month's day for a year), unclipped. The totals are summed from the buckets.
 */
export function buildVerdictTrend(
  spec: {
    period?: string;
    buckets?: { start: string; counts?: Partial<VerdictCounts>; unknown?: number }[];
    previous?: Partial<VerdictCounts>;
    previousPeriod?: string;
  } = {},
): VerdictTrendResponse {
  const period = spec.period ?? '2025-02';
  const scope = period.length === 4 ? ('year' as const) : ('month' as const);
  type BucketSpec = { start: string; counts?: Partial<VerdictCounts>; unknown?: number };
  const given: BucketSpec[] =
    spec.buckets ??
    ['2025-01-27', '2025-02-03', '2025-02-10', '2025-02-17', '2025-02-24'].map((start) => ({ start }));
  const buckets = given.map(({ start, counts, unknown }) => {
    const days = scope === 'year' ? 27 : 6;
    const to = new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    return { start, from: start, to, unknown: unknown ?? 0, ...buildVerdictTally(counts) };
  });
  const sum = (key: keyof VerdictCounts) => buckets.reduce((n, b) => n + b.counts[key], 0);
  return {
    success: true,
    period,
    scope,
    bucket: scope === 'year' ? 'month' : 'week',
    buckets,
    total: buildVerdictTally({
      uplifting: sum('uplifting'),
      neutral: sum('neutral'),
      mixed: sum('mixed'),
      draining: sum('draining'),
    }),
    excluded: buckets.reduce((n, b) => n + b.unknown, 0),
    previous: {
      period: spec.previousPeriod ?? (scope === 'year' ? '2024' : '2025-01'),
      ...buildVerdictTally(spec.previous),
    },
  };
}
