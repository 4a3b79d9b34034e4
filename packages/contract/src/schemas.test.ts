import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AccountExportResponseSchema, confirmEmailMatches, DeleteAccountRequestSchema } from './account';
import {
  AnalysisResponseSchema,
  AnalysisSchema,
  isPro,
  RecentAnalysesResponseSchema,
  RecentAnalysisSchema,
  recentWindowStart,
  toRecentAnalysis,
  topCategories,
  verdictText,
} from './analysis';
import {
  LoggedInResponseSchema,
  PinRequestSchema,
  PinSchema,
  RegisterRequestSchema,
  VerifyRequestSchema,
} from './auth';
import { CATEGORY_IDS } from './categories';
import {
  ExtensionRequestSchema,
  ExtensionResponseSchemas,
  OAuthSuccessMessageSchema,
  PingResponseSchema,
  TouchpointRequestSchema,
  UserUpdateMessageSchema,
} from './extension';
import {
  buildAccountExport,
  buildAnalysis,
  buildCategoryScores,
  buildInsights,
  buildInvoice,
  buildPaymentMethod,
  buildPersonalization,
  buildPlan,
  buildQuestion,
  buildSubscription,
  buildSubscriptionInfo,
  buildUser,
} from './fixtures';
import {
  insightsPeriodParams,
  InsightsPeriodParamsSchema,
  InsightsResponseSchema,
  parseInsightsPeriod,
} from './insights';
import { messages } from './messages';
import {
  InvoiceSchema,
  PaymentMethodSchema,
  PricingResponseSchema,
  SetupIntentResponseSchema,
} from './payment';
import {
  AnswersSchema,
  flattenPersonalization,
  isAnswered,
  PersonalityScoreSchema,
  PersonalizationSchema,
  PersonalizationUpdateSchema,
  personalityScoreLabel,
  QuestionnaireSubmitRequestSchema,
  QuestionSchema,
  resumeIndex,
  submittedAnswers,
} from './questionnaire';
import {
  analysisCreatedEvent,
  AnalysisCreatedPayloadSchema,
  configStateUpdateEvent,
  realtimeEvents,
  userUpdateEvent,
} from './realtime';
import {
  isAcceptedNewSubscriptionStatus,
  planName,
  PlansSchema,
  SUBSCRIPTION_STATUS_INFO,
  SubscriptionInfoResponseSchema,
  SubscriptionSchema,
  subscriptionStatusInfo,
} from './subscription';
import {
  AddUrlRequestSchema,
  DEFAULT_PROTECTED_SITES,
  DomainSchema,
  domainMatcher,
  isHostCovered,
  isHostIgnored,
  isHostProtected,
} from './urls';
import { UserSchema, userInitial } from './user';

