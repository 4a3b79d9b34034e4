import { analyze } from '@mediadiet/analyzer';
import { AnalysisScoresSchema } from '@mediadiet/contract/analysis';
import { TouchpointRequestSchema, TOUCHPOINT_TEXT_MAX } from '@mediadiet/contract/extension';
import { DEFAULT_PROTECTED_DOMAINS } from '@mediadiet/contract/urls';
import { describe, expect, it } from 'vitest';
import { handleInternal, popupState } from '../src/background/index';
import { CONSENT_PAGE, openConsentIfNeeded } from '../src/background/index';
import { CONSENT_VERSION, DEDUPE_WINDOW_MS, handleCapture, handleCaptureCheck } from '../src/background/touchpoints';
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
  const t = setup({
    ...opts,
    routes: { 'POST /api/extension/touchpoints': { status: 202, body: { success: true, id: 'a1' } }, ...opts.routes },
  });
  t.data.apiKey = KEY;
  t.data.consent = { agreedAt: t.now(), version: CONSENT_VERSION };
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
    consented: true,
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
  it.each([
    ['http://127.0.0.1/account.html?session=abc123', 'private-network'],
    ['http://localhost:8080/payroll', 'private-network'],
    ['http://192.168.1.10/', 'private-network'],
    ['http://printer.local/status', 'private-network'],
    ['https://hr.internal/reviews', 'private-network'],
    ['http://wiki/Salaries', 'private-network'],
    ['https://user:pass@news.example.com/a', 'credentials'],
  ])('never captured (decision 112): %s → %s', (url, reason) => {
    expect(skipReason(url, ctx)).toBe(reason);
  });
  it.each([
    'https://www.google.com/search?q=divorce+lawyer+near+me',
    'https://www.google.co.uk/search?q=weather&hl=en',
    'https://www.bing.com/search?q=news&form=QBLH',
    'https://duckduckgo.com/?q=news&t=h_&ia=web',
    'https://html.duckduckgo.com/html/?q=news',
    'https://search.yahoo.com/search;_ylt=AwrFQ?p=news',
    'https://www.ecosia.org/search?q=news',
    'https://www.startpage.com/sp/search?query=news',
    'https://search.brave.com/search?q=news',
    'https://www.qwant.com/?q=news&t=web',
    'https://yandex.ru/search/?text=news',
    'https://www.baidu.com/s?wd=news',
    'https://kagi.com/search?q=news',
    'https://www.bbc.co.uk/search?q=election',
    'https://news.google.com/search?q=climate&hl=en-GB',
  ])('never captured (decision 165): %s → search', (url) => {
    expect(skipReason(url, ctx)).toBe('search');
  });
  it.each([
    'https://news.google.com/articles/CBMiSGh0dHBzOi8vd3d3LmJiYy5jby51aw?hl=en-GB',
    'https://www.google.com/maps/place/Big+Ben',
    'https://www.google.com/search/howsearchworks/our-approach/',
    'https://news.example.com/search',
    'https://news.example.com/2026/11/the-search-for-the-missing-climbers',
    'https://news.yahoo.com/search-and-rescue-teams-reach-village-101500123.html',
    'https://blog.kagi.com/search-without-ads',
  ])('captured like any page: %s', (url) => {
    expect(skipReason(url, ctx)).toBeNull();
  });
  it('a search page is a search page whatever the site’s lists, the pause or the agreement say', () => {
    const google = 'https://www.google.com/search?q=x';
    expect(skipReason(google, { ...ctx, disabledDomains: ['google.com'] })).toBe('search');
    expect(skipReason(google, { ...ctx, localIgnored: ['google.com'] })).toBe('search');
    expect(skipReason(google, { ...ctx, pausedUntil: 2000 })).toBe('search');
    expect(skipReason(google, { ...ctx, consented: false })).toBe('search');
    // The more fundamental reasons first.
    expect(skipReason(google, { ...ctx, incognito: true })).toBe('private');
    expect(skipReason('https://user:pass@www.google.com/search?q=x', ctx)).toBe('credentials');
  });
  it('nothing is captured before the person agrees (decision 115)', () => {
    expect(skipReason('https://news.example.com/a', { ...ctx, consented: false })).toBe('no-consent');
  });
  it('private windows and the paused state', () => {
    expect(skipReason('https://news.example.com/', { ...ctx, incognito: true })).toBe('private');
    expect(skipReason('https://news.example.com/', { ...ctx, pausedUntil: 2000 })).toBe('paused');
    expect(skipReason('https://news.example.com/', { ...ctx, pausedUntil: 999 })).toBeNull();
  });
});

