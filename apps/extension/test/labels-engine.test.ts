import type { AnalysisScores } from '@mediadiet/contract/analysis';
import { CATEGORIES, CATEGORY_IDS, type CategoryId } from '@mediadiet/contract/categories';
import { describe, expect, it, vi } from 'vitest';
import { offscreenAnalyzer, type AnalyzeHeadlines, type OffscreenApi } from '../src/analyzer/client';
import type { HeadlineInput, HeadlineResult, OffscreenRequest } from '../src/analyzer/protocol';
import type { MessageSender, RegisteredContentScript, TabInfo } from '../src/browser';
import { handleWebMessage } from '../src/background/external';
import { createBackground, handleInternal, listen } from '../src/background/index';
import {
  LABEL_CONTEXT_ALARM,
  LABEL_COUNTS_SOON_ALARM,
  LABEL_ERRORS,
  onLabelAlarm,
  refreshLabelContext,
  syncLabelScripts,
  uploadLabelCounts,
} from '../src/background/labels';
import { CONSENT_VERSION, handleCapture } from '../src/background/touchpoints';
import { LABEL_VISITED_MAX, rememberVisited } from '../src/background/visited';
import { decideVerdict } from '../src/labels/label';
import type { LabelReply, LinkToLabel } from '../src/labels/protocol';
import { LABELS_SCRIPT_ID } from '../src/labels/registration';
import { localDay } from '../src/labels/counts';
import type { VisitedPage } from '../src/storage-keys';
import { fakeBrowser, fakeFetch, setup, TEST_CONFIG, VALID_USER_ID } from './fakes';

const KEY = 'k'.repeat(40);
const SEARCH = 'https://www.google.com/search?q=news';
const fromLabels: MessageSender = { id: 'self-id', url: SEARCH, tab: { id: 3, url: SEARCH } };

/** A result with the analyzer's verdict for these numbers. */
function result(valence: number, scores: Partial<Record<CategoryId, number>>): HeadlineResult {
  const { verdict, drivers } = decideVerdict(valence, scores);
  return { verdict, drivers, valence, scores: scores as Record<CategoryId, number> };
}

/** What the fake analyzer finds in a headline, by a word in it. */
const BY_WORD: [RegExp, HeadlineResult][] = [
  [/massacre/i, result(-0.4, { fear: 45, sadness: 30 })],
  [/puppy/i, result(0.3, { joy: 35 })],
  [/nearly/i, result(-0.05, { fear: 12 })], // lean −0.08: neutral, fear 12 at the strength s
  [/hair/i, result(-0.045, { fear: 8 })], // lean −0.065: neutral by a hair
];

/** A fake headline analyzer recording each batch (one round trip each). */
function fakeAnalyzer() {
  const batches: HeadlineInput[][] = [];
  const analyzeHeadlines: AnalyzeHeadlines = (items) => {
    batches.push(items);
    return Promise.resolve(items.map((it) => BY_WORD.find(([re]) => re.test(it.title))?.[1] ?? result(0, {})));
  };
  return { batches, analyzeHeadlines };
}

function labelsSetup(opts: Parameters<typeof setup>[0] = {}) {
  const a = fakeAnalyzer();
  const t = setup({ analyzeHeadlines: a.analyzeHeadlines, ...opts });
  // The person agreed on the consent page; tests of the time before it remove this.
  t.data.consent = { agreedAt: 0, version: CONSENT_VERSION };
  const ask = (links: LinkToLabel[], sender: MessageSender = fromLabels, pageUrl = SEARCH) =>
    handleInternal(t.ctx, { kind: 'labelLinks', pageUrl, links }, sender) as Promise<LabelReply>;
  return { ...t, ...a, ask };
}

const link = (headline: string, url = `https://news.example.com/${encodeURIComponent(headline)}`, snippet = ''): LinkToLabel => ({
  url,
  headline,
  snippet,
});

const texts = (reply: LabelReply) => ('labels' in reply ? reply.labels.map((l) => l?.text ?? null) : reply);

