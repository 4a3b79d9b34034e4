import { createHash } from 'node:crypto';
import { analyze, type AnalysisResult } from '@mediadiet/analyzer';
import { PutGoalsRequestSchema, type Goal, type GoalWithProgress } from '@mediadiet/contract/goals';
import type { LabelInsightsResponse } from '@mediadiet/contract/labels';
import type { MoodInsightResponse } from '@mediadiet/contract/mood';
import type { SubscriptionInfoResponse } from '@mediadiet/contract/subscription';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/database.ts';
import { addDays, dayOf, readingPeriods } from '../../src/lib/days.ts';
import { storeAnalysesIn, type NewAnalysis } from '../../src/modules/analysis/store.ts';
import * as touchpoints from '../../src/modules/touchpoints/repository.ts';
import { LIFE_ARTICLES } from './texts-life.ts';
import { NEWS_ARTICLES } from './texts-news.ts';
import type { DemoArticle } from './types.ts';

/**
 * The demo account (decision 071): `npm run seed:demo` creates — or resets — demo@mediadiet.app, "Demo Reader",
 * on an active Premium subscription of the test-mode provider, questionnaire COMPLETED, with a year of
 * reading: 6–10 pages a day from 36 bundled articles on 12 invented sites, each scored by the offline
 * analyzer; three reading goals, one of them at risk this week (so the dashboard nudges); and a mood
 * check-in on each of the last 30 days that follows the previous day's share of draining pages, so the
 * "Mood and reading" insight has a real relation to find; and five weeks of link labels from one (since
 * disconnected) browser, for the "Labels on links" card. Everything goes through the product's own paths,
 * with the app's clock moved through the past: card setup and subscription over the API, trial end and
 * renewals by the billing sweep, analyses + usage + rollups through `storeAnalysesIn` (the worker's storing
 * function), goals, check-ins and label counts over the API.
 */

export const DEMO_EMAIL = 'demo@mediadiet.app';
export const DEMO_NAME = 'Demo Reader';

const DAY = 86_400_000;

/** The demo reader's questionnaire: a news-heavy reader who is shaken by alarming stories but curious. */
const DEMO_ANSWERS = {
  sources: ['News sites and apps', 'Social media feeds', 'Newsletters and blogs'],
  topics: ['Politics and current affairs', 'Science and technology', 'Health and wellbeing'],
  'daily-time': '1 to 3 hours',
  checking: 'Several times a day',
  'alarming-linger': 'Most of the day',
  'anger-response': 'Close it and move on',
  'depth-preference': 'One long, detailed article on a story',
  'after-session': 'Drained or on edge',
  'others-success': 'Indifferent',
  'uplifting-content': ['Wonders of nature and science', 'Acts of kindness'],
  'surprising-headline': 'Look for the source or other reports first',
  stopping: 'Often hard',
  'want-more': 'Science, hopeful stories about people fixing things',
  'want-less': 'Frightening headlines and angry arguments',
  'recent-story':
    'A report on the heat wave left me worried for days about my parents. The part about neighbours checking on each other helped.',
};
const ARTICLES: DemoArticle[] = [...NEWS_ARTICLES, ...LIFE_ARTICLES];

/** A clock the seed moves through the past; the app is built with it. */
export interface MovableClock {
  (): Date;
  set(date: Date): void;
}

export function movableClock(start: Date): MovableClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as MovableClock;
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}

export interface DemoSeedOptions {
  /** Built with `clock`, the touch-point worker off and no sweep timer (the seed runs the sweep itself). */
  app: FastifyInstance;
  clock: MovableClock;
  /** Where the history ends (the real now). */
  now: Date;
  /** Days of history. Default 365 (a year), or enough days for `analyses` (about 8 a day). */
  days?: number;
  /** How many analyses to store at most (performance measurements: 10,000). Default: whatever `days` gives. */
  analyses?: number;
  log?: (line: string) => void;
}

export interface DemoSeedResult {
  userId: string;
  email: string;
  analyses: number;
  from: Date;
  to: Date;
  sites: number;
  subscription: SubscriptionInfoResponse;
  /** The reading goals as the dashboard shows them now. */
  goals: GoalWithProgress[];
  /** Mood check-ins stored (one a day, before today). */
  checkIns: number;
  /** The "Mood and reading" insight over them. */
  moodInsight: MoodInsightResponse;
  /** The "Labels on links" figures over LABEL_DAYS days of labels. */
  labels: LabelInsightsResponse;
}

/** Days of mood check-ins: the last 30 before today (today's is left for the person to make). */
const CHECKIN_DAYS = 30;
/** Days of link labels, today included: five weeks, within the 62 days the counts accept. */
const LABEL_DAYS = 35;