function issues(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('entities round-trip', () => {
  it.each([
    ['User', UserSchema, buildUser()],
    ['Analysis', AnalysisSchema, buildAnalysis()],
    ['Subscription', SubscriptionSchema, buildSubscription()],
    ['PaymentMethod', PaymentMethodSchema, buildPaymentMethod()],
    ['Invoice', InvoiceSchema, buildInvoice()],
    ['Question', QuestionSchema, buildQuestion()],
    ['Personalization', PersonalizationSchema, buildPersonalization()],
    ['Insights', InsightsResponseSchema, buildInsights()],
  ] as const)('%s', (_name, schema, value) => {
    expect((schema as z.ZodType).parse(value)).toEqual(value);
    expect((schema as z.ZodType).parse(JSON.parse(JSON.stringify(value)))).toEqual(value);
  });

  it('accepts a user with a payment customer, a connected extension and a submitted questionnaire', () => {
    const user = buildUser({
      stripe: {
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        defaultPaymentMethodId: null,
        provider: 'local',
      },
      extension: { status: 'on', isInstalled: true },
      configs: { state: 'SUBMITTED', lastSubmitted: '2025-01-15T10:00:00.000Z' },
    });
    expect(UserSchema.parse(user)).toEqual(user);
    expect(userInitial(user)).toBe('A');
    expect(userInitial({ name: ' ', email: 'zed@example.com' })).toBe('Z');
  });

  it('rejects a bad user', () => {
    expect(issues(UserSchema, { ...buildUser(), email: 'nope' })).not.toEqual([]);
    expect(
      issues(UserSchema, { ...buildUser(), configs: { state: 'DONE', lastSubmitted: null } }),
    ).not.toEqual([]);
    expect(issues(UserSchema, { ...buildUser(), createdAt: '15/01/2025' })).not.toEqual([]);
  });

  it('reads envelopes', () => {
    expect(LoggedInResponseSchema.parse({ success: true, loggedIn: false, user: null }).loggedIn).toBe(false);
    expect(AnalysisResponseSchema.parse({ success: true, analysis: buildAnalysis() }).analysis.id).toBe(
      'analysis-1',
    );
    const info = buildSubscriptionInfo();
    expect(SubscriptionInfoResponseSchema.parse(info)).toEqual(info);
    const intent = {
      success: true,
      clientSecret: 'seti_1_secret',
      provider: 'stripe',
      data: { clientSecret: 'seti_1_secret' },
    };
    expect(SetupIntentResponseSchema.parse(intent)).toEqual(intent);
    const pricing = {
      success: true,
      data: { pricing: { basic: [{ amount: 10, tokens: 200_000, analyses: 200 }], premium: [] } },
    };
    expect(PricingResponseSchema.parse(pricing)).toEqual(pricing);
    expect(
      PlansSchema.parse({
        free: buildPlan({ id: 'free', name: 'Free', amount: 0 }),
        basic: buildPlan(),
        premium: buildPlan({ id: 'premium', name: 'Premium' }),
      }),
    ).toHaveProperty('premium');
    expect(issues(PlansSchema, { basic: buildPlan() })).not.toEqual([]);
    expect(issues(SubscriptionInfoResponseSchema, { ...info, success: false })).not.toEqual([]);
  });

  it('checks analysis figures', () => {
    expect(
      issues(AnalysisSchema, buildAnalysis({ categoryScores: buildCategoryScores(() => 101) })),
    ).not.toEqual([]);
    const bad = buildAnalysis();
    expect(
      issues(AnalysisSchema, {
        ...bad,
        classificationAnalysis: { ...bad.classificationAnalysis, correlationCoefficient: 1.2 },
      }),
    ).not.toEqual([]);
    const { joy: _joy, ...missingJoy } = bad.categoryScores;
    expect(issues(AnalysisSchema, { ...bad, categoryScores: missingJoy })).not.toEqual([]);
  });

  it('checks invoices and cards', () => {
    expect(issues(InvoiceSchema, buildInvoice({ amount: 9.99 }))).not.toEqual([]);
    expect(issues(InvoiceSchema, { ...buildInvoice(), status: 'refunded' })).not.toEqual([]);
    for (const status of ['paid', 'pending', 'failed', 'open', 'void'] as const) {
      expect(InvoiceSchema.parse(buildInvoice({ status })).status).toBe(status);
    }
    expect(issues(PaymentMethodSchema, buildPaymentMethod({ last4: '42' }))).not.toEqual([]);
    expect(issues(PaymentMethodSchema, buildPaymentMethod({ expMonth: 13 }))).not.toEqual([]);
  });

  it('builds the account export', () => {
    const exported = buildAccountExport();
    expect(AccountExportResponseSchema.parse(exported)).toEqual(exported);
    expect(issues(DeleteAccountRequestSchema, {})).not.toEqual([]);
    expect(confirmEmailMatches(' Ada@Example.com ', 'ada@example.com')).toBe(true);
    expect(confirmEmailMatches('bob@example.com', 'ada@example.com')).toBe(false);
  });
});

describe('auth rules (spec §5)', () => {
  it('accepts a 6-digit PIN only', () => {
    expect(PinSchema.parse('012345')).toBe('012345');
    for (const bad of ['12345a', '12345', '1234567', ' 123456', '', '１２３４５６']) {
      expect(issues(PinSchema, bad), bad).toEqual([messages.auth.pinFormat]);
    }
    expect(issues(PinSchema, 123456)).toEqual([messages.auth.pinFormat]);
  });

  it('requires name and e-mail on registration with the spec messages', () => {
    expect(RegisterRequestSchema.parse({ name: ' Ada ', email: ' ada@example.com ' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
    });
    expect(issues(RegisterRequestSchema, { name: '', email: 'ada@example.com' })).toEqual([
      'Name is required for registration',
    ]);
    expect(issues(RegisterRequestSchema, { email: 'ada@example.com' })).toEqual([
      'Name is required for registration',
    ]);
    expect(issues(RegisterRequestSchema, { name: 'Ada', email: '  ' })).toEqual([
      'Email is required for registration',
    ]);
    expect(issues(RegisterRequestSchema, { name: 'Ada' })).toEqual(['Email is required for registration']);
    expect(issues(RegisterRequestSchema, { name: 'Ada', email: 'ada' })).toEqual([
      messages.auth.invalidEmail,
    ]);
  });

  it('asks for the e-mail on sign-in', () => {
    expect(issues(PinRequestSchema, { email: '' })).toEqual(['Please enter your email']);
    expect(issues(PinRequestSchema, {})).toEqual(['Please enter your email']);
    expect(VerifyRequestSchema.parse({ email: 'ada@example.com', pin: '123456' })).toEqual({
      email: 'ada@example.com',
      pin: '123456',
    });
    expect(issues(VerifyRequestSchema, { email: 'ada@example.com', pin: '12345a' })).toEqual([
      messages.auth.pinFormat,
    ]);
  });
});

describe('ignored-site domains (spec §5, widened by decision 113)', () => {
  it.each([
    'example.com',
    'my-site.org',
    'abc.io',
    'EXAMPLE.COM',
    '  news.co  ',
    'a1b2c3.museum',
    // Refused by the spec's literal pattern, accepted now: any registrable domain and its subdomains.
    'x.com',
    'fb.com',
    'bbc.co.uk',
    'news.ycombinator.com',
    'www.example.com',
    'nhs.uk',
    'gov.uk',
    'xn--bcher-kva.example',
    // What a public-suffix reading would say changes nothing (decision 166): a registry's suffix, a wildcard
    // rule's names and its exception, a private suffix's sites, an unknown or an IDN top-level name.
    'co.uk',
    'foo.kawasaki.jp',
    'city.kawasaki.jp',
    'ada.github.io',
    'shop.local.test',
    'xn--e1afmkfd.xn--p1ai',
  ])('accepts %s', (d) => {
    expect(DomainSchema.parse(d)).toBe(d.trim().toLowerCase());
  });

  it.each([
    ['example.c', 'TLD shorter than 2'],
    ['example.c0m', 'TLD not letters'],
    ['exa_mple.com', 'underscore'],
    ['https://example.com', 'scheme'],
    ['example.com/news', 'path'],
    ['exa mple.com', 'space'],
    [`${'a'.repeat(64)}.com`, 'label longer than 63'],
    ['-example.com', 'label starts with a hyphen'],
    ['localhost', 'a single label'],
    ['192.168.1.1', 'an IP address'],
    ['example..com', 'an empty label'],
  ])('rejects %s (%s)', (d) => {
    expect(issues(DomainSchema, d)).toEqual(['Please enter a valid domain (e.g., example.com)']);
  });

  it('asks for a domain when blank', () => {
    expect(issues(DomainSchema, '   ')).toEqual(['Please enter a website domain']);
    expect(issues(AddUrlRequestSchema, {})).toEqual(['Please enter a website domain']);
  });

  it('matches hosts against domain lists, subdomains included', () => {
    expect(isHostCovered('www.example.com', 'example.com')).toBe(true);
    expect(isHostCovered('Example.com.', 'example.com')).toBe(true);
    expect(isHostCovered('notexample.com', 'example.com')).toBe(false);
    expect(isHostCovered('example.com', '')).toBe(false);
    expect(
      isHostIgnored(
        'mail.google.com',
        [],
        DEFAULT_PROTECTED_SITES.flatMap((g) => g.urls),
      ),
    ).toBe(true);
    expect(isHostIgnored('news.example.com', ['example.com'])).toBe(true);
    expect(isHostIgnored('news.example.org', ['example.com'])).toBe(false);
  });

  it('answers as isHostIgnored does when the list is matched through a set', () => {
    const list = ['example.com', ' *.Shop.example.org. ', '', 'co.uk'];
    const matches = domainMatcher(list);
    const hosts = [
      'example.com',
      'WWW.example.com.',
      'notexample.com',
      'example.com.evil.net',
      'shop.example.org',
      'a.b.shop.example.org',
      'example.org',
      'bbc.co.uk',
      'uk',
      'localhost',
      '',
    ];
    for (const host of hosts) expect(matches(host), host).toBe(isHostIgnored(host, list));
    const protectedDomains = DEFAULT_PROTECTED_SITES.flatMap((g) => g.urls);
    for (const host of [
      ...protectedDomains,
      ...protectedDomains.map((d) => `www.${d}`),
      'mail.google.com',
      'google.com.au',
      'example.com',
    ])
      expect(isHostProtected(host), host).toBe(isHostIgnored(host, protectedDomains));
  });
});

describe('personality (spec §2, §5)', () => {
  it('accepts integer scores 1 to 5 only', () => {
    for (const s of [1, 2, 3, 4, 5]) expect(PersonalityScoreSchema.parse(s)).toBe(s);
    for (const s of [0, 6, 2.5, '3', Number.NaN])
      expect(issues(PersonalityScoreSchema, s), String(s)).toEqual([messages.questionnaire.scoreRange]);
  });

  it('labels scores', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(personalityScoreLabel)).toEqual([
      'Immature',
      'Immature',
      'Developing',
      'Balanced',
      'Maturing',
      'Mature',
      'Mature',
    ]);
  });

  it('accepts partial updates and flattens in group order', () => {
    expect(
      PersonalizationUpdateSchema.parse({ categoryScores: { cognitive: [{ category: 'Focus', score: 5 }] } }),
    ).toEqual({
      categoryScores: { cognitive: [{ category: 'Focus', score: 5 }] },
    });
    expect(
      issues(PersonalizationUpdateSchema, {
        categoryScores: { emotional: [{ category: 'Empathy', score: 9 }] },
      }),
    ).not.toEqual([]);
    expect(
      flattenPersonalization(buildPersonalization()).map((x) => `${x.group}:${x.item.category}`),
    ).toEqual(['emotional:Empathy', 'behavioral:Habits', 'cognitive:Focus']);
  });
});