describe('labelLinks: who may ask, and what', () => {
  it("answers only the extension's own content script on a web page, with the reason in words", async () => {
    const t = labelsSetup();
    const links = [link('Gunman massacre')];
    expect(await t.ask(links, { id: 'self-id', url: 'chrome-extension://self-id/popup/popup.html' })).toEqual({ error: LABEL_ERRORS.sender });
    expect(await t.ask(links, { id: 'self-id', url: 'chrome-extension://self-id/x.html', tab: { id: 1, url: 'chrome-extension://self-id/x.html' } })).toEqual({
      error: LABEL_ERRORS.sender,
    });
    expect(await t.ask(links, { ...fromLabels, id: 'another-extension' })).toEqual({ error: LABEL_ERRORS.sender });
    expect(t.batches).toEqual([]);
  });

  it('the listener ignores messages from other extensions altogether', () => {
    const t = labelsSetup();
    listen(t.ctx);
    const sendResponse = vi.fn();
    const handled = t.listeners.message[0]!({ kind: 'labelLinks', pageUrl: SEARCH, links: [] }, { ...fromLabels, id: 'other' }, sendResponse);
    expect(handled).toBe(false);
    expect(sendResponse).not.toHaveBeenCalled();
  });

  it('refuses a malformed request whole', async () => {
    const t = labelsSetup();
    const tooMany = Array.from({ length: 101 }, (_, i) => link(`Story ${i}`));
    expect(await t.ask(tooMany)).toEqual({ error: 'The labels request is malformed (links: at most 100 links a request)' });
    const bad = (await handleInternal(t.ctx, { kind: 'labelLinks', pageUrl: SEARCH, links: [{ url: 1 }] } as never, fromLabels)) as LabelReply;
    expect('error' in bad && bad.error).toMatch(/^The labels request is malformed \(links\.0\.url: /);
    expect(t.batches).toEqual([]);
  });
});

describe('labelLinks: labelling on the device', () => {
  it('one batch to the analyzer for the page, each text once, labels in the links’ order', async () => {
    const t = labelsSetup();
    const reply = await t.ask([
      link('Gunman massacre at school', 'https://a.example/1', 'Dozens dead.'),
      link('Rescued puppy adopted', 'https://b.example/2'),
      link('Gunman massacre at school', 'https://c.example/3', 'Dozens dead.'),
      link('Saucepan 20 cm', 'https://shop.example/4'),
    ]);
    expect(texts(reply)).toEqual(['Likely draining: fear', 'Likely uplifting: joy', 'Likely draining: fear', 'Likely neutral']);
    expect(t.batches).toEqual([
      [
        { title: 'Gunman massacre at school', text: 'Dozens dead.' },
        { title: 'Rescued puppy adopted', text: '' },
        { title: 'Saucepan 20 cm', text: '' },
      ],
    ]);
    // Nothing of it went to the server.
    expect(t.calls).toEqual([]);
  });

  it('the same headlines again come from the cache; only new ones are analysed', async () => {
    const t = labelsSetup();
    await t.ask([link('Gunman massacre'), link('Rescued puppy')]);
    const again = await t.ask([link('Rescued puppy', 'https://elsewhere.example/p'), link('Gunman massacre')]);
    expect(texts(again)).toEqual(['Likely uplifting: joy', 'Likely draining: fear']);
    expect(t.batches).toHaveLength(1);
    await t.ask([link('Gunman massacre'), link('Saucepan')]);
    expect(t.batches).toHaveLength(2);
    expect(t.batches[1]).toEqual([{ title: 'Saucepan', text: '' }]);
  });

  it('a link without text gets no label and is not analysed; an analyzer failure leaves labels out', async () => {
    const t = labelsSetup();
    expect(texts(await t.ask([link(''), link('Rescued puppy')]))).toEqual([null, 'Likely uplifting: joy']);
    expect(t.batches).toEqual([[{ title: 'Rescued puppy', text: '' }]]);

    const failing = labelsSetup({ analyzeHeadlines: () => Promise.reject(new Error('The analyzer could not start')) });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(texts(await failing.ask([link('Rescued puppy')]))).toEqual([null]);
      expect(error.mock.calls.flat().join(' ')).not.toContain('puppy');
    } finally {
      error.mockRestore();
    }
  });

  it("a page the person read: their stored verdict wins, through the search engine's wrapper and tracking", async () => {
    const t = labelsSetup();
    t.data.labelVisited = { 'https://news.example.com/story': { verdict: 'draining', drivers: ['fear', 'anxiety'], at: 1 } };
    const wrapped = `https://www.google.com/url?q=${encodeURIComponent('https://news.example.com/story?utm_source=google&gclid=9#top')}`;
    const reply = await t.ask([link('Rescued puppy adopted', wrapped), link('Rescued puppy adopted')]);
    expect('labels' in reply && reply.labels[0]).toEqual({
      verdict: 'draining',
      category: 'Fear',
      source: 'visited',
      text: 'Draining when you read it: fear',
      hide: false,
    });
    expect(texts(reply)).toEqual(['Draining when you read it: fear', 'Likely uplifting: joy']);
    // The read one was not analysed; the other was, once.
    expect(t.batches).toEqual([[{ title: 'Rescued puppy adopted', text: '' }]]);
  });

  it("the person's sensitivities (the labels context) and a site's history lean the labels", async () => {
    const t = labelsSetup();
    t.data.labelContext = { sensitivities: { fear: 0.9 }, fetchedAt: t.now() };
    const grim: Record<string, VisitedPage> = Object.fromEntries(
      ['a', 'b', 'c', 'd', 'e'].map((p, i) => [`https://grim.example.com/${p}`, { verdict: i < 3 ? 'draining' : 'neutral', drivers: [], at: i }]),
    );
    t.data.labelVisited = grim;
    const reply = await t.ask([link('Fears nearly realised'), link('A hair from trouble', 'https://www.grim.example.com/new'), link('A hair from trouble')]);
    expect(texts(reply)).toEqual([
      'Likely draining for you: fear',
      'Likely draining: fear (this site is usually draining for you)',
      // The same headline from a site without such a history (fear 8 is below the strength s: not "for you").
      'Likely neutral',
    ]);
  });
});

