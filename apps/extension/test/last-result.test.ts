import { analyze } from '@mediadiet/analyzer';
import type { Analysis } from '@mediadiet/contract/analysis';
import { CATEGORIES, CATEGORY_IDS } from '@mediadiet/contract/categories';
import { describe, expect, it } from 'vitest';
import { handleInternal, popupState } from '../src/background/index';
import { CONSENT_VERSION, handleCapture } from '../src/background/touchpoints';
import { setup } from './fakes';

/** The popup's last analysis in server mode: the upload's id is kept and the server's result fetched with it. */

const KEY = 'k'.repeat(40);
const ID = '0b6f8a52-6a53-4c39-9d4c-2d2f1f2b7e10';
const tab = { id: 7, incognito: false };
const page = {
  url: 'https://news.example.com/story',
  title: 'A story',
  text: 'Markets fell sharply today as fears of a downturn spread across the region.',
};
const STATE_PATH = `GET /api/extension/touchpoints/${ID}`;

function analysis(over: Partial<Analysis> = {}): Analysis {
  return {
    id: ID,
    url: page.url,
    title: page.title,
    createdAt: '2026-03-01T10:00:00.000Z',
    tokens: 120,
    categoryScores: Object.fromEntries(
      CATEGORY_IDS.map((id, i) => [
        id,
        { BaseScore: i * 5, Classification: CATEGORIES[id].classification, BayesFactor: 1, PosteriorProbability: 0.5, EffectiveN: 2 },
      ]),
    ) as Analysis['categoryScores'],
    classificationAnalysis: { correlationCoefficient: 0.3, bayesFactor: 1, posteriorProbability: 0.5 },
    valence: -0.4,
    mode: 'server',
    verdict: 'draining',
    drivers: ['fear', 'anxiety'],
    confidence: 0.81,
    ...over,
  };
}

async function sentPage(routes: NonNullable<Parameters<typeof setup>[0]>['routes'] = {}) {
  const t = setup({
    routes: { 'POST /api/extension/touchpoints': { status: 202, body: { success: true, id: ID } }, ...routes },
  });
  t.data.apiKey = KEY;
  t.data.consent = { agreedAt: t.now(), version: CONSENT_VERSION };
  expect((await handleCapture(t.ctx, page, tab)).status).toBe('queued');
  await t.ctx.queue.flush();
  return t;
}

const askResult = (t: Awaited<ReturnType<typeof sentPage>>) =>
  handleInternal(t.ctx, { kind: 'lastResult', tabId: tab.id, url: page.url }, {});

