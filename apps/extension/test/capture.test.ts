import { analyze } from '@mediadiet/analyzer';
import { AnalysisScoresSchema } from '@mediadiet/contract/analysis';
import { TouchpointRequestSchema, TOUCHPOINT_TEXT_MAX } from '@mediadiet/contract/extension';
import { DEFAULT_PROTECTED_DOMAINS } from '@mediadiet/contract/urls';
import { describe, expect, it } from 'vitest';
import { handleInternal, popupState } from '../src/background/index';
import { DEDUPE_WINDOW_MS, handleCapture, handleCaptureCheck } from '../src/background/touchpoints';
import { skipReason, type CaptureContext } from '../src/rules';
import type { QueueItem } from '../src/storage-keys';
import { setup, TEST_CONFIG } from './fakes';

const KEY = 'k'.repeat(40);
const page = (over: Partial<{ url: string; title: string; text: string }> = {}) => ({
  url: 'https://news.example.com/story',
  title: 'A story',
  text: 'Markets fell sharply today as fears of a downturn spread across the region.',
  ...over,
});
const tab = { id: 7, incognito: false };

function connected(opts: Parameters<typeof setup>[0] = {}) {
  const t = setup({ routes: { 'POST /api/extension/touchpoints': { status: 202, body: { success: true, id: 'a1' } } }, ...opts });
  t.data.apiKey = KEY;
  return t;
}

describe('capture rules', () => {
  const ctx: CaptureContext = {
    webOrigin: 'https://app.test',
    apiBase: 'http://api.test',
    incognito: false,
    pausedUntil: 0,
    now: 1000,
    disabledDomains: ['blocked.org'],
    localIgnored: ['mine.net'],
  };
  it.each([
    ['chrome://settings', 'not-http'],
    ['file:///tmp/a.html', 'not-http'],
    ['https://app.test/auth/dashboard', 'web-app'],
    ['http://api.test/api/x', 'web-app'],
    [`https://www.${DEFAULT_PROTECTED_DOMAINS[0]}/account`, 'protected'],
    ['https://sub.blocked.org/page', 'ignored'],
    ['https://mine.net/', 'ignored'],
    ['https://news.example.com/a', null],
  ])('%s → %s', (url, reason) => {
    expect(skipReason(url, ctx)).toBe(reason);
  });
  it('private windows and the paused state', () => {
    expect(skipReason('https://news.example.com/', { ...ctx, incognito: true })).toBe('private');
    expect(skipReason('https://news.example.com/', { ...ctx, pausedUntil: 2000 })).toBe('paused');
    expect(skipReason('https://news.example.com/', { ...ctx, pausedUntil: 999 })).toBeNull();
  });
});

describe('capture in the background', () => {
  it('captureCheck gives the dwell time, and refuses before the extension is connected', async () => {
    const t = setup();
    expect(await handleCaptureCheck(t.ctx, page().url, tab)).toEqual({ capture: false, reason: 'not-connected', dwellMs: 3000 });
    t.data.apiKey = KEY;
    expect(await handleCaptureCheck(t.ctx, page().url, tab)).toEqual({ capture: true, reason: null, dwellMs: 3000 });
  });

  it('server mode sends url, title and text (capped) with the bearer key', async () => {
    const t = connected();
    const long = 'word '.repeat(50_000);
    expect((await handleCapture(t.ctx, page({ text: long }), tab)).status).toBe('queued');
    await t.ctx.queue.flush();
    const call = t.calls.find((c) => c.path === '/api/extension/touchpoints')!;
    expect(call.auth).toBe(`Bearer ${KEY}`);
    const body = TouchpointRequestSchema.parse(call.body);
    expect(body.text).toHaveLength(TOUCHPOINT_TEXT_MAX);
    expect(body.scores).toBeUndefined();
  });

  it('on-device mode runs the analyzer here and sends scores, never the text', async () => {
    const t = connected({ analyze: (i) => analyze(i) });
    await handleInternal(t.ctx, { kind: 'setOnDevice', onDevice: true }, {});
    const p = page();
    const res = await handleCapture(t.ctx, p, tab);
    expect(res.status).toBe('queued');
    await t.ctx.queue.flush();
    const call = t.calls.find((c) => c.path === '/api/extension/touchpoints')!;
    const body = TouchpointRequestSchema.parse(call.body);
    expect(body).not.toHaveProperty('text');
    expect(JSON.stringify(call.body)).not.toContain('downturn');
    expect(AnalysisScoresSchema.parse(body.scores).categoryScores).toEqual(analyze(p).categoryScores);
    expect(body).toMatchObject({ url: p.url, title: p.title });
    const state = await popupState(t.ctx, tab.id, p.url);
    expect(state.last).toMatchObject({ mode: 'device', status: 'sent' });
    expect(state.lastTop).toHaveLength(3);
    expect(state.lastTop[0]!.score).toBeGreaterThanOrEqual(state.lastTop[2]!.score);
  });

  it('the same URL and content is sent once within 30 minutes', async () => {
    const t = connected();
    expect((await handleCapture(t.ctx, page(), tab)).status).toBe('queued');
    t.advance(10 * 60_000);
    expect((await handleCapture(t.ctx, page(), tab)).status).toBe('duplicate');
    expect((await handleCapture(t.ctx, page({ text: `${page().text} Updated.` }), tab)).status).toBe('queued');
    t.advance(DEDUPE_WINDOW_MS);
    expect((await handleCapture(t.ctx, page(), tab)).status).toBe('queued');
  });

  it('re-checks the rules: private, paused, ignored from the popup, the web app', async () => {
    const t = connected();
    expect(await handleCapture(t.ctx, page(), { id: 1, incognito: true })).toEqual({ status: 'skipped', reason: 'private' });
    expect(await handleCapture(t.ctx, page({ url: `${TEST_CONFIG.webOrigin}/auth/dashboard` }), tab)).toMatchObject({ reason: 'web-app' });

    const paused = await handleInternal(t.ctx, { kind: 'pause', minutes: 60, url: page().url }, {});
    expect(paused).toMatchObject({ pausedUntil: t.now() + 3600_000, site: { reason: 'paused' } });
    expect(await handleCapture(t.ctx, page(), tab)).toMatchObject({ reason: 'paused' });
    t.advance(3600_001);

    await handleInternal(t.ctx, { kind: 'ignoreSite', url: 'https://www.news.example.com/x', ignore: true }, {});
    expect(await handleCapture(t.ctx, page(), tab)).toMatchObject({ reason: 'ignored' });
    await handleInternal(t.ctx, { kind: 'ignoreSite', url: page().url, ignore: false }, {});
    expect((await handleCapture(t.ctx, page(), tab)).status).toBe('queued');
    expect(((t.data.queue as QueueItem[]) ?? []).length + t.calls.filter((c) => c.path.endsWith('touchpoints')).length).toBe(1);
  });

  it('the server disabled list is fetched with the key and applied', async () => {
    const t = connected({
      routes: {
        'GET /api/extension/disabled': {
          status: 200,
          body: { success: true, urls: { current: ['example.com'], defaults: [{ category: 'Health', urls: ['clinic.test'] }] } },
        },
      },
    });
    await t.ctx.refreshDisabled(true);
    expect(t.calls[0]).toMatchObject({ path: '/api/extension/disabled', auth: `Bearer ${KEY}` });
    expect(await handleCapture(t.ctx, page(), tab)).toMatchObject({ reason: 'ignored' });
    expect(await handleCapture(t.ctx, page({ url: 'https://clinic.test/' }), tab)).toMatchObject({ reason: 'ignored' });
  });
});