describe('labelLinks: the labels settings', () => {
  it('a site whose labels are off answers { off: true } and analyses nothing; the sender’s page decides', async () => {
    const t = labelsSetup();
    t.data.labels = { sites: { 'google.com': false } };
    expect(await t.ask([link('Gunman massacre')])).toEqual({ off: true });
    // The request claims Bing; the browser says the page is Google's.
    expect(await t.ask([link('Gunman massacre')], fromLabels, 'https://www.bing.com/search?q=x')).toEqual({ off: true });
    t.data.labels = { enabled: false };
    const bing = 'https://www.bing.com/search?q=x';
    expect(await t.ask([link('Gunman massacre')], { id: 'self-id', url: bing, tab: { id: 4, url: bing } })).toEqual({ off: true });
    // A site nobody switched on.
    t.data.labels = undefined;
    const other = 'https://blog.example.org/';
    expect(await t.ask([link('Gunman massacre')], { id: 'self-id', url: other, tab: { id: 5, url: other } })).toEqual({ off: true });
    expect(t.batches).toEqual([]);
  });

  it('before the person agreed on the consent page: no labels, no analysis, and the script registered nowhere', async () => {
    const t = labelsSetup();
    delete t.data.consent;
    const s = withScripting(t, []);
    expect(await t.ask([link('Gunman massacre')])).toEqual({ off: true });
    expect(t.batches).toEqual([]);
    expect(await syncLabelScripts(t.ctx, true)).toEqual([]);
    expect(s.registered.has(LABELS_SCRIPT_ID)).toBe(false);
    t.data.consent = { agreedAt: 0, version: CONSENT_VERSION };
    expect(await syncLabelScripts(t.ctx, true)).toContain('https://www.google.com/search*');
    expect('labels' in (await t.ask([link('Gunman massacre')]))).toBe(true);
  });

  it('a verdict switched off answers null for its links; "Hide draining results" sets hide on draining ones', async () => {
    const t = labelsSetup();
    t.data.labels = { verdicts: { uplifting: false }, hideDraining: true };
    const reply = await t.ask([link('Gunman massacre'), link('Rescued puppy'), link('Saucepan')]);
    expect('labels' in reply && reply.labels.map((l) => l && { verdict: l.verdict, hide: l.hide })).toEqual([
      { verdict: 'draining', hide: true },
      null,
      { verdict: 'neutral', hide: false },
    ]);
  });
});

