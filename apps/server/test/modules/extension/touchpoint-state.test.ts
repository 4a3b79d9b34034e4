import { VERDICTS } from '@mediadiet/contract/analysis';
import { TouchpointStateResponseSchema } from '@mediadiet/contract/extension';
import { messages } from '@mediadiet/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scorer } from '../../../src/modules/analysis/scorer.ts';
import { TOUCHPOINT_STATE_RULE } from '../../../src/modules/touchpoints/state.ts';
import { call } from '../../helpers/billing.ts';
import { bearer } from '../../helpers/builders.ts';
import { deviceScores, pairedSubscriber, postTouchpoint, touchpoint } from '../../helpers/extension.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

/** GET /api/extension/touchpoints/:id — the popup's last analysis in server mode (decision 126). */

let t: TestApp;
/** Texts containing this word make the scorer throw with an internal message. */
const FAIL = 'FAILME';

beforeAll(async () => {
  const { createScorer } = await import('../../../src/modules/analysis/scorer.ts');
  const real: Scorer = await createScorer({ kind: 'offline' });
  t = await createTestApp({
    scorer: async (input) => {
      if (input.text.includes(FAIL)) throw new Error('analyzer thread crashed at 0x7f');
      return real(input);
    },
    touchpointWorker: { maxAttempts: 1 },
  });
});
afterAll(async () => {
  await t.close();
});

const pairedCustomer = () => pairedSubscriber(t);

async function upload(apiKey: string, body: unknown = touchpoint()): Promise<string> {
  const response = await postTouchpoint(t, apiKey, body);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<{ id: string }>().id;
}

const state = (apiKey: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/extension/touchpoints/${id}`, headers: bearer(apiKey) });

describe('GET /api/extension/touchpoints/:id', () => {
  it('answers pending until the worker has scored the page, then the analysis with its verdict and scores', async () => {
    const who = await pairedCustomer();
    const id = await upload(who.apiKey);

    const before = await state(who.apiKey, id);
    expect(before.statusCode).toBe(200);
    expect(TouchpointStateResponseSchema.parse(before.json()).touchpoint).toEqual({ id, status: 'pending' });

    await t.app.touchpoints.worker.drain();
    const after = TouchpointStateResponseSchema.parse((await state(who.apiKey, id)).json()).touchpoint;
    expect(after.status).toBe('done');
    if (after.status !== 'done') return;
    expect(after.analysis).toMatchObject({ id, mode: 'server' });
    expect(VERDICTS).toContain(after.analysis.verdict);
    expect(after.analysis.confidence).toBeGreaterThanOrEqual(0);
    expect(after.analysis.confidence).toBeLessThanOrEqual(1);
    expect(Array.isArray(after.analysis.drivers)).toBe(true);
    expect(Object.keys(after.analysis.categoryScores)).toHaveLength(14);
    // The same analysis the dashboard reads.
    const detail = await call(t, who.token, 'GET', `/api/analysis/get/${id}`);
    expect(detail.json<{ analysis: unknown }>().analysis).toEqual(after.analysis);
  });

  it('keeps a device-mode verdict as the extension measured it', async () => {
    const who = await pairedCustomer();
    const scores = deviceScores({ verdict: 'draining', drivers: ['outrage', 'anger'], confidence: 0.82 });
    const id = await upload(who.apiKey, touchpoint({ text: undefined, scores }));
    await t.app.touchpoints.worker.drain();
    const body = TouchpointStateResponseSchema.parse((await state(who.apiKey, id)).json());
    expect(body.touchpoint).toMatchObject({
      status: 'done',
      analysis: { id, mode: 'device', verdict: 'draining', drivers: ['outrage', 'anger'], confidence: 0.82 },
    });
  });

  it('refuses a device verdict that is not one of the four, or names an unknown category', async () => {
    const who = await pairedCustomer();
    for (const bad of [{ verdict: 'ecstatic' }, { verdict: 'draining', drivers: ['rage'] }, { verdict: 'mixed', confidence: 2 }]) {
      const response = await postTouchpoint(t, who.apiKey, touchpoint({ text: undefined, scores: { ...deviceScores(), ...bad } }));
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('says a page failed with the catalogue reason, never the worker’s internal error', async () => {
    const who = await pairedCustomer();
    const id = await upload(who.apiKey, touchpoint({ text: `${FAIL} ${touchpoint().text}` }));
    await t.app.touchpoints.worker.drain();
    const response = await state(who.apiKey, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, touchpoint: { id, status: 'failed', error: messages.server.touchpointFailed } });
    expect(response.body).not.toContain('0x7f');
  });

  it('answers 404 for another account’s page, an unknown id, a malformed id and a forgotten page', async () => {
    const owner = await pairedCustomer();
    const other = await pairedCustomer();
    const id = await upload(owner.apiKey);
    await t.app.touchpoints.worker.drain();

    const theirs = await state(other.apiKey, id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, error: messages.server.analysisNotFound });
    expect(theirs.body).not.toContain(owner.userId);
    expect((await state(other.apiKey, id.toUpperCase())).statusCode).toBe(404);
    expect((await state(owner.apiKey, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await state(owner.apiKey, 'not-a-uuid')).statusCode).toBe(404);

    expect((await state(owner.apiKey, id)).statusCode).toBe(200);
    const forgotten = await call(t, owner.token, 'DELETE', `/api/analysis/${id}`);
    expect(forgotten.statusCode).toBe(200);
    expect((await state(owner.apiKey, id)).statusCode).toBe(404);
  });

  it('takes the extension key only', async () => {
    const who = await pairedCustomer();
    const id = await upload(who.apiKey);
    expect((await t.app.inject({ method: 'GET', url: `/api/extension/touchpoints/${id}` })).statusCode).toBe(401);
    expect((await state('not-a-key-at-all-000000000000', id)).statusCode).toBe(401);
    // The session of the same account is not a key: the route is the extension's.
    expect((await call(t, who.token, 'GET', `/api/extension/touchpoints/${id}`)).statusCode).toBe(401);
  });

  it('is rate-limited per account', async () => {
    const who = await pairedCustomer();
    const id = await upload(who.apiKey);
    for (let i = 0; i < TOUCHPOINT_STATE_RULE.limit; i++) {
      expect((await state(who.apiKey, id)).statusCode).toBe(200);
    }
    const refused = await state(who.apiKey, id);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toEqual({ success: false, error: messages.server.rateLimited });
  });
});
