import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { touchpoints } from '../../../src/db/schema.ts';
import { call, customer } from '../../helpers/billing.ts';
import { deviceScores, pair, pairedSubscriber, postTouchpoint, touchpoint } from '../../helpers/extension.ts';
import { expectRefused } from '../../helpers/responses.ts';
import { createTestApp, type TestApp } from '../../helpers/test-app.ts';
import { usageOracle } from '../../helpers/usage.ts';

let t: TestApp;
let apiKey: string;
let userId: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://app.mediadiet.test' } });
  ({ userId, token, apiKey } = await pairedSubscriber(t, 'basic'));
});
afterAll(async () => {
  await t.close();
});

const rowsOf = (id: string) => t.db.select().from(touchpoints).where(eq(touchpoints.id, id));

/** Uploads `body` (with `key`, by default the subscriber's) and expects `status` with a message containing `text`. */
async function expectUploadRefused(body: unknown, status: number, text: string, key = apiKey): Promise<void> {
  expectRefused(await postTouchpoint(t, key, body), status, text);
}

describe('POST /api/extension/touchpoints: acceptance', () => {
  it('stores the page as a queued row and answers 202 with its id', async () => {
    const body = touchpoint({ url: 'https://news.example.org/a?session=abc123&email=a%40b.example#section' });
    const response = await postTouchpoint(t, apiKey, body);
    expect(response.statusCode).toBe(202);
    const { id } = response.json<{ success: true; id: string }>();
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({
      userId,
      url: 'https://news.example.org/a',
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
    // 321 tokens claimed: billed as one whole touch point (decision 114).
    expect(row?.scores).toMatchObject({ tokens: 2_000, modelVersion: 'device-test-1' });
  });

  it('keeps the address without query, fragment or credentials, but with the site’s content id', async () => {
    const video = await postTouchpoint(
      t,
      apiKey,
      touchpoint({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42&si=share-token#comments' }),
    );
    expect(video.statusCode).toBe(202);
    const [row] = await rowsOf(video.json<{ id: string }>().id);
    expect(row?.url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
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
  it('accepts only http(s) URLs', async () => {
    await expectUploadRefused(touchpoint({ url: 'ftp://files.example.org/a' }), 400, 'Only http and https pages can be captured');
    await expectUploadRefused(touchpoint({ url: 'chrome://settings' }), 400, 'Only http and https pages can be captured');
    await expectUploadRefused(touchpoint({ url: 'not a url' }), 400, 'url');
  });

  it('caps the text at 200 KB (characters and bytes) and the body size', async () => {
    await expectUploadRefused(touchpoint({ text: 'a'.repeat(200_001) }), 400, 'text');
    await expectUploadRefused(touchpoint({ text: 'é'.repeat(110_000) }), 400, 'The page text is larger than 200 KB');
    const huge = await postTouchpoint(t, apiKey, touchpoint({ text: 'é'.repeat(195_000) }));
    expect(huge.statusCode).toBe(413);
    expect((await postTouchpoint(t, apiKey, touchpoint({ text: 'a'.repeat(200_000) }))).statusCode).toBe(202);
  });

  it('needs text or scores', async () => {
    await expectUploadRefused(touchpoint({ text: undefined }), 400, 'Either text or scores is required');
  });

  it('checks device scores strictly against the contract (untrusted input)', async () => {
    const bad = deviceScores();
    (bad.categoryScores.joy as { BaseScore: number }).BaseScore = 150;
    await expectUploadRefused(touchpoint({ text: undefined, scores: bad }), 400, 'scores.categoryScores.joy.BaseScore');
    const missing = deviceScores();
    delete (missing.categoryScores as Partial<typeof missing.categoryScores>).joy;
    await expectUploadRefused(touchpoint({ text: undefined, scores: missing }), 400, 'scores.categoryScores');
    await expectUploadRefused(touchpoint({ text: undefined, scores: deviceScores({ tokens: -1 }) }), 400, 'scores.tokens');
    await expectUploadRefused(
      touchpoint({ text: undefined, scores: { ...deviceScores(), classificationAnalysis: { correlationCoefficient: 2, bayesFactor: 1, posteriorProbability: 0.5 } } }),
      400,
      'correlationCoefficient',
    );
    await expectUploadRefused(touchpoint({ text: undefined, scores: deviceScores({ modelVersion: 'x'.repeat(500) }) }), 400, 'device scores are invalid');
  });
});

describe('POST /api/extension/touchpoints: what is never captured (decision 112)', () => {
  it('refuses hosts on a private network, whatever the extension sent', async () => {
    for (const url of [
      'http://127.0.0.1/account.html?session=abc123&email=me%40corp.example',
      'http://localhost:8080/payroll',
      'http://10.0.0.12/salaries',
      'http://192.168.1.1/',
      'http://172.20.3.4/wiki',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/',
      'http://[fd00::1]/',
      'http://nas.local/photos',
      'https://hr.internal/reviews',
      'http://wiki/Salaries',
    ]) {
      await expectUploadRefused(touchpoint({ url }), 422, 'Pages on a private network');
    }
    const hosts = (await t.db.select({ host: touchpoints.host }).from(touchpoints).where(eq(touchpoints.userId, userId))).map(
      (r) => r.host,
    );
    expect(hosts.filter((host) => host.endsWith('.local') || host === '127.0.0.1' || host === 'wiki')).toEqual([]);
  });

  it('refuses addresses with a user name or password', async () => {
    await expectUploadRefused(touchpoint({ url: 'https://user:pass@news.example.org/a' }), 422, 'user name or password');
    await expectUploadRefused(touchpoint({ url: 'https://user@news.example.org/a' }), 422, 'user name or password');
  });

  it('refuses search results pages (decision 165), as kept or with the search, and stores nothing of them', async () => {
    const before = await t.app.usage.current(userId);
    for (const url of [
      // What an extension sends: the address without its query.
      'https://www.google.com/search',
      'https://www.google.de/search',
      'https://www.bing.com/search',
      'https://duckduckgo.com/',
      'https://search.yahoo.com/search;_ylt=AwrFQ4x',
      'https://yandex.ru/search/',
      'https://www.baidu.com/s',
      // An old or modified extension that sends the search too.
      'https://www.google.com/search?q=divorce+lawyer+near+me&oq=divorce',
      'https://html.duckduckgo.com/html/?q=divorce+lawyer',
      'https://www.bbc.co.uk/search?q=divorce+lawyer',
    ]) {
      await expectUploadRefused(touchpoint({ url }), 422, 'Search results pages');
      await expectUploadRefused(touchpoint({ url, text: undefined, scores: deviceScores() }), 422, 'Search results pages');
    }
    const rows = await t.db.select({ host: touchpoints.host, title: touchpoints.title }).from(touchpoints).where(eq(touchpoints.userId, userId));
    expect(rows.filter((r) => /google|bing|duckduckgo|yahoo|yandex|baidu|bbc/.test(r.host))).toEqual([]);
    expect(await t.app.usage.current(userId)).toEqual(before);
    // An engine's other pages, and a site's search page without the search in its address, are pages like any.
    for (const url of ['https://news.google.com/articles/CBMiSGh0dHBz', 'https://www.bbc.co.uk/search']) {
      expect((await postTouchpoint(t, apiKey, touchpoint({ url }))).statusCode, url).toBe(202);
    }
  });

  it('neither stores nor bills a near-empty page', async () => {
    const before = await t.app.usage.current(userId);
    const url = 'https://search.example.org/results';
    const text = 'No results for "qzxv". Try another word.';
    expect(text.length).toBeLessThan(50);
    await expectUploadRefused(
      touchpoint({ url, text }),
      422,
      'The page has too little text to analyse (fewer than 50 characters); it is neither analysed nor billed',
    );
    expect(await t.db.select().from(touchpoints).where(eq(touchpoints.url, url))).toEqual([]);
    expect(await t.app.usage.current(userId)).toEqual(before);
  });
});

describe('POST /api/extension/touchpoints: device mode cannot claim what no page yields (decision 114)', () => {
  const expect400 = (scores: unknown, text: string) =>
    expectUploadRefused(touchpoint({ text: undefined, scores }), 400, text);

  it('refuses zero tokens with every score at 99 (the upload that was billed nothing)', async () => {
    const all99 = deviceScores({ tokens: 0 });
    for (const score of Object.values(all99.categoryScores)) score.BaseScore = 99;
    await expect400(all99, 'scores.tokens: The device scores are invalid: a page without tokens has no scores');
  });

  it('refuses more tokens than a page holds, a category on the wrong side, and evidence beyond the page', async () => {
    await expect400(deviceScores({ tokens: 5_000_000 }), 'scores.tokens');
    const wrongSide = deviceScores();
    wrongSide.categoryScores.joy.Classification = 'mal';
    await expect400(wrongSide, 'scores.categoryScores.joy.Classification');
    const evidence = deviceScores({ tokens: 10 });
    evidence.categoryScores.fear.EffectiveN = 11;
    await expect400(evidence, 'scores.categoryScores.fear.EffectiveN');
  });

  it('bills a device page as at least one whole touch point, and a long one by its tokens', async () => {
    // What the worker bills is the stored scores' tokens (worker-batch.test: the analysis carries 2,000).
    const upload = async (tokens: number) => {
      const response = await postTouchpoint(t, apiKey, touchpoint({ text: undefined, scores: deviceScores({ tokens }) }));
      expect(response.statusCode).toBe(202);
      const [row] = await rowsOf(response.json<{ id: string }>().id);
      return (row?.scores as { tokens: number } | null)?.tokens;
    };
    expect(await upload(5)).toBe(2_000);
    expect(await upload(7_000)).toBe(7_000);
  });
});

describe('POST /api/extension/touchpoints: capture time', () => {
  it('answers 400 naming capturedAt for a time far in the past or in the future', async () => {
    for (const capturedAt of ['0000-01-01T00:00:00.000Z', '2001-01-01T00:00:00Z', new Date(Date.now() + 2 * 3600_000).toISOString()]) {
      await expectUploadRefused(
        touchpoint({ capturedAt }),
        400,
        'capturedAt: must be a time within the last 30 days and not in the future',
      );
    }
    const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString();
    expect((await postTouchpoint(t, apiKey, touchpoint({ capturedAt: yesterday }))).statusCode).toBe(202);
  });
});

describe('POST /api/extension/touchpoints: refusals', () => {
  it('refuses the user’s ignored sites, the default protected sites and our own pages (422)', async () => {
    await call(t, token, 'POST', '/api/account/urls', { url: 'reddit.com' });
    const ignored = 'This site is on the ignored or protected list and is never captured';
    for (const url of ['https://www.reddit.com/r/news', 'https://mail.google.com/mail/u/0', 'https://online.chase.com/x', 'https://tinder.com/app']) {
      await expectUploadRefused(touchpoint({ url }), 422, ignored);
    }
    const own = touchpoint({ url: 'https://app.mediadiet.test/dashboard' });
    await expectUploadRefused(own, 422, 'Pages of Media Diet itself are not captured');
  });

  it('answers 402 without a subscription', async () => {
    const who = await customer(t);
    await expectUploadRefused(touchpoint(), 402, 'An active subscription is required', await pair(t, who.token));
  });

  it('answers 402 with the plan’s message once the allowance is used up', async () => {
    const who = await pairedSubscriber(t, 'free');
    expect((await postTouchpoint(t, who.apiKey, touchpoint())).statusCode).toBe(202);
    for (let i = 0; i < 50; i++) await usageOracle(t.app).record(who.userId, 10);
    const spent = 'You have used all touch points of the free plan this month';
    await expectUploadRefused(touchpoint(), 402, spent, who.apiKey);
  });

  it('answers 402 at once for a page that cannot fit in what is left (tokens estimated from the text)', async () => {
    const who = await pairedSubscriber(t, 'free');
    // The free plan includes 100,000 tokens, 90,000 of them used; 120 KB of prose is at least 15,000.
    await usageOracle(t.app).record(who.userId, 90_000);
    const huge = touchpoint({ text: 'The council hid the report. '.repeat(4400) });
    await expectUploadRefused(huge, 402, 'free plan', who.apiKey);
    // A page that fits is still accepted.
    expect((await postTouchpoint(t, who.apiKey, touchpoint({ text: 'A short calm note about the garden, the roses and the quiet morning light.' }))).statusCode).toBe(202);
  });
});