describe('server mode: the analyzer loads only when labels ask for it', () => {
  it('no offscreen document for server-mode captures; the first labels request opens it, one round trip a batch', async () => {
    let open = false;
    const chrome = {
      runtime: {
        getURL: (p: string) => `chrome-extension://self-id/${p}`,
        getContexts: vi.fn(() => Promise.resolve(open ? [{}] : [])),
        sendMessage: vi.fn((m: OffscreenRequest): Promise<unknown> =>
          Promise.resolve({ results: ('headlines' in m ? m.headlines : []).map(() => result(-0.4, { fear: 45 })) }),
        ),
      },
      offscreen: {
        createDocument: vi.fn(() => {
          open = true;
          return Promise.resolve();
        }),
      },
    } satisfies OffscreenApi;
    const analyzer = offscreenAnalyzer(chrome);
    const b = fakeBrowser();
    const f = fakeFetch({ 'POST /api/extension/touchpoints': { status: 202, body: { success: true, id: 'x' } } });
    const ctx = createBackground({
      browser: b.browser,
      config: TEST_CONFIG,
      fetch: f.fetch,
      analyze: analyzer,
      analyzeHeadlines: analyzer.headlines,
      now: () => Date.parse('2026-03-01T10:00:00Z'),
    });
    b.data.apiKey = KEY;
    b.data.consent = { agreedAt: 0, version: CONSENT_VERSION };
    const page = { url: 'https://news.example.com/s', title: 'A story', text: 'Markets fell sharply today as fears of a downturn spread across the region.' };
    expect((await handleCapture(ctx, page, { id: 1 })).status).toBe('queued');
    expect(chrome.offscreen.createDocument).not.toHaveBeenCalled();
    expect(chrome.runtime.sendMessage).not.toHaveBeenCalled();

    const reply = (await handleInternal(ctx, { kind: 'labelLinks', pageUrl: SEARCH, links: [link('One'), link('Two')] }, fromLabels)) as LabelReply;
    expect(texts(reply)).toEqual(['Likely draining: fear', 'Likely draining: fear']);
    expect(chrome.offscreen.createDocument).toHaveBeenCalledTimes(1);
    expect(chrome.runtime.sendMessage).toHaveBeenCalledTimes(1);
    expect(chrome.runtime.sendMessage).toHaveBeenCalledWith({
      target: 'mediadiet-analyzer',
      headlines: [
        { title: 'One', text: '' },
        { title: 'Two', text: '' },
      ],
    });
    // The server got the capture only.
    expect(f.calls.map((c) => c.path)).toEqual(['/api/extension/touchpoints']);
  });
});

describe('pages read, kept for labels', () => {
  const drainingScores: AnalysisScores = {
    tokens: 10,
    categoryScores: {} as AnalysisScores['categoryScores'],
    classificationAnalysis: { correlationCoefficient: 0, bayesFactor: 1, posteriorProbability: 0.5 },
    verdict: 'draining',
    drivers: ['fear'],
  };

  it('an on-device analysis keeps its verdict under the page key', async () => {
    const t = labelsSetup({
      analyze: () => drainingScores,
      routes: { 'POST /api/extension/touchpoints': { status: 202, body: { success: true, id: 'x' } } },
    });
    t.data.apiKey = KEY;
    t.data.consent = { agreedAt: 0, version: CONSENT_VERSION };
    t.data.settings = { onDevice: true, pausedUntil: 0, dwellMs: 3000 };
    const text = 'The flood forced thousands from their homes and the river is still rising tonight.';
    await handleCapture(t.ctx, { url: 'https://news.example.com/flood?utm_source=x#more', title: 'Flood', text }, { id: 2 });
    expect(t.data.labelVisited).toEqual({ 'https://news.example.com/flood': { verdict: 'draining', drivers: ['fear'], at: t.now() } });
    // A link to it is now labelled with it.
    expect(texts(await t.ask([link('Rescued puppy', 'https://news.example.com/flood?fbclid=1')]))).toEqual(['Draining when you read it: fear']);
  });

  it('nothing without a verdict; at most 2,000 pages, the newest kept', async () => {
    const t = labelsSetup();
    await rememberVisited(t.ctx, 'https://a.example/x', {});
    expect(t.data.labelVisited).toBeUndefined();
    t.data.labelVisited = Object.fromEntries(
      Array.from({ length: LABEL_VISITED_MAX }, (_, i) => [`https://a.example/${i}`, { verdict: 'neutral', drivers: [], at: i + 1 }]),
    );
    await rememberVisited(t.ctx, 'https://b.example/new', { verdict: 'uplifting', drivers: ['joy'] });
    const kept = t.data.labelVisited as Record<string, VisitedPage>;
    expect(Object.keys(kept)).toHaveLength(LABEL_VISITED_MAX);
    expect(kept['https://a.example/0']).toBeUndefined();
    expect(kept['https://a.example/1']).toBeDefined();
    expect(kept['https://b.example/new']).toEqual({ verdict: 'uplifting', drivers: ['joy'], at: t.now() });
  });

  it("the server's result the popup fetched keeps its verdict (server mode)", async () => {
    const ID = '0b6f8a52-6a53-4c39-9d4c-2d2f1f2b7e10';
    const t = labelsSetup({
      routes: {
        'POST /api/extension/touchpoints': { status: 202, body: { success: true, id: ID } },
        [`GET /api/extension/touchpoints/${ID}`]: {
          status: 200,
          body: {
            success: true,
            touchpoint: {
              id: ID,
              status: 'done',
              analysis: {
                id: ID,
                url: 'https://news.example.com/story',
                createdAt: '2026-03-01T10:00:00.000Z',
                tokens: 12,
                categoryScores: Object.fromEntries(
                  CATEGORY_IDS.map((id) => [
                    id,
                    { BaseScore: 0, Classification: CATEGORIES[id].classification, BayesFactor: 1, PosteriorProbability: 0.5, EffectiveN: 1 },
                  ]),
                ),
                classificationAnalysis: { correlationCoefficient: 0, bayesFactor: 1, posteriorProbability: 0.5 },
                verdict: 'mixed',
                drivers: ['anger', 'hope'],
              },
            },
          },
        },
      },
    });
    t.data.apiKey = KEY;
    t.data.consent = { agreedAt: 0, version: CONSENT_VERSION };
    const text = 'Markets fell sharply today as fears of a downturn spread across the region, then rallied.';
    await handleCapture(t.ctx, { url: 'https://news.example.com/story', title: 'Markets', text }, { id: 7 });
    await t.ctx.queue.flush();
    await handleInternal(t.ctx, { kind: 'lastResult', tabId: 7 }, {});
    expect((t.data.labelVisited as Record<string, VisitedPage>)['https://news.example.com/story']).toMatchObject({
      verdict: 'mixed',
      drivers: ['anger', 'hope'],
    });
  });
});

