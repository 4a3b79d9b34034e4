import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { touchpoints } from '../../../src/db/schema.ts';
import { call, customer, subscribed } from '../../helpers/billing.ts';
import { deviceScores, pair, postTouchpoint, touchpoint } from '../../helpers/extension.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';

let t: TestApp;
let apiKey: string;
let userId: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://app.mediadiet.test' } });
  const who = await subscribed(t, 'basic');
  userId = who.userId;
  token = who.token;
  apiKey = await pair(t, who.token);
});
afterAll(async () => {
  await t.close();
});

const rowsOf = (id: string) => t.db.select().from(touchpoints).where(eq(touchpoints.id, id));

describe('POST /api/extension/touchpoints: acceptance', () => {
  it('stores the page as a queued row and answers 202 with its id', async () => {
    const body = touchpoint({ url: 'https://news.example.org/a?x=1#section' });
    const response = await postTouchpoint(t, apiKey, body);
    expect(response.statusCode).toBe(202);
    const { id } = response.json<{ success: true; id: string }>();
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({
      userId,
      url: 'https://news.example.org/a?x=1',
      host: 'news.example.org',
      title: body.title,
      text: body.text,
      scores: null,
      status: 'queued',
      attempts: 0,
    });
  });

  it('takes device scores without text and never stores text with them', async () => {
    const response = await postTouchpoint(t, apiKey, touchpoint({ text: undefined, scores: deviceScores() }));
    expect(response.statusCode).toBe(202);
    const [row] = await rowsOf(response.json<{ id: string }>().id);
    expect(row?.text).toBeNull();
    expect(row?.scores).toMatchObject({ tokens: 321, modelVersion: 'device-test-1' });
  });

  it('answers the same id for the same user, URL and content within 30 minutes', async () => {
    const body = touchpoint();
    const first = (await postTouchpoint(t, apiKey, body)).json<{ id: string }>().id;
    const again = await postTouchpoint(t, apiKey, body);
    expect(again.statusCode).toBe(202);
    expect(again.json<{ id: string }>().id).toBe(first);
    const parallel = await Promise.all([1, 2, 3].map(() => postTouchpoint(t, apiKey, { ...body, title: 'Same, in parallel' })));
    expect(new Set(parallel.map((r) => r.json<{ id: string }>().id)).size).toBe(1);

    const changed = await postTouchpoint(t, apiKey, { ...body, text: `${body.text} Updated.` });
    expect(changed.json<{ id: string }>().id).not.toBe(first);

    await t.db.execute(sql`update touchpoints set created_at = now() - interval '31 minutes' where id = ${first}`);
    const later = await postTouchpoint(t, apiKey, body);
    expect(later.json<{ id: string }>().id).not.toBe(first);
  });

  it('refuses a session token (extension-only route)', async () => {
    const response = await call(t, token, 'POST', '/api/extension/touchpoints', touchpoint());
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/extension/touchpoints: validation (400 with clear messages)', () => {
  const expectError = async (body: unknown, status: number, text: string) => {
    const response = await postTouchpoint(t, apiKey, body);
    expect(response.statusCode, response.body).toBe(status);
    const failure = response.json<{ success: boolean; error: string }>();
    expect(failure.success).toBe(false);
    expect(failure.error).toContain(text);
  };

  it('accepts only http(s) URLs', async () => {
    await expectError(touchpoint({ url: 'ftp://files.example.org/a' }), 400, 'Only http and https pages can be captured');
    await expectError(touchpoint({ url: 'chrome://settings' }), 400, 'Only http and https pages can be captured');
    await expectError(touchpoint({ url: 'not a url' }), 400, 'url');
  });

  it('caps the text at 200 KB (characters and bytes) and the body size', async () => {
    await expectError(touchpoint({ text: 'a'.repeat(200_001) }), 400, 'text');
    await expectError(touchpoint({ text: 'é'.repeat(110_000) }), 400, 'The page text is larger than 200 KB');
    const huge = await postTouchpoint(t, apiKey, touchpoint({ text: 'é'.repeat(195_000) }));
    expect(huge.statusCode).toBe(413);
    expect((await postTouchpoint(t, apiKey, touchpoint({ text: 'a'.repeat(200_000) }))).statusCode).toBe(202);
  });

  it('needs text or scores', async () => {
    await expectError(touchpoint({ text: undefined }), 400, 'Either text or scores is required');
  });

  it('checks device scores strictly against the contract (untrusted input)', async () => {
    const bad = deviceScores();
    (bad.categoryScores.joy as { BaseScore: number }).BaseScore = 150;
    await expectError(touchpoint({ text: undefined, scores: bad }), 400, 'scores.categoryScores.joy.BaseScore');
    const missing = deviceScores();
    delete (missing.categoryScores as Partial<typeof missing.categoryScores>).joy;
    await expectError(touchpoint({ text: undefined, scores: missing }), 400, 'scores.categoryScores');
    await expectError(touchpoint({ text: undefined, scores: deviceScores({ tokens: -1 }) }), 400, 'scores.tokens');
    await expectError(
      touchpoint({ text: undefined, scores: { ...deviceScores(), classificationAnalysis: { correlationCoefficient: 2, bayesFactor: 1, posteriorProbability: 0.5 } } }),
      400,
      'correlationCoefficient',
    );
    await expectError(touchpoint({ text: undefined, scores: deviceScores({ modelVersion: 'x'.repeat(500) }) }), 400, 'device scores are invalid');
  });
});

describe('POST /api/extension/touchpoints: refusals', () => {
  it('refuses the user’s ignored sites, the default protected sites and our own pages (422)', async () => {
    await call(t, token, 'POST', '/api/account/urls', { url: 'reddit.com' });
    const ignored = 'This site is on the ignored or protected list and is never captured';
    for (const url of ['https://www.reddit.com/r/news', 'https://mail.google.com/mail/u/0', 'https://online.chase.com/x', 'https://tinder.com/app']) {
      const response = await postTouchpoint(t, apiKey, touchpoint({ url }));
      expect(response.statusCode, url).toBe(422);
      expect(response.json<{ error: string }>().error).toBe(ignored);
    }
    const own = await postTouchpoint(t, apiKey, touchpoint({ url: 'https://app.mediadiet.test/dashboard' }));
    expect(own.statusCode).toBe(422);
    expect(own.json<{ error: string }>().error).toBe('Pages of Media Diet itself are not captured');
  });

  it('answers 402 without a subscription', async () => {
    const who = await customer(t);
    const key = await pair(t, who.token);
    const response = await postTouchpoint(t, key, touchpoint());
    expect(response.statusCode).toBe(402);
    expect(response.json<{ error: string }>().error).toBe('An active subscription is required');
  });

  it('answers 402 with the plan’s message once the allowance is used up', async () => {
    const who = await subscribed(t, 'free');
    const key = await pair(t, who.token);
    expect((await postTouchpoint(t, key, touchpoint())).statusCode).toBe(202);
    for (let i = 0; i < 50; i++) await t.app.usage.record(who.userId, 10);
    const response = await postTouchpoint(t, key, touchpoint());
    expect(response.statusCode).toBe(402);
    expect(response.json<{ error: string }>().error).toContain('You have used all touch points of the free plan this month');
  });

  it('answers 402 at once for a page that cannot fit in what is left (tokens estimated from the text)', async () => {
    const who = await subscribed(t, 'free');
    const key = await pair(t, who.token);
    // The free plan includes 10,000 tokens; 120 KB of prose is at least 15,000.
    const huge = await postTouchpoint(t, key, touchpoint({ text: 'The council hid the report. '.repeat(4400) }));
    expect(huge.statusCode).toBe(402);
    expect(huge.json<{ error: string }>().error).toContain('free plan');
    // A page that fits is still accepted.
    expect((await postTouchpoint(t, key, touchpoint({ text: 'A short calm note about the garden.' }))).statusCode).toBe(202);
  });
});