describe('questionnaire', () => {
  it('accepts both submit shapes', () => {
    const answers = { q1: 'Morning', q2: ['a', 'b'] };
    expect(submittedAnswers(QuestionnaireSubmitRequestSchema.parse({ answers }))).toEqual(answers);
    expect(submittedAnswers(QuestionnaireSubmitRequestSchema.parse({ configs: { answers } }))).toEqual(
      answers,
    );
    expect(issues(QuestionnaireSubmitRequestSchema, {})).not.toEqual([]);
    expect(issues(AnswersSchema, { q1: 3 })).not.toEqual([]);
  });

  it('resumes at the first unanswered question, or the last', () => {
    const qs = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered('  ')).toBe(false);
    expect(isAnswered([])).toBe(false);
    expect(isAnswered(['x'])).toBe(true);
    expect(resumeIndex(qs, {})).toBe(0);
    expect(resumeIndex(qs, { a: 'x', b: [] })).toBe(1);
    expect(resumeIndex(qs, { a: 'x', b: ['y'], c: ' ' })).toBe(2);
    expect(resumeIndex(qs, { a: 'x', b: ['y'], c: 'z' })).toBe(2);
    expect(resumeIndex([], {})).toBe(0);
  });
});

describe('subscription status (spec §4)', () => {
  it('has a label and message for every status', () => {
    for (const info of Object.values(SUBSCRIPTION_STATUS_INFO)) {
      expect(info.label.length).toBeGreaterThan(0);
      expect(info.message.length).toBeGreaterThan(0);
    }
    expect(Object.keys(SUBSCRIPTION_STATUS_INFO).sort()).toEqual(
      ['active', 'canceled', 'free', 'past_due', 'scheduled_cancelation', 'trialing'].sort(),
    );
  });

  it('shows unknown statuses as free', () => {
    expect(subscriptionStatusInfo('trialing')).toBe(SUBSCRIPTION_STATUS_INFO.trialing);
    expect(subscriptionStatusInfo('incomplete')).toBe(SUBSCRIPTION_STATUS_INFO.free);
    expect(subscriptionStatusInfo(undefined)).toBe(SUBSCRIPTION_STATUS_INFO.free);
    expect(subscriptionStatusInfo(null)).toBe(SUBSCRIPTION_STATUS_INFO.free);
  });

  it('accepts only active or trialing new subscriptions and names plans', () => {
    expect(isAcceptedNewSubscriptionStatus('active')).toBe(true);
    expect(isAcceptedNewSubscriptionStatus('trialing')).toBe(true);
    expect(isAcceptedNewSubscriptionStatus('past_due')).toBe(false);
    expect(planName('premium')).toBe('Premium');
    expect(issues(SubscriptionSchema, { ...buildSubscription(), cancelAt: 1.5 })).not.toEqual([]);
  });
});