describe('the labels context from the server', () => {
  const contextOk = {
    status: 200,
    body: {
      success: true,
      sensitivities: { joy: 0.5, calm: 0.5, gratitude: 0.5, hope: 0.5, curiosity: 0.5, compassion: 0.5, awe: 0.5, anger: 0.1, outrage: 0.5, fear: 0.9, anxiety: 0.5, sadness: 0.5, disgust: 0.5, envy: 0.5 },
      visited: [
        { url: 'https://news.example.com/newest', verdict: 'draining', drivers: ['fear'] },
        { url: 'https://news.example.com/older?utm_source=x', verdict: 'uplifting', drivers: ['joy'] },
      ],
    },
  };

  it('not connected: nothing asked; connected: asked with the key, kept, at most hourly unless forced', async () => {
    const t = labelsSetup({ routes: { 'GET /api/labels/context': contextOk } });
    await refreshLabelContext(t.ctx);
    expect(t.calls).toEqual([]);
    t.data.apiKey = KEY;
    await refreshLabelContext(t.ctx);
    expect(t.calls).toMatchObject([{ method: 'GET', path: '/api/labels/context', auth: `Bearer ${KEY}` }]);
    expect(t.data.labelContext).toEqual({ sensitivities: contextOk.body.sensitivities, fetchedAt: t.now() });
    expect(t.data.labelVisited).toEqual({
      'https://news.example.com/newest': { verdict: 'draining', drivers: ['fear'], at: t.now() },
      'https://news.example.com/older': { verdict: 'uplifting', drivers: ['joy'], at: t.now() - 1 },
    });
    t.advance(59 * 60_000);
    await refreshLabelContext(t.ctx);
    expect(t.calls).toHaveLength(1);
    // The hourly alarm asks.
    expect(onLabelAlarm(t.ctx, LABEL_CONTEXT_ALARM)).toBe(true);
    await vi.waitFor(() => expect(t.calls).toHaveLength(2));
    expect(onLabelAlarm(t.ctx, 'mediadiet-goals')).toBe(false);
  });

  it('the key refused: the sensitivities are forgotten', async () => {
    const t = labelsSetup({ routes: { 'GET /api/labels/context': { status: 401, body: { success: false, error: 'Invalid token' } } } });
    t.data.apiKey = KEY;
    t.data.labelContext = { sensitivities: { fear: 0.9 }, fetchedAt: 0 };
    await refreshLabelContext(t.ctx, true);
    expect(t.data.labelContext).toBeUndefined();
  });

  it('asked right after pairing; forgotten with the counts on disconnect', async () => {
    const t = labelsSetup({
      routes: {
        'POST /api/extension/verify': { status: 200, body: { success: true, extension: { status: 'on', isInstalled: true } } },
        'GET /api/labels/context': contextOk,
      },
    });
    await handleWebMessage(t.ctx, { type: 'CONNECT_EXTENSION', apiKey: KEY, userId: VALID_USER_ID, timestamp: t.now() }, TEST_CONFIG.webOrigin);
    await vi.waitFor(() => expect(t.data.labelContext).toBeDefined());
    expect(t.calls.filter((c) => c.path === '/api/labels/context')).toHaveLength(1);
    t.data.labelCounts = { '2026-03-01': { shown: { uplifting: 0, neutral: 1, mixed: 0, draining: 0 }, opened: { uplifting: 0, neutral: 0, mixed: 0, draining: 0 }, sent: false } };
    await handleWebMessage(t.ctx, { type: 'DISCONNECT_EXTENSION' }, TEST_CONFIG.webOrigin);
    expect(t.data.labelContext).toBeUndefined();
    expect(t.data.labelVisited).toBeUndefined();
    expect(t.data.labelCounts).toBeUndefined();
  });

  it('paired again with a new key after the old one was revoked: a day the old key took is not sent twice', async () => {
    const t = labelsSetup({
      routes: {
        'POST /api/extension/verify': { status: 200, body: { success: true, extension: { status: 'on', isInstalled: true } } },
        'GET /api/labels/context': contextOk,
      },
    });
    const counts = (neutral: number) => ({ uplifting: 0, neutral, mixed: 0, draining: 0 });
    // The old key took 3 labels shown on this day; 2 more came after; then the key was revoked (removed).
    t.data.labelCounts = {
      '2026-03-02': { shown: counts(5), opened: counts(0), sent: false, acked: { shown: counts(3), opened: counts(0) } },
    };
    await handleWebMessage(t.ctx, { type: 'CONNECT_EXTENSION', apiKey: KEY, userId: VALID_USER_ID, timestamp: t.now() }, TEST_CONFIG.webOrigin);
    expect(t.data.labelCounts).toEqual({ '2026-03-02': { shown: counts(2), opened: counts(0), sent: false } });
  });
});

