import type { AnalysisScores } from '@mediadiet/contract/analysis';
import { CATEGORIES, CATEGORY_IDS } from '@mediadiet/contract/categories';
import type { FastifyInstance } from 'fastify';
import { subscribed } from './billing.ts';
import { bearer } from './builders.ts';
import { sharedTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** GET /api/extension/auth with the session → a fresh apiKey. */
export async function issueKey(t: Pick<TestApp, 'app'>, sessionToken: string, userAgent?: string): Promise<string> {
  const headers = { ...bearer(sessionToken), ...(userAgent ? { 'user-agent': userAgent } : {}) };
  const response = await t.app.inject({ method: 'GET', url: '/api/extension/auth', headers });
  if (response.statusCode !== 200) throw new Error(`extension auth: ${response.body}`);
  return response.json<{ apiKey: string }>().apiKey;
}

/** Issue a key and verify it (status on): the extension is paired. */
export async function pair(t: Pick<TestApp, 'app'>, sessionToken: string): Promise<string> {
  const apiKey = await issueKey(t, sessionToken);
  const response = await t.app.inject({ method: 'POST', url: '/api/extension/verify', headers: bearer(apiKey) });
  if (response.statusCode !== 200) throw new Error(`extension verify: ${response.body}`);
  return apiKey;
}

let counter = 0;
/**
 * A touch-point body with text (server mode), captured now (the analysis is dated by its capture); every call
 * has a different URL unless given.
 */
export function touchpoint(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    url: `https://news.example.org/article-${counter}`,
    title: `Article ${counter}`,
    text: 'The community celebrated a wonderful victory, but many residents still feel anxious and angry about the cost.',
    capturedAt: new Date().toISOString(),
    ...overrides,
  };
}

/** Valid device-mode scores (the extension's own analyzer run). */
export function deviceScores(overrides: Partial<AnalysisScores> = {}): AnalysisScores {
  const categoryScores = Object.fromEntries(
    CATEGORY_IDS.map((id, i) => [
      id,
      { BaseScore: (i * 7) % 100, Classification: CATEGORIES[id].classification, BayesFactor: 1.5, PosteriorProbability: 0.6, EffectiveN: 3 },
    ]),
  ) as AnalysisScores['categoryScores'];
  return {
    tokens: 321,
    categoryScores,
    classificationAnalysis: { correlationCoefficient: 0.4, bayesFactor: 2, posteriorProbability: 0.7 },
    valence: 0.2,
    overallScore: 55,
    modelVersion: 'device-test-1',
    ...overrides,
  };
}

export function postTouchpoint(t: Pick<TestApp, 'app'>, apiKey: string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/extension/touchpoints',
    headers: bearer(apiKey),
    payload: body as Record<string, unknown>,
  });
}

export interface Emitted {
  userId: string;
  event: string;
  payload: unknown;
}

/** Records every `app.emitToUser` (and still emits). Use as `setup` of createTestApp. */
export function recordEmits(events: Emitted[]) {
  return (app: FastifyInstance) => {
    const original = app.emitToUser.bind(app);
    app.emitToUser = (userId, event, payload) => {
      events.push({ userId, event, payload });
      original(userId, event, payload);
    };
  };
}

/** The app of a test file (sharedTestApp) with every socket event it emits recorded in `events`. */
export function testAppWithEvents(options: Omit<TestAppOptions, 'setup'> = {}) {
  const events: Emitted[] = [];
  const t = sharedTestApp({ ...options, setup: recordEmits(events) });
  return { t, events };
}

/** A subscriber to `plan` with a paired extension: the session (billing `subscribed`) and the extension's key. */
export async function pairedSubscriber(t: TestApp, plan: 'free' | 'basic' | 'premium' = 'basic') {
  const who = await subscribed(t, plan);
  return { ...who, apiKey: await pair(t, who.token) };
}

/** Uploads a touch point that must be accepted (202); answers its id. */
export async function ingestAccepted(t: TestApp, apiKey: string, body: unknown = touchpoint()): Promise<string> {
  const response = await postTouchpoint(t, apiKey, body);
  if (response.statusCode !== 202) throw new Error(response.body);
  return response.json<{ id: string }>().id;
}