describe('insights periods', () => {
  it('parses a month and a whole year', () => {
    expect(parseInsightsPeriod(InsightsPeriodParamsSchema.parse({ month: '01', year: '2025' }))).toEqual({
      scope: 'month',
      mm: 1,
      yy: 2025,
    });
    expect(parseInsightsPeriod(InsightsPeriodParamsSchema.parse({ month: 'all', year: '2024' }))).toEqual({
      scope: 'year',
      mm: null,
      yy: 2024,
    });
    expect(insightsPeriodParams({ mm: 12, yy: 2024 })).toEqual({ month: '12', year: '2024' });
    expect(insightsPeriodParams({ mm: null, yy: 2024 })).toEqual({ month: 'all', year: '2024' });
  });

  it.each([
    { month: '13', year: '2025' },
    { month: '0', year: '2025' },
    { month: 'jan', year: '2025' },
    { month: '1', year: '25' },
  ])('rejects %o', (p) => {
    expect(issues(InsightsPeriodParamsSchema, p)).not.toEqual([]);
  });

  it('allows a null month for a year', () => {
    expect(InsightsResponseSchema.parse(buildInsights({ scope: 'year', currMM: null })).currMM).toBeNull();
  });
});

describe('analysis rules', () => {
  it('treats anything but pro as mal', () => {
    expect(isPro('pro')).toBe(true);
    expect(isPro('mal')).toBe(false);
    expect(isPro('neutral')).toBe(false);
  });

  it('picks the top two pro and mal categories by score', () => {
    const scores = buildCategoryScores((i) => i * 5);
    const top = topCategories(scores, 2);
    expect(top.pro.map((c) => c.id)).toEqual(['awe', 'compassion']);
    expect(top.mal.map((c) => c.id)).toEqual(['envy', 'disgust']);
    expect(top.pro[0]?.name).toBe('Awe');
    expect(topCategories({}, 2)).toEqual({ pro: [], mal: [] });
    expect(CATEGORY_IDS).toHaveLength(14);
  });

  it('cuts an analysis to its history card: the top two pro and mal categories, no model version', () => {
    const analysis = buildAnalysis({
      categoryScores: buildCategoryScores((i) => i * 5),
      modelVersion: 'm-1',
      valence: -0.25,
    });
    const card = toRecentAnalysis(analysis);
    expect(Object.keys(card.categoryScores).sort()).toEqual(['awe', 'compassion', 'disgust', 'envy']);
    expect(card.categoryScores.awe).toEqual(analysis.categoryScores.awe);
    const { categoryScores: _all, modelVersion: _model, ...rest } = analysis;
    expect(card).toEqual({ ...rest, categoryScores: card.categoryScores });
    // The card ranks like the whole analysis, and cutting again changes nothing.
    expect(topCategories(card.categoryScores, 2)).toEqual(topCategories(analysis.categoryScores, 2));
    expect(toRecentAnalysis(card)).toEqual(card);
    expect(RecentAnalysisSchema.parse(card)).toEqual(card);
    // A whole analysis (the live socket payload) is a valid card too.
    expect(RecentAnalysisSchema.safeParse(analysis).success).toBe(true);
    const page = { success: true, results: [card], totals: { touchpoints: 1, tokens: 1 }, nextCursor: null };
    expect(RecentAnalysesResponseSchema.parse(page)).toEqual(page);
    expect(
      RecentAnalysisSchema.safeParse({ ...card, categoryScores: { nope: card.categoryScores.awe } }).success,
    ).toBe(false);
  });

  it("keeps the page's title and its verdict, drivers and confidence on the card; adds none it lacks", () => {
    const judged = buildAnalysis({
      title: 'A long read',
      verdict: 'draining',
      drivers: ['anger', 'fear'],
      confidence: 0.72,
    });
    expect(toRecentAnalysis(judged)).toMatchObject({
      title: 'A long read',
      verdict: 'draining',
      drivers: ['anger', 'fear'],
      confidence: 0.72,
    });
    const { title: _title, ...untitled } = buildAnalysis();
    const card = toRecentAnalysis(untitled);
    for (const key of ['title', 'verdict', 'drivers', 'confidence']) expect(card).not.toHaveProperty(key);
  });

  it.each([
    ['draining', ['anger', 'fear'], 'Mostly draining — anger and fear'],
    ['uplifting', ['hope'], 'Uplifting — hope'],
    ['mixed', ['joy', 'sadness'], 'Mixed — joy and sadness'],
    ['neutral', [], 'Neutral — nothing strongly felt'],
    ['draining', [], 'Mostly draining'],
  ] as const)('says a %s verdict driven by %j in words', (verdict, drivers, text) => {
    expect(verdictText(verdict, drivers)).toBe(text);
  });

  it('computes the recent window start', () => {
    expect(recentWindowStart(new Date('2025-01-15T00:00:00Z')).toISOString()).toBe(
      '2025-01-08T00:00:00.000Z',
    );
  });
});