describe('labelEvents: counts per day, sent with the key', () => {
  const zero = { uplifting: 0, neutral: 0, mixed: 0, draining: 0 };
  const report = (t: ReturnType<typeof labelsSetup>, shown: object, opened: object, sender = fromLabels) =>
    handleInternal(t.ctx, { kind: 'labelEvents', shown, opened }, sender);

  it("adds up per local day, schedules one upload a minute later, refuses malformed reports and other senders", async () => {
    const t = labelsSetup();
    expect(await report(t, { draining: 2, neutral: 3 }, { neutral: 1 })).toEqual({ success: true });
    expect(t.alarms.get(LABEL_COUNTS_SOON_ALARM)).toEqual({ when: t.now() + 60_000 });
    t.advance(20_000);
    expect(await report(t, { draining: 1 }, { draining: 1 })).toEqual({ success: true });
    // The upload already scheduled is not pushed back.
    expect(t.alarms.get(LABEL_COUNTS_SOON_ALARM)).toEqual({ when: t.now() - 20_000 + 60_000 });
    expect(t.data.labelCounts).toEqual({
      [localDay(t.now())]: { shown: { ...zero, draining: 3, neutral: 3 }, opened: { ...zero, neutral: 1, draining: 1 }, sent: false },
    });
    expect(await report(t, { scary: 1 }, {})).toMatchObject({ success: false, error: expect.stringMatching(/^The labels report is malformed/) as string });
    expect(await report(t, { draining: 1 }, {}, { id: 'self-id', url: 'chrome-extension://self-id/popup/popup.html' })).toEqual({
      success: false,
      error: LABEL_ERRORS.sender,
    });
    expect(t.calls).toEqual([]);
  });

  it('not connected: kept until paired; then PUT with the totals, marked sent; a failure keeps them', async () => {
    const t = labelsSetup({ routes: { 'PUT /api/labels/counts': { status: 200, body: { success: true, days: 1 } } } });
    await report(t, { draining: 2 }, { draining: 1 });
    expect(await uploadLabelCounts(t.ctx)).toBe('not-connected');
    expect(t.calls).toEqual([]);
    t.data.apiKey = KEY;
    t.routes['PUT /api/labels/counts'] = { status: 503, body: { success: false, error: 'down' } };
    expect(await uploadLabelCounts(t.ctx)).toBe('failed');
    expect(Object.values(t.data.labelCounts as object)[0]).toMatchObject({ sent: false });
    t.routes['PUT /api/labels/counts'] = { status: 200, body: { success: true, days: 1 } };
    // The soon alarm sends them.
    expect(onLabelAlarm(t.ctx, LABEL_COUNTS_SOON_ALARM)).toBe(true);
    await vi.waitFor(() => expect(Object.values(t.data.labelCounts as object)[0]).toMatchObject({ sent: true }));
    const puts = t.calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]).toEqual({
      method: 'PUT',
      path: '/api/labels/counts',
      auth: `Bearer ${KEY}`,
      body: { days: [{ day: localDay(t.now()), shown: { ...zero, draining: 2 }, opened: { ...zero, draining: 1 } }] },
    });
    expect(await uploadLabelCounts(t.ctx)).toBe('nothing');
    // More on the same day: the day's new totals replace the old ones on the server.
    await report(t, { neutral: 4 }, {});
    await uploadLabelCounts(t.ctx);
    expect(t.calls.at(-1)?.body).toEqual({ days: [{ day: localDay(t.now()), shown: { ...zero, draining: 2, neutral: 4 }, opened: { ...zero, draining: 1 } }] });
  });

  it('a refusal that can never succeed (400) is not retried', async () => {
    const t = labelsSetup({ routes: { 'PUT /api/labels/counts': { status: 400, body: { success: false, error: 'body.days: bad' } } } });
    t.data.apiKey = KEY;
    await report(t, { draining: 1 }, {});
    expect(await uploadLabelCounts(t.ctx)).toBe('failed');
    expect(await uploadLabelCounts(t.ctx)).toBe('nothing');
  });
});

