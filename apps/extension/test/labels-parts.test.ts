import { describe, expect, it } from 'vitest';
import { addEvents, countsBody, localDay, markSent, rebaseForNewKey, type LabelDays } from '../src/labels/counts';
import { Lru } from '../src/labels/lru';
import {
  BUILT_IN_MATCHES,
  GOOGLE_SEARCH_DOMAINS,
  LABEL_HOST_PERMISSIONS,
  labelMatches,
  originOfMatch,
  sitePermissionOrigins,
} from '../src/labels/registration';
import { DEFAULT_LABEL_SETTINGS, readLabelSettings, type LabelSettings } from '../src/labels/settings';
import { pageKey, siteOf } from '../src/labels/url';
import { unwrapResultUrl } from '../src/labels/unwrap';
import { HEADLINE_MAX, parseLabelEvents, parseLabelRequest, SNIPPET_MAX } from '../src/labels/validate';

const TARGET = 'https://news.example.com/2026/11/storm?id=7';

describe('search result links: unwrapped by reading the address only', () => {
  it("Google's /url?q= and /url?url=, on google.com and its country domains", () => {
    expect(unwrapResultUrl(`https://www.google.com/url?sa=t&q=${encodeURIComponent(TARGET)}&ved=x`)).toBe(TARGET);
    expect(unwrapResultUrl(`https://www.google.de/url?url=${encodeURIComponent(TARGET)}`)).toBe(TARGET);
    expect(unwrapResultUrl(`https://google.co.uk/url?q=${encodeURIComponent(TARGET)}`)).toBe(TARGET);
  });

  it("Bing's /ck/a?…&u=a1<base64url>", () => {
    const b64url = Buffer.from(TARGET, 'utf8').toString('base64url');
    expect(unwrapResultUrl(`https://www.bing.com/ck/a?!&&p=abc&u=a1${b64url}&ntb=1`)).toBe(TARGET);
    // Not the a1 form: left as it is.
    const other = `https://www.bing.com/ck/a?u=zz${b64url}`;
    expect(unwrapResultUrl(other)).toBe(other);
  });

  it("DuckDuckGo's /l/?uddg=, and a wrapper inside a wrapper", () => {
    expect(unwrapResultUrl(`https://duckduckgo.com/l/?uddg=${encodeURIComponent(TARGET)}&rut=1`)).toBe(TARGET);
    const google = `https://www.google.com/url?q=${encodeURIComponent(TARGET)}`;
    expect(unwrapResultUrl(`https://duckduckgo.com/l/?uddg=${encodeURIComponent(google)}`)).toBe(TARGET);
  });

  it('leaves anything else, and a wrapper around a non-web address, as it is', () => {
    expect(unwrapResultUrl(TARGET)).toBe(TARGET);
    const js = `https://www.google.com/url?q=${encodeURIComponent('javascript:alert(1)')}`;
    expect(unwrapResultUrl(js)).toBe(js);
    // A site that merely has a /url path is not Google.
    const lookalike = `https://www.google.example.com/url?q=${encodeURIComponent(TARGET)}`;
    expect(unwrapResultUrl(lookalike)).toBe(lookalike);
    expect(unwrapResultUrl('not a url')).toBe('not a url');
  });
});

describe('the key of a read page', () => {
  it('drops the fragment, tracking parameters and any query but a content id', () => {
    expect(pageKey('https://News.Example.com/a/story?utm_source=x&utm_medium=y&gclid=1&fbclid=2#comments')).toBe(
      'https://news.example.com/a/story',
    );
    expect(pageKey('https://www.youtube.com/watch?v=abc&utm_campaign=z&t=30')).toBe('https://www.youtube.com/watch?v=abc');
    expect(pageKey('https://news.ycombinator.com/item?id=42&p=2')).toBe('https://news.ycombinator.com/item?id=42');
  });

  it('unwraps first, so a result link and the page read meet', () => {
    const wrapped = `https://www.google.com/url?q=${encodeURIComponent('https://news.example.com/a/story?utm_source=google')}`;
    expect(pageKey(wrapped)).toBe(pageKey('https://news.example.com/a/story#top'));
  });

  it('has none for anything but a web page', () => {
    expect(pageKey('mailto:someone@example.com')).toBeNull();
    expect(pageKey('javascript:void(0)')).toBeNull();
    expect(pageKey('')).toBeNull();
  });

  it("names the page's site without www.", () => {
    expect(siteOf('https://www.example.com/a')).toBe('example.com');
    expect(siteOf('https://news.example.com/a')).toBe('news.example.com');
    expect(siteOf('nope')).toBeNull();
  });
});

describe('the LRU of headline results', () => {
  it('keeps the most recently used entries, at most max', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3); // b goes
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
    lru.set('a', 10);
    expect(lru.get('a')).toBe(10);
    expect(() => new Lru(0)).toThrow();
  });
});