describe('the last analysis in server mode', () => {
  it('asks where the reading goals stand once the page is analysed, not while it is pending (decision 157)', async () => {
    const goal = {
      goal: { kind: 'site_daily', target: 1, site: 'news.example.com' },
      progress: { period: 'day', current: 1, target: 1, pages: 1, status: 'at_risk', sentence: 'Pages from news.example.com: 1 today (goal: at most 1)' },
    };
    const t = await sentPage({
      [STATE_PATH]: { status: 200, body: { success: true, touchpoint: { id: ID, status: 'pending' } } },
      'GET /api/goals': { status: 200, body: { success: true, goals: [goal] } },
    });
    const goalCalls = () => t.calls.filter((c) => c.path === '/api/goals');
    expect(((await askResult(t)) as Awaited<ReturnType<typeof popupState>>).goalAlerts).toEqual([]);
    expect(goalCalls()).toEqual([]);
    t.routes[STATE_PATH] = { status: 200, body: { success: true, touchpoint: { id: ID, status: 'done', analysis: analysis() } } };
    const state = (await askResult(t)) as Awaited<ReturnType<typeof popupState>>;
    expect(goalCalls()).toMatchObject([{ method: 'GET', auth: `Bearer ${KEY}` }]);
    expect(state.goalAlerts).toEqual([
      { key: 'site_daily:news.example.com', status: 'at_risk', sentence: 'Pages from news.example.com: 1 today (goal: at most 1)' },
    ]);
  });


  it('keeps the id the upload answered and asks for the result when the popup opens', async () => {
    const t = await sentPage();
    const state = await popupState(t.ctx, tab.id, page.url);
    expect(state.last).toMatchObject({ mode: 'server', status: 'sent', analysisId: ID });
    expect(state.lastResult).toBe('loading');
    expect(state.lastVerdict).toBeNull();
  });

  it('shows the verdict, drivers, confidence and scores the server found, with the key, and keeps them', async () => {
    const t = await sentPage({ [STATE_PATH]: { status: 200, body: { success: true, touchpoint: { id: ID, status: 'done', analysis: analysis() } } } });
    const state = (await askResult(t)) as Awaited<ReturnType<typeof popupState>>;
    expect(state.lastVerdict).toEqual({ verdict: 'draining', drivers: ['Fear', 'Anxiety'], confidence: 0.81 });
    expect(state.lastValence).toBe(-0.4);
    expect(state.lastTop.map((c) => c.id)).toEqual(['envy', 'disgust', 'sadness']);
    expect(state.lastResult).toBeNull();
    const call = t.calls.find((c) => c.path === `/api/extension/touchpoints/${ID}`)!;
    expect(call).toMatchObject({ method: 'GET', auth: `Bearer ${KEY}` });

    // Kept: the next popup shows it without asking again.
    const calls = t.calls.length;
    const again = await popupState(t.ctx, tab.id, page.url);
    expect(again.lastVerdict?.verdict).toBe('draining');
    expect(again.lastResult).toBeNull();
    expect(await askResult(t)).toMatchObject({ lastResult: null });
    expect(t.calls).toHaveLength(calls);
  });

  it('says the page is still being analysed, and asks again next time', async () => {
    const t = await sentPage({ [STATE_PATH]: { status: 200, body: { success: true, touchpoint: { id: ID, status: 'pending' } } } });
    expect(await askResult(t)).toMatchObject({ lastResult: 'pending', lastVerdict: null });
    expect((await popupState(t.ctx, tab.id, page.url)).lastResult).toBe('loading');
  });

  it('keeps a failure or a forgotten page as the final word', async () => {
    const failed = await sentPage({
      [STATE_PATH]: { status: 200, body: { success: true, touchpoint: { id: ID, status: 'failed', error: 'The page could not be analysed' } } },
    });
    expect(await askResult(failed)).toMatchObject({ lastResult: 'failed' });
    expect((await popupState(failed.ctx, tab.id, page.url)).lastResult).toBe('failed');

    const gone = await sentPage({ [STATE_PATH]: { status: 404, body: { success: false, error: 'Analysis not found' } } });
    expect(await askResult(gone)).toMatchObject({ lastResult: 'gone' });
    expect((await popupState(gone.ctx, tab.id, page.url)).lastResult).toBe('gone');
  });

  it('offers to try again when the server cannot be asked, without keeping anything', async () => {
    const t = await sentPage({ [STATE_PATH]: 'network' });
    expect(await askResult(t)).toMatchObject({ lastResult: 'unavailable' });
    t.routes[STATE_PATH] = { status: 503, body: { success: false, error: 'Service unavailable' } };
    expect(await askResult(t)).toMatchObject({ lastResult: 'unavailable' });
    t.routes[STATE_PATH] = { status: 200, body: { success: true, touchpoint: { id: ID, status: 'done', analysis: analysis({ verdict: 'uplifting', drivers: ['calm'] }) } } };
    expect(await askResult(t)).toMatchObject({ lastResult: null, lastVerdict: { verdict: 'uplifting', drivers: ['Calm'] } });
  });

  it('asks nothing for a page still queued, refused by the plan, or scored on this device', async () => {
    const queued = setup({ routes: { 'POST /api/extension/touchpoints': 'network' } });
    queued.data.apiKey = KEY;
    queued.data.consent = { agreedAt: queued.now(), version: CONSENT_VERSION };
    await handleCapture(queued.ctx, page, tab);
    await queued.ctx.queue.flush();
    expect(await askResult(queued)).toMatchObject({ lastResult: null, last: { status: 'queued' } });
    expect(queued.calls.filter((c) => c.method === 'GET')).toEqual([]);

    const device = setup({
      analyze: (i) => analyze(i),
      routes: { 'POST /api/extension/touchpoints': { status: 202, body: { success: true, id: ID } } },
    });
    device.data.apiKey = KEY;
    device.data.consent = { agreedAt: device.now(), version: CONSENT_VERSION };
    await handleInternal(device.ctx, { kind: 'setOnDevice', onDevice: true }, {});
    await handleCapture(device.ctx, page, tab);
    await device.ctx.queue.flush();
    const state = await askResult(device);
    expect(state).toMatchObject({ lastResult: null, last: { mode: 'device' } });
    // The on-device analyzer's own verdict.
    expect(['uplifting', 'neutral', 'mixed', 'draining']).toContain((state as { lastVerdict: { verdict: string } }).lastVerdict.verdict);
    expect(device.calls.filter((c) => c.method === 'GET')).toEqual([]);
  });

  it('knows the tab’s site from its last page when the browser hides the tab’s address', async () => {
    const t = await sentPage();
    const state = await popupState(t.ctx, tab.id);
    expect(state.site).toMatchObject({ host: 'news.example.com', url: page.url, reason: null });
    expect((await popupState(t.ctx, 99)).site).toBeNull();
  });
});