/** A small deterministic generator: the same reading every run (dates move with `now`). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A plausible address for a visit of `article` on `at`. */
function urlOf(article: DemoArticle, at: Date): string {
  const base = `https://${article.host}/${article.section}`;
  if (article.kind === 'news' || article.kind === 'opinion') {
    return `${base}/${at.getUTCFullYear()}/${pad(at.getUTCMonth() + 1)}/${pad(at.getUTCDate())}/${article.slug}`;
  }
  if (article.kind === 'forum') {
    const thread =
      parseInt(createHash('sha256').update(article.slug).digest('hex').slice(0, 6), 16) % 900_000;
    return `${base}/${article.slug}/${100_000 + thread}`;
  }
  return `${base}/${article.slug}`;
}

/**
 * How likely the reader opens `article` at `hour` (UTC), `progress` (0 → 1) through the history: news in
 * the morning, recipes in the evening, and a diet that slowly turns from outrage towards calmer reading.
 */
function weight(article: DemoArticle, hour: number, progress: number): number {
  const base = { news: 3, opinion: 2, blog: 2, recipe: 1.5, forum: 2, science: 1.5 }[article.kind];
  let w = base;
  if (article.kind === 'news' && hour < 11) w *= 2;
  if (article.kind === 'recipe' && hour >= 16) w *= 2.5;
  if (article.kind === 'opinion' || article.host === 'www.metroledger.com') w *= 1.8 - 1.4 * progress;
  if (article.kind === 'blog' || article.kind === 'science') w *= 0.5 + 1.2 * progress;
  return w;
}

function pick(rand: () => number, hour: number, progress: number): DemoArticle {
  const weights = ARTICLES.map((a) => weight(a, hour, progress));
  let r = rand() * weights.reduce((a, b) => a + b, 0);
  for (const [i, w] of weights.entries()) {
    r -= w;
    if (r <= 0) return ARTICLES[i]!;
  }
  return ARTICLES[ARTICLES.length - 1]!;
}

/** An article as read: sometimes a paragraph shorter (a teaser, a paywall), so its scores vary a little. */
function scorer() {
  const cache = new Map<string, AnalysisResult>();
  return (article: DemoArticle, drop: number, url: string): AnalysisResult => {
    const key = `${article.slug}#${drop}`;
    let result = cache.get(key);
    if (!result) {
      const paragraphs = article.paragraphs.filter((_, i) => i !== drop);
      result = analyze({ title: article.title, text: paragraphs.join('\n\n'), url });
      cache.set(key, result);
    }
    return result;
  };
}