describe('extension messages (spec §7)', () => {
  it('parses the three requests', () => {
    expect(ExtensionRequestSchema.parse({ type: 'PING' })).toEqual({ type: 'PING' });
    const connect = {
      type: 'CONNECT_EXTENSION',
      apiKey: 'k'.repeat(32),
      userId: 'user-1',
      timestamp: 1_736_935_200_000,
    };
    expect(ExtensionRequestSchema.parse(connect)).toEqual(connect);
    expect(ExtensionRequestSchema.parse({ type: 'VALIDATE_TOKEN' })).toEqual({ type: 'VALIDATE_TOKEN' });
  });

  it('rejects unknown or incomplete requests', () => {
    expect(issues(ExtensionRequestSchema, { type: 'HACK' })).not.toEqual([]);
    expect(issues(ExtensionRequestSchema, { type: 'CONNECT_EXTENSION', apiKey: 'k' })).not.toEqual([]);
  });

  it('has a response schema per request type', () => {
    expect(PingResponseSchema.parse({ ok: true, version: '0.1.0' })).toEqual({ ok: true, version: '0.1.0' });
    expect(ExtensionResponseSchemas.CONNECT_EXTENSION.parse({ success: false, error: 'nope' })).toEqual({
      success: false,
      error: 'nope',
    });
    expect(ExtensionResponseSchemas.VALIDATE_TOKEN.parse({ success: true })).toEqual({ success: true });
  });

  it('types tab and popup messages', () => {
    expect(UserUpdateMessageSchema.parse({ type: 'USER_UPDATE', user: null }).user).toBeNull();
    const oauth = { type: 'oauth_success', success: true, token: 't', user: buildUser() };
    expect(OAuthSuccessMessageSchema.parse(oauth)).toEqual(oauth);
  });

  it('needs text or scores in a touch point', () => {
    const base = { url: 'https://example.com/a', title: 'A', capturedAt: '2025-01-15T10:00:00.000Z' };
    expect(TouchpointRequestSchema.parse({ ...base, text: 'hello' }).text).toBe('hello');
    const a = buildAnalysis();
    const scores = {
      tokens: a.tokens,
      categoryScores: a.categoryScores,
      classificationAnalysis: a.classificationAnalysis,
    };
    expect(TouchpointRequestSchema.parse({ ...base, scores }).scores?.tokens).toBe(a.tokens);
    expect(issues(TouchpointRequestSchema, base)).toEqual(['Either text or scores is required']);
    expect(issues(TouchpointRequestSchema, { ...base, url: 'not a url', text: 'x' })).not.toEqual([]);
  });
});