/** A fake chrome.scripting and tabs with addresses, matching patterns the way the browser does (simplified). */
function withScripting(t: ReturnType<typeof labelsSetup>, openTabs: TabInfo[]) {
  const registered = new Map<string, RegisteredContentScript>();
  const injected: number[] = [];
  const changed: ((changes: Record<string, { newValue?: unknown }>, area: string) => void)[] = [];
  const added: ((p: { origins?: string[] }) => void)[] = [];
  const matches = (pattern: string, url: string) => {
    const m = /^(https?):\/\/(\*\.)?([^/]+)(\/.*)$/.exec(pattern)!;
    const u = new URL(url);
    const host = m[2] ? u.hostname === m[3] || u.hostname.endsWith(`.${m[3]}`) : u.hostname === m[3];
    const path = new RegExp(`^${m[4]!.replace(/[.?+^$()[\]{}|\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(u.pathname + u.search);
    return u.protocol === `${m[1]}:` && host && path;
  };
  const scripting = {
    registerContentScripts: vi.fn((scripts: RegisteredContentScript[]) => {
      for (const s of scripts) {
        if (registered.has(s.id)) return Promise.reject(new Error(`Duplicate script ID '${s.id}'`));
        registered.set(s.id, structuredClone(s));
      }
      return Promise.resolve();
    }),
    updateContentScripts: vi.fn((scripts: RegisteredContentScript[]) => {
      for (const s of scripts) registered.set(s.id, { ...registered.get(s.id)!, ...structuredClone(s) });
      return Promise.resolve();
    }),
    unregisterContentScripts: vi.fn((filter?: { ids?: string[] }) => {
      for (const id of filter?.ids ?? [...registered.keys()]) registered.delete(id);
      return Promise.resolve();
    }),
    getRegisteredContentScripts: (filter?: { ids?: string[] }) =>
      Promise.resolve([...registered.values()].filter((s) => !filter?.ids || filter.ids.includes(s.id)).map((s) => structuredClone(s))),
    executeScript: vi.fn(({ target }: { target: { tabId: number }; files: string[] }) => {
      injected.push(target.tabId);
      return Promise.resolve([]);
    }),
  };
  t.browser.scripting = scripting;
  t.browser.tabs!.query = (q) =>
    Promise.resolve(openTabs.filter((tab) => tab.url && [q.url ?? []].flat().some((p) => matches(p, tab.url!))));
  t.browser.storage.onChanged = { addListener: (l) => changed.push(l) };
  t.browser.permissions = { contains: () => Promise.resolve(true), onAdded: { addListener: (l) => added.push(l) } };
  const setLabels = (value: unknown) => {
    t.data.labels = value;
    for (const l of changed) l({ labels: { newValue: value } }, 'local');
  };
  return { registered, injected, scripting, setLabels, grant: (origins: string[]) => added.forEach((l) => l({ origins })) };
}

describe('where the labels script runs', () => {
  const tabs: TabInfo[] = [
    { id: 11, url: 'https://www.google.com/search?q=storm' },
    { id: 12, url: 'https://www.nytimes.com/2026/11/28/world/storm.html' },
    { id: 13, url: 'https://www.google.com/maps' },
    { id: 14, url: 'https://blog.example.org/' },
  ];

  it('registered for the enabled sites at start-up, persisted, at document_idle; open tabs of them get it', async () => {
    const t = labelsSetup();
    const s = withScripting(t, tabs);
    expect(await syncLabelScripts(t.ctx, true)).toContain('https://www.google.com/search*');
    const script = s.registered.get(LABELS_SCRIPT_ID)!;
    expect(script).toMatchObject({ id: 'mediadiet-labels', js: ['content/labels.js'], runAt: 'document_idle', persistAcrossSessions: true, allFrames: false });
    expect(script.matches).toContain('https://www.bing.com/search*');
    expect(script.matches).toContain('https://duckduckgo.com/*');
    expect(s.injected).toEqual([11]);
    // Again with nothing changed: nothing registered, nothing injected.
    expect(await syncLabelScripts(t.ctx, true)).toEqual([]);
    expect(s.scripting.updateContentScripts).not.toHaveBeenCalled();
    expect(s.injected).toEqual([11]);
  });

  it('follows the labels setting: a site switched on gets the script in its open tabs, without a reload', async () => {
    const t = labelsSetup();
    const s = withScripting(t, tabs);
    listen(t.ctx);
    await syncLabelScripts(t.ctx, false);
    s.setLabels({ sites: { 'nytimes.com': true } });
    await vi.waitFor(() => expect(s.injected).toEqual([12]));
    expect(s.registered.get(LABELS_SCRIPT_ID)!.matches).toContain('https://*.nytimes.com/*');
    expect(s.scripting.updateContentScripts).toHaveBeenCalledTimes(1);
    // Google Search off: updated, nothing injected.
    s.setLabels({ sites: { 'nytimes.com': true, 'google.com': false } });
    await vi.waitFor(() => expect(s.scripting.updateContentScripts).toHaveBeenCalledTimes(2));
    expect(s.registered.get(LABELS_SCRIPT_ID)!.matches!.some((m) => m.includes('google'))).toBe(false);
    // Labels off everywhere: the script is unregistered.
    s.setLabels({ enabled: false });
    await vi.waitFor(() => expect(s.registered.size).toBe(0));
    expect(s.injected).toEqual([12]);
  });

  it('a host permission granted for an added site: its open tabs get the script', async () => {
    const t = labelsSetup();
    const s = withScripting(t, tabs);
    listen(t.ctx);
    t.data.labels = { sites: { 'example.org': true } };
    await syncLabelScripts(t.ctx, false);
    s.grant(['https://*.example.org/*']);
    await vi.waitFor(() => expect(s.injected).toEqual([14]));
    s.grant(['https://*.unrelated.example/*']);
    await new Promise((r) => setTimeout(r, 10));
    expect(s.injected).toEqual([14]);
  });

  it('start-up registers it and asks for the context', async () => {
    const t = labelsSetup({ routes: { 'GET /api/labels/context': { status: 200, body: { success: true, sensitivities: null, visited: [] } } } });
    const s = withScripting(t, tabs);
    const started: (() => void)[] = [];
    t.browser.runtime.onStartup = { addListener: (l) => started.push(l) };
    t.data.apiKey = KEY;
    listen(t.ctx);
    started.forEach((l) => l());
    await vi.waitFor(() => expect(s.registered.has(LABELS_SCRIPT_ID)).toBe(true));
    await vi.waitFor(() => expect(t.data.labelContext).toEqual({ sensitivities: null, fetchedAt: t.now() }));
    expect(t.alarms.get(LABEL_CONTEXT_ALARM)).toEqual({ periodInMinutes: 60 });
  });
});