describe('capture in the background', () => {
  it('captureCheck gives the dwell time, and refuses before the person agrees and before the extension is connected', async () => {
    const t = setup();
    expect(await handleCaptureCheck(t.ctx, page().url, tab)).toEqual({ capture: false, reason: 'no-consent', dwellMs: 3000 });
    await handleInternal(t.ctx, { kind: 'consent', agree: true, onDevice: false }, { id: 'self-id' });
    expect(await handleCaptureCheck(t.ctx, page().url, tab)).toEqual({ capture: false, reason: 'not-connected', dwellMs: 3000 });
    t.data.apiKey = KEY;
    expect(await handleCaptureCheck(t.ctx, page().url, tab)).toEqual({ capture: true, reason: null, dwellMs: 3000 });
  });

  it('the consent page opens after install until the person agrees; agreeing keeps the mode chosen there', async () => {
    const t = setup();
    const opened: string[] = [];
    t.browser.runtime.getURL = (path) => `chrome-extension://self-id/${path}`;
    t.browser.tabs = {
      query: () => Promise.resolve([]),
      create: ({ url }) => {
        opened.push(url);
        return Promise.resolve({});
      },
    };
    expect(await openConsentIfNeeded(t.ctx)).toBe(true);
    expect(opened).toEqual([`chrome-extension://self-id/${CONSENT_PAGE}`]);
    expect(await popupState(t.ctx)).toMatchObject({ consented: false, consentUrl: opened[0] });
    // A content script in a web page cannot agree on the person's behalf.
    const fromPage = await handleInternal(t.ctx, { kind: 'consent', agree: true, onDevice: false }, {
      id: 'self-id',
      tab: { id: 3, url: 'https://news.example.com/a' },
    });
    expect(fromPage).toMatchObject({ success: false });
    const agreed = await handleInternal(t.ctx, { kind: 'consent', agree: true, onDevice: true }, {
      id: 'self-id',
      tab: { id: 4, url: opened[0] },
    });
    expect(agreed).toMatchObject({ consented: true, onDevice: true });
    expect(await openConsentIfNeeded(t.ctx)).toBe(false);
    expect(opened).toHaveLength(1);
    // Withdrawing stops capture again.
    t.data.apiKey = KEY;
    await handleInternal(t.ctx, { kind: 'consent', agree: false, onDevice: true }, { id: 'self-id' });
    expect(await handleCaptureCheck(t.ctx, page().url, tab)).toMatchObject({ capture: false, reason: 'no-consent' });
  });

  it('sends the address without query and fragment (but a video id), and never a near-empty page', async () => {
    const t = connected();
    expect((await handleCapture(t.ctx, page({ url: 'https://news.example.com/story?session=abc&email=a%40b.c#top' }), tab)).status).toBe('queued');
    expect((await handleCapture(t.ctx, page({ url: 'https://www.youtube.com/watch?v=abc123&t=9s&si=x' }), tab)).status).toBe('queued');
    expect(await handleCapture(t.ctx, page({ url: 'https://news.example.com/tag/qzxv', text: 'No stories tagged "qzxv". Try again.' }), tab)).toEqual({ status: 'skipped' });
    expect(await handleCapture(t.ctx, page({ url: 'http://10.0.0.5/salaries' }), tab)).toEqual({ status: 'skipped', reason: 'private-network' });
    await t.ctx.queue.flush();
    const sent = t.calls.filter((c) => c.path === '/api/extension/touchpoints').map((c) => (c.body as { url: string }).url);
    expect(sent).toEqual(['https://news.example.com/story', 'https://www.youtube.com/watch?v=abc123']);
  });

  it('never reads a search results page (decision 165): the check refuses it, and a capture of one sends and keeps nothing', async () => {
    const t = connected();
    const search = 'https://www.google.com/search?q=divorce+lawyer+near+me';
    expect(await handleCaptureCheck(t.ctx, search, tab)).toEqual({ capture: false, reason: 'search', dwellMs: 3000 });
    const results = page({
      url: search,
      title: 'divorce lawyer near me - Google Search',
      text: 'About 1,230,000 results. Divorce lawyers near you: compare ratings, fees and reviews of family law firms.',
    });
    expect(await handleCapture(t.ctx, results, tab)).toEqual({ status: 'skipped', reason: 'search' });
    expect(await handleCapture(t.ctx, { ...results, url: 'https://duckduckgo.com/?q=divorce+lawyer&ia=web' }, tab)).toEqual({
      status: 'skipped',
      reason: 'search',
    });
    await t.ctx.queue.flush();
    expect(t.calls.filter((c) => c.path === '/api/extension/touchpoints')).toEqual([]);
    expect(t.data.queue ?? []).toEqual([]);
    expect(t.data.lastAnalysisByTab ?? {}).toEqual({});
    // The popup over it says why, in words.
    const state = await popupState(t.ctx, tab.id, search);
    expect(state.site).toMatchObject({ host: 'google.com', reason: 'search' });
  });

  it('"Ignore this site" adds the site to the account’s list with the key, and it is skipped at once', async () => {
    const t = connected({
      routes: { 'POST /api/account/urls': { status: 200, body: { success: true, urls: { current: ['news.example.com'] } } } },
    });
    const state = await handleInternal(t.ctx, { kind: 'ignoreSite', url: 'https://www.news.example.com/x', ignore: true }, {});
    const call = t.calls.find((c) => c.path === '/api/account/urls')!;
    expect(call).toMatchObject({ method: 'POST', auth: `Bearer ${KEY}`, body: { url: 'news.example.com' } });
    expect(state).toMatchObject({ site: { reason: 'ignored', locallyIgnored: false }, ignoreNote: null });
    expect(t.data.localIgnored ?? []).toEqual([]);
    expect(await handleCapture(t.ctx, page(), tab)).toMatchObject({ status: 'skipped', reason: 'ignored' });
  });

  it('"Ignore this site" stays on this browser, and says so, when the account cannot be reached', async () => {
    const t = connected({ routes: { 'POST /api/account/urls': 'network' } });
    const state = await handleInternal(t.ctx, { kind: 'ignoreSite', url: page().url, ignore: true }, {});
    expect(state).toMatchObject({ site: { reason: 'ignored', locallyIgnored: true } });
    expect((state as { ignoreNote: string }).ignoreNote).toContain('Ignored on this browser only');
    expect(await handleCapture(t.ctx, page(), tab)).toMatchObject({ reason: 'ignored' });
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