describe('the content script’s messages', () => {
  const link = { url: TARGET, headline: 'Storm hits', snippet: 'Thousands without power.' };

  it('a request of at most 100 links, headlines and snippets cut to their caps', () => {
    const long = parseLabelRequest({
      kind: 'labelLinks',
      pageUrl: 'https://www.google.com/search?q=storm',
      links: [{ url: TARGET, headline: `  A\n\n headline ${'x'.repeat(1000)}`, snippet: 'y'.repeat(5000) }],
    });
    expect(long.ok).toBe(true);
    if (!long.ok) return;
    expect(long.value.links[0]!.headline.startsWith('A headline x')).toBe(true);
    expect(long.value.links[0]!.headline).toHaveLength(HEADLINE_MAX);
    expect(long.value.links[0]!.snippet).toHaveLength(SNIPPET_MAX);
    expect(parseLabelRequest({ pageUrl: 'https://a.example/', links: Array.from({ length: 100 }, () => link) }).ok).toBe(true);
  });

  it('refuses anything malformed, saying what', () => {
    const refused = (message: unknown) => {
      const r = parseLabelRequest(message);
      return r.ok ? null : r.error;
    };
    expect(refused({ pageUrl: 'https://a.example/', links: Array.from({ length: 101 }, () => link) })).toBe(
      'The labels request is malformed (links: at most 100 links a request)',
    );
    expect(refused({ pageUrl: 'https://a.example/', links: [{ ...link, headline: 7 }] })).toMatch(
      /^The labels request is malformed \(links\.0\.headline: /,
    );
    expect(refused({ pageUrl: 'https://a.example/', links: [{ ...link, url: `https://a.example/${'p'.repeat(9000)}` }] })).toBe(
      "The labels request is malformed (links.0.url: a link's address is longer than 8192 characters)",
    );
    expect(refused({ pageUrl: 'https://a.example/' })).toMatch(/^The labels request is malformed \(links: /);
    expect(refused(null)).toMatch(/^The labels request is malformed/);
  });

  it('a report of events: counts by verdict only', () => {
    expect(parseLabelEvents({ kind: 'labelEvents', shown: { draining: 3, neutral: 1 }, opened: {} })).toEqual({
      ok: true,
      value: { shown: { draining: 3, neutral: 1 }, opened: {} },
    });
    expect(parseLabelEvents({ shown: { scary: 1 }, opened: {} }).ok).toBe(false);
    expect(parseLabelEvents({ shown: { draining: -1 }, opened: {} }).ok).toBe(false);
    expect(parseLabelEvents({ shown: { draining: 1.5 }, opened: {} }).ok).toBe(false);
    expect(parseLabelEvents({ shown: { draining: 10_001 }, opened: {} }).ok).toBe(false);
    expect(parseLabelEvents({ shown: {} }).ok).toBe(false);
  });
});

describe('counts per local day', () => {
  const zero = { uplifting: 0, neutral: 0, mixed: 0, draining: 0 };

  it("the day is the browser's local day", () => {
    expect(localDay(new Date(2026, 2, 1, 23, 59).getTime())).toBe('2026-03-01');
    expect(localDay(new Date(2026, 2, 2, 0, 1).getTime())).toBe('2026-03-02');
  });

  it('reports add up per day; nothing reported changes nothing', () => {
    let days: LabelDays = {};
    days = addEvents(days, '2026-03-01', { shown: { draining: 2, neutral: 5 }, opened: { neutral: 1 } });
    days = addEvents(days, '2026-03-01', { shown: { draining: 1 }, opened: { draining: 1 } });
    days = addEvents(days, '2026-03-02', { shown: { uplifting: 4 }, opened: {} });
    expect(days['2026-03-01']).toEqual({
      shown: { ...zero, draining: 3, neutral: 5 },
      opened: { ...zero, neutral: 1, draining: 1 },
      sent: false,
    });
    expect(addEvents(days, '2026-03-02', { shown: {}, opened: { draining: 0 } })).toBe(days);
  });

  it('keeps the newest 62 days', () => {
    let days: LabelDays = {};
    for (let d = 0; d < 70; d++) days = addEvents(days, localDay(new Date(2026, 0, 1 + d, 12).getTime()), { shown: { neutral: 1 }, opened: {} });
    const kept = Object.keys(days).sort();
    expect(kept).toHaveLength(62);
    expect(kept[0]).toBe('2026-01-09');
    expect(kept.at(-1)).toBe('2026-03-11');
  });

  it('the upload carries the days not sent as they are now, and a day that grew meanwhile goes again', () => {
    let days: LabelDays = {};
    days = addEvents(days, '2026-03-01', { shown: { draining: 2 }, opened: { draining: 1 } });
    days = addEvents(days, '2026-03-02', { shown: { neutral: 3 }, opened: {} });
    const body = countsBody(days)!;
    expect(body).toEqual({
      days: [
        { day: '2026-03-01', shown: { ...zero, draining: 2 }, opened: { ...zero, draining: 1 } },
        { day: '2026-03-02', shown: { ...zero, neutral: 3 }, opened: zero },
      ],
    });
    // The second day grew while the upload was on its way.
    const grown = addEvents(days, '2026-03-02', { shown: { neutral: 1 }, opened: {} });
    const after = markSent(grown, body);
    expect(after['2026-03-01']!.sent).toBe(true);
    expect(after['2026-03-02']!.sent).toBe(false);
    expect(countsBody(after)?.days.map((d) => [d.day, d.shown.neutral])).toEqual([['2026-03-02', 4]]);
    expect(countsBody(markSent(after, countsBody(after)!))).toBeNull();
  });

  it('paired again with a new key: only what the earlier key did not take is sent, and sent days go', () => {
    let days: LabelDays = {};
    days = addEvents(days, '2026-03-01', { shown: { draining: 2 }, opened: { draining: 1 } });
    days = addEvents(days, '2026-03-02', { shown: { neutral: 3 }, opened: {} });
    days = markSent(days, countsBody(days)!);
    // Later the same day, more labels; then the browser is paired again (the server counts per key).
    days = addEvents(days, '2026-03-02', { shown: { neutral: 2, draining: 1 }, opened: { neutral: 1 } });
    days = addEvents(days, '2026-03-03', { shown: { uplifting: 4 }, opened: {} });
    const rebased = rebaseForNewKey(days);
    expect(countsBody(rebased)).toEqual({
      days: [
        { day: '2026-03-02', shown: { ...zero, neutral: 2, draining: 1 }, opened: { ...zero, neutral: 1 } },
        { day: '2026-03-03', shown: { ...zero, uplifting: 4 }, opened: zero },
      ],
    });
    // Never sent under any key: all of it goes under the new one.
    const fresh = addEvents({}, '2026-03-04', { shown: { mixed: 1 }, opened: {} });
    expect(rebaseForNewKey(fresh)).toEqual(fresh);
  });
});

describe('where the labels script runs', () => {
  const settings = (over: Partial<LabelSettings> = {}): LabelSettings => ({ ...readLabelSettings(undefined), ...over });
  const googleSearch = GOOGLE_SEARCH_DOMAINS.map((d) => `https://www.${d}/search*`);

  it('by default: the search engines with their result paths, Google on every listed domain', () => {
    const matches = labelMatches(settings());
    expect(matches).toEqual(
      [...googleSearch, 'https://www.bing.com/search*', 'https://duckduckgo.com/*', 'https://html.duckduckgo.com/html*'].sort(),
    );
    expect(matches).toContain('https://www.google.com/search*');
    expect(matches).toContain('https://www.google.co.uk/search*');
    expect(matches).not.toContain('https://news.google.com/*');
  });

  it('news sites switched on, sites the person added (the site and its subdomains), a search engine off', () => {
    const matches = labelMatches(
      settings({ sites: { 'news.ycombinator.com': true, 'reddit.com': true, 'bing.com': false, 'nytimes.com': true, 'old.example.org': false } }),
    );
    expect(matches).toContain('https://news.ycombinator.com/*');
    expect(matches).toContain('https://*.reddit.com/*');
    expect(matches).toContain('https://*.nytimes.com/*');
    expect(matches).not.toContain('https://www.bing.com/search*');
    expect(matches.some((m) => m.includes('old.example.org'))).toBe(false);
  });

  it('Google Search off everywhere but a country domain switched on by itself', () => {
    const matches = labelMatches(settings({ sites: { 'google.com': false, 'google.de': true } }));
    expect(matches.filter((m) => m.includes('google'))).toEqual(['https://www.google.de/search*']);
  });

  it('none when labels are off; a stored host that is no host name is left out', () => {
    expect(labelMatches(settings({ enabled: false, sites: { 'nytimes.com': true } }))).toEqual([]);
    const matches = labelMatches(settings({ sites: { 'bad host/*': true, 'a..b': true, '*.evil': true, 'ok.example': true } }));
    expect(matches.filter((m) => m.startsWith('https://*.'))).toEqual(['https://*.ok.example/*']);
  });

  it('host permissions: the built-in sites in the manifest; an added site asks for its own', () => {
    expect(LABEL_HOST_PERMISSIONS).toContain('https://www.google.com/*');
    expect(LABEL_HOST_PERMISSIONS).toContain('https://www.google.de/*');
    expect(LABEL_HOST_PERMISSIONS).toContain('https://*.reddit.com/*');
    expect(new Set(LABEL_HOST_PERMISSIONS).size).toBe(LABEL_HOST_PERMISSIONS.length);
    // Every built-in match is covered by a manifest host permission.
    for (const { match } of BUILT_IN_MATCHES) expect(LABEL_HOST_PERMISSIONS).toContain(originOfMatch(match));
    expect(sitePermissionOrigins('www.nytimes.com')).toEqual(['https://*.nytimes.com/*']);
    expect(sitePermissionOrigins('news.ycombinator.com')).toEqual(['https://news.ycombinator.com/*']);
    expect(sitePermissionOrigins('bing.com')).toEqual(['https://www.bing.com/*']);
    expect(sitePermissionOrigins('google.com')).toHaveLength(GOOGLE_SEARCH_DOMAINS.length);
  });

  it('default settings read whole', () => {
    expect(labelMatches(DEFAULT_LABEL_SETTINGS)).toEqual(labelMatches(settings()));
  });
});