/** Seeds (or resets) the demo account; see the module comment. */
export async function seedDemo(options: DemoSeedOptions): Promise<DemoSeedResult> {
  const { app, clock, now } = options;
  const limit = options.analyses ?? Infinity;
  // About 8 pages a day: a larger history is a longer one, so no billing period holds more than the demo's.
  const days = options.days ?? (options.analyses ? Math.max(365, Math.ceil(options.analyses / 8) + 1) : 365);
  const log = options.log ?? (() => {});
  const sweep = app.billing.sweep;
  if (!sweep || app.billing.provider.id !== 'local') {
    throw new Error(
      'The demo seed uses the test-mode payment provider: unset STRIPE_SECRET_KEY and run it again.',
    );
  }

  // History from 08:00 UTC, `days` days ago.
  const firstDay = Math.floor((now.getTime() - days * DAY) / DAY) * DAY;
  const start = new Date(firstDay + 8 * 3_600_000);
  clock.set(start);

  const existing = await app.users.findRecordByEmail(DEMO_EMAIL);
  if (existing) {
    // Everything of the account goes with it (every table references users with ON DELETE CASCADE).
    await app.users.remove(existing.id);
    log(`removed the previous ${DEMO_EMAIL} and all its data`);
  }
  const user = await app.users.create({ email: DEMO_EMAIL, name: DEMO_NAME });
  if (!user) throw new Error(`${DEMO_EMAIL} could not be created`);

  // Subscribe as a customer would, over the API: a test card, Premium (10-day trial, then charged).
  let { token } = await app.sessions.create(user.id, 'pin');
  const call = async <T>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
  ): Promise<T> => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };
  const { clientSecret } = await call<{ clientSecret: string }>('POST', '/api/payment/intent');
  const { paymentMethodId } = await call<{ paymentMethodId: string }>(
    'POST',
    '/api/payment/local/confirm-setup',
    {
      clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: now.getUTCFullYear() + 4, cvc: '123' },
    },
  );
  await call('POST', '/api/subscription/create', { plan: 'premium', paymentMethodId });
  // The extension wizard was offered back then; the questionnaire was answered in the first week.
  await call('PATCH', '/api/subscription/chrome');
  // Answered over the API and processed by the questionnaire worker (the app runs it with no delay).
  await call('POST', '/api/questionnaire', { answers: DEMO_ANSWERS });
  await app.questionnaire.worker.drain();
  await app.users.update(user.id, {
    configsState: 'COMPLETED',
    configsLastSubmitted: new Date(start.getTime() + 5 * DAY),
  });
  log(`created ${DEMO_EMAIL} on Premium from ${start.toISOString().slice(0, 10)}`);

  const rand = random(20_251_121);
  const score = scorer();
  const hosts = new Set<string>();
  let stored = 0;

  // The billing sweep settles whatever falls due (trial end, renewals) before a page after it is billed; between
  // those moments the pages are stored a day at a time, one transaction each, as the worker stores a batch.
  const dueAfter = async () => {
    const info = await app.billing.subscriptions.info(user.id);
    return info.subscription ? info.subscription.currentPeriodEnd * 1000 : Infinity;
  };
  let due = await dueAfter();
  let batch: { item: NewAnalysis; at: Date; contentHash: string; host: string; title: string }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const pages = batch;
    batch = [];
    clock.set(pages[pages.length - 1]!.at);
    const outcomes = await app.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const ids = await touchpoints.insertDone(
        tx,
        pages.map((page) => ({
          userId: user.id,
          url: page.item.url,
          host: page.host,
          title: page.title,
          contentHash: page.contentHash,
          capturedAt: page.at,
          createdAt: page.at,
        })),
      );
      const items = pages.map((page, i): NewAnalysis => ({
        ...page.item,
        id: ids[i]!,
        touchpointId: ids[i]!,
      }));
      return storeAnalysesIn(tx, app.usage, items);
    });
    outcomes.forEach((outcome, i) => {
      if (outcome.kind !== 'stored')
        throw new Error(`analysis of ${pages[i]!.item.url} was not stored: ${JSON.stringify(outcome)}`);
    });
    stored += pages.length;
  };

  for (let d = 0; d <= days; d++) {
    const dayStart = firstDay + d * DAY;
    const count = 6 + Math.floor(rand() * 5);
    // Reading between 06:30 and 23:30 UTC; today, over the part of the day gone by (from 06:30 once it is
    // past 08:30), so this week and today always have pages for the goals to count.
    const today = now.getTime() - dayStart < DAY;
    const elapsed = now.getTime() - dayStart;
    const [from, span]: [number, number] = !today
      ? [23_400_000, 61_200_000]
      : elapsed > 30_600_000
        ? [23_400_000, elapsed - 23_400_000]
        : [0, elapsed];
    const times = Array.from({ length: count }, () => dayStart + from + Math.floor(rand() * span)).sort(
      (a, b) => a - b,
    );
    for (const time of times) {
      if (stored + batch.length >= limit) break;
      const at = new Date(time);
      const article = pick(rand, at.getUTCHours(), d / days);
      const drop = rand() < 0.35 ? Math.floor(rand() * article.paragraphs.length) : -1;
      if (at <= start || at > now) continue;
      const url = urlOf(article, at);
      const scores = score(article, drop, url);

      if (time >= due) {
        await flush();
        clock.set(at);
        await sweep.runOnce();
        due = await dueAfter();
      }
      batch.push({
        at,
        host: article.host,
        title: article.title,
        contentHash: createHash('sha256').update(`${url}\n${drop}\n${time}`).digest('hex'),
        item: {
          // Set to the touch point's id once it is inserted.
          id: '',
          touchpointId: '',
          userId: user.id,
          url,
          host: article.host,
          title: article.title,
          tokens: scores.tokens,
          categoryScores: scores.categoryScores,
          classificationAnalysis: scores.classificationAnalysis,
          valence: scores.valence,
          overallScore: scores.overallScore,
          modelVersion: scores.modelVersion,
          mode: 'server',
          // What the worker keeps of a scored page (decision 126): the demo's cards and details show its verdict.
          verdict: scores.verdict ?? null,
          drivers: scores.drivers ?? null,
          confidence: scores.confidence ?? null,
          createdAt: at,
        },
      });
      hosts.add(article.host);
    }
    await flush();
  }

  log(`stored ${stored} analyses`);

  // A mood check-in each morning of the last 30 days before today, over the API. How the reader feels follows
  // the previous day's share of draining pages (the pairing the insight makes): about 4.6 after a day without
  // any, a point lower for every 15 points of draining share, give or take up to 0.8, on the 1–5 scale.
  const todayKey = dayOf(now);
  const checkInDays = Math.min(CHECKIN_DAYS, days - 1);
  const firstCheckIn = addDays(todayKey, -checkInDays);
  const reading = await app.analysis.dailyVerdicts(user.id, addDays(firstCheckIn, -1), 'UTC');
  const drainingShare = new Map(reading.filter((r) => r.pages > 0).map((r) => [r.day, r.draining / r.pages]));
  const moodRand = random(20_260_301);
  let checkIns = 0;
  for (let k = checkInDays; k >= 1; k--) {
    const day = addDays(todayKey, -k);
    const at = new Date(Date.parse(`${day}T07:15:00.000Z`) + Math.floor(moodRand() * 5_400_000));
    clock.set(at);
    // Sessions last at most 30 days: one for the check-ins, made at the first.
    if (checkIns === 0) ({ token } = await app.sessions.create(user.id, 'pin'));
    const share = drainingShare.get(addDays(day, -1)) ?? 0;
    const mood = Math.round(4.6 - share / 0.15 + (moodRand() - 0.5) * 1.6);
    await call('POST', '/api/mood', { score: Math.min(5, Math.max(1, mood)) });
    checkIns++;
  }
  log(`stored ${checkIns} mood check-ins`);

  clock.set(now);
  await sweep.runOnce();
  ({ token } = await app.sessions.create(user.id, 'pin'));
  // Three goals the reader set. The cap on draining pages sits just above this week's share, so it is at risk
  // and the dashboard nudges; the other two are whatever today and this week make them.
  const week = await app.analysis.tally(user.id, readingPeriods(now).week);
  const scored = Object.values(week.verdicts).reduce((sum, n) => sum + n, 0);
  const share = scored === 0 ? 0 : Math.floor((100 * week.verdicts.draining) / scored);
  const goals: Goal[] = PutGoalsRequestSchema.parse({
    goals: [
      { kind: 'draining_share', target: Math.min(100, share + 3) },
      { kind: 'uplifting_weekly', target: 12 },
      { kind: 'site_daily', site: 'metroledger.com', target: 4 },
    ],
  }).goals;
  const { goals: progress } = await call<{ goals: GoalWithProgress[] }>('PUT', '/api/goals', { goals });
  log(
    `set ${progress.length} goals: ${progress.map((g) => `${g.progress.sentence} (${g.progress.status})`).join('; ')}`,
  );
  const moodInsight = await call<MoodInsightResponse>('GET', '/api/mood/insight');
  log(moodInsight.sentence);

  // Link labels in one browser since LABEL_DAYS days ago, today included, sent as the extension sends them (its
  // key, one PUT of per-day totals). The reader opens draining results about half as often as the others. The
  // browser is disconnected afterwards: its counts stay with the account (decision 160).
  const browser = await app.extensionKeys.issue(user.id, 'Demo browser');
  const labelRand = random(20_261_128);
  const labelDays = Array.from({ length: LABEL_DAYS }, (_, i) => {
    const shown = 20 + Math.floor(labelRand() * 25);
    const split = {
      uplifting: Math.round(shown * 0.3),
      neutral: Math.round(shown * 0.3),
      mixed: Math.round(shown * 0.15),
      draining: Math.round(shown * 0.25),
    };
    const opened = (n: number, rate: number) =>
      Math.min(n, Math.max(0, Math.round(n * rate + (labelRand() - 0.5) * 2)));
    return {
      day: addDays(todayKey, i - (LABEL_DAYS - 1)),
      shown: split,
      opened: {
        uplifting: opened(split.uplifting, 0.18),
        neutral: opened(split.neutral, 0.15),
        mixed: opened(split.mixed, 0.14),
        draining: opened(split.draining, 0.08),
      },
    };
  });
  const sent = await app.inject({
    method: 'PUT',
    url: '/api/labels/counts',
    headers: { authorization: `Bearer ${browser.apiKey}` },
    payload: { days: labelDays },
  });
  if (sent.statusCode !== 200) throw new Error(`PUT /api/labels/counts: ${sent.statusCode} ${sent.body}`);
  await app.extensionKeys.revoke(user.id, browser.keyId);
  const labels = await call<LabelInsightsResponse>('GET', '/api/labels/insights');
  log(`stored ${labelDays.length} days of link labels: ${labels.opened?.sentence ?? 'no figures'}`);

  const subscription = await app.billing.subscriptions.info(user.id);
  // No session of the seed stays usable: sign-in makes a new one.
  await app.sessions.revokeAll(user.id);
  return {
    userId: user.id,
    email: DEMO_EMAIL,
    analyses: stored,
    from: start,
    to: now,
    sites: hosts.size,
    subscription,
    goals: progress,
    checkIns,
    moodInsight,
    labels,
  };
}