describe('realtime (spec §7)', () => {
  it('names the per-user events', () => {
    expect(userUpdateEvent('u1')).toBe('update_user_u1');
    expect(configStateUpdateEvent('u1')).toBe('config_state_update_u1');
    expect(analysisCreatedEvent('u1')).toBe('analysis_created_u1');
    expect(realtimeEvents.userUpdate.name('u2')).toBe('update_user_u2');
  });

  it('validates payloads', () => {
    expect(realtimeEvents.userUpdate.payload.parse({ userId: 'u1', state: 'COMPLETED' })).toEqual({
      userId: 'u1',
      state: 'COMPLETED',
    });
    expect(issues(realtimeEvents.configStateUpdate.payload, { userId: 'u1', state: 'NOPE' })).not.toEqual([]);
    expect(AnalysisCreatedPayloadSchema.parse({ userId: 'u1', analysis: buildAnalysis() }).analysis.id).toBe(
      'analysis-1',
    );
  });
});

describe('luhnValid (payment.ts)', () => {
  it('accepts the provider test numbers and rejects a wrong check digit or length', async () => {
    const { luhnValid } = await import('./payment');
    for (const n of ['4242424242424242', '5555555555554444', '4000000000000002', '4000000000009995']) {
      expect(luhnValid(n)).toBe(true);
    }
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242424')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
  });
});
