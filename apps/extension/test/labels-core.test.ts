// @vitest-environment jsdom
import type { Verdict } from '@mediadiet/contract/analysis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserApi } from '../src/browser';
import { DEBOUNCE_MS, EVENTS_DEBOUNCE_MS, startLabels, type LabelsHandle } from '../src/content/labels-core';
import { FOLD_BUTTON } from '../src/content/labels-view';
import { LABEL_BATCH_MAX, type LabelReply, type LabelRequest, type LinkLabel, type LinkToLabel } from '../src/labels/protocol';
import { LABELS_STORAGE_KEY, readLabelSettings } from '../src/labels/settings';
import type { InternalMessage } from '../src/messaging';
import { googlePage, hackerNewsPage, newsFrontPage, redditPage, results, type Fixture } from './labels-fixtures';
import { loadPage } from './labels-page';

const verdictOf = (headline: string): Verdict =>
  /massacre|killed/i.test(headline) ? 'draining' : /puppy|rescue/i.test(headline) ? 'uplifting' : /kettle/i.test(headline) ? 'neutral' : 'mixed';

/** What the background would answer (the analyzer stands in as a few keywords); hide follows the settings. */
function labelFor(link: LinkToLabel, settings: unknown): LinkLabel | null {
  const s = readLabelSettings(settings);
  const verdict = verdictOf(link.headline);
  if (!s.verdicts[verdict]) return null;
  const text = verdict === 'draining' ? 'Likely draining: fear' : `Likely ${verdict}`;
  return { verdict, category: verdict === 'draining' ? 'Fear' : null, source: 'headline', text, hide: verdict === 'draining' && s.hideDraining };
}

/** A fake `chrome.*` for the content script: storage (with onChanged) and a background that answers labelLinks. */
function fakeChrome(initial?: unknown) {
  let settings = initial;
  const sent: InternalMessage[] = [];
  const changeListeners: ((changes: Record<string, { newValue?: unknown }>, area: string) => void)[] = [];
  let answer: (req: LabelRequest) => Promise<LabelReply> = (req) =>
    Promise.resolve({ labels: req.links.map((l) => labelFor(l, settings)) });
  const browser: Pick<BrowserApi, 'runtime' | 'storage'> = {
    runtime: {
      id: 'self-id',
      getManifest: () => ({ version: '1.0.0' }),
      sendMessage: (message: unknown) => {
        const m = message as InternalMessage;
        sent.push(structuredClone(m));
        if (m.kind === 'labelLinks') return answer(m);
        return Promise.resolve({ success: true });
      },
      onMessage: { addListener: () => undefined },
    },
    storage: {
      local: {
        get: () => Promise.resolve(settings === undefined ? {} : { [LABELS_STORAGE_KEY]: structuredClone(settings) }),
        set: () => Promise.resolve(),
        remove: () => Promise.resolve(),
      },
      onChanged: { addListener: (l) => void changeListeners.push(l) },
    },
  };
  return {
    browser,
    sent,
    requests: () => sent.filter((m): m is InternalMessage<'labelLinks'> => m.kind === 'labelLinks'),
    events: () => sent.filter((m): m is InternalMessage<'labelEvents'> => m.kind === 'labelEvents'),
    /** The person changes the settings (the popup or the options page writes them). */
    change(next: unknown) {
      settings = next;
      for (const l of changeListeners) l({ [LABELS_STORAGE_KEY]: { newValue: structuredClone(next) } }, 'local');
    },
    answerWith(fn: (req: LabelRequest) => Promise<LabelReply>) {
      answer = fn;
    },
  };
}

let handle: LabelsHandle | undefined;
const start = (chrome: ReturnType<typeof fakeChrome>) => {
  handle = startLabels({ win: window, browser: chrome.browser });
  return handle;
};
/** Lets the storage read, the scan, the request and the reply happen. */
const settle = () => vi.advanceTimersByTimeAsync(DEBOUNCE_MS + 10);
const labels = () => [...document.querySelectorAll('[data-mediadiet-label]')];
const labelAfter = (a: Element) => (a.nextElementSibling?.hasAttribute('data-mediadiet-label') ? a.nextElementSibling : null);

/** A row more on Hacker News (a story that came in). */
let added = 0;
function addRow() {
  added++;
  document.querySelector('.itemlist')!.insertAdjacentHTML('beforeend', `<tr class="athing"><td class="title"><span class="titleline"><a href="https://more.example/r${added}">One more story ${added}</a></span></td></tr>`);
}

function show(fixture: Fixture) {
  loadPage(fixture);
  return fixture;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  handle?.stop();
  handle = undefined;
  vi.useRealTimers();
});

describe('labelling a page', () => {
  it('asks once for the page’s results and places each label right after its link', async () => {
    const page = show(googlePage());
    const chrome = fakeChrome();
    start(chrome);
    await settle();
    const [req, ...more] = chrome.requests();
    expect(more).toEqual([]);
    expect(req!.pageUrl).toBe(page.url);
    expect(req!.links).toEqual(results().map((r) => ({ url: r.url, headline: r.title, snippet: r.snippet })));
    const links = [...document.querySelectorAll<HTMLAnchorElement>('#rso a[jsname]')];
    expect(links.map((a) => labelAfter(a)?.getAttribute('data-mediadiet-label'))).toEqual(['draining', 'uplifting', 'neutral', 'mixed']);
    expect(labelAfter(links[0]!)!.getAttribute('aria-label')).toBe('Likely draining: fear');
    expect(labelAfter(links[0]!)!.getAttribute('title')).toBe('Likely draining: fear');
    expect(labels()).toHaveLength(4);
  });

  it('does nothing on a site that is not switched on', async () => {
    show(newsFrontPage());
    const chrome = fakeChrome();
    start(chrome);
    await settle();
    expect(chrome.sent).toEqual([]);
    expect(labels()).toEqual([]);
  });

  it('labels any site the person switched on (the generic adapter)', async () => {
    show(newsFrontPage());
    const chrome = fakeChrome({ sites: { 'gazette.example': true } });
    start(chrome);
    await settle();
    expect(chrome.requests()[0]!.links.map((l) => l.headline)).toHaveLength(4);
    expect(labels().map((l) => l.getAttribute('data-mediadiet-label'))).toEqual(['mixed', 'uplifting', 'mixed', 'mixed']);
  });

  it('puts a new Reddit post’s label into the same slot as its title link', async () => {
    show(redditPage());
    const chrome = fakeChrome({ sites: { 'reddit.com': true } });
    start(chrome);
    await settle();
    const title = document.querySelector('shreddit-post a[slot="title"]')!;
    expect(labelAfter(title)!.getAttribute('slot')).toBe('title');
  });

  it('chooses the dark palette on a dark page', async () => {
    show({ ...hackerNewsPage(), head: '<style>body { background-color: #1a1a1a } </style>' });
    const chrome = fakeChrome({ sites: { 'news.ycombinator.com': true } });
    start(chrome);
    await settle();
    expect(labels().map((l) => l.getAttribute('data-mediadiet-theme'))).toEqual(['dark', 'dark', 'dark', 'dark']);
    expect(labels()[0]!.shadowRoot!.querySelector('[part="pill"]')!.classList.contains('dark')).toBe(true);
  });

  it('reads no layout while scanning and placing labels', async () => {
    show(googlePage(results(50)));
    // Computed styles are allowed (they need no layout); jsdom computes them slowly, so they are stubbed here.
    const style = vi.spyOn(window, 'getComputedStyle').mockReturnValue({ backgroundColor: 'rgb(255, 255, 255)' } as CSSStyleDeclaration);
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    const offset = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get');
    const chrome = fakeChrome();
    start(chrome);
    await settle();
    expect(labels()).toHaveLength(50);
    expect(rect).not.toHaveBeenCalled();
    expect(offset).not.toHaveBeenCalled();
    rect.mockRestore();
    offset.mockRestore();
    style.mockRestore();
  });
});

describe('batching', () => {
  const addStory = (i: number) => {
    const list = document.querySelector('.itemlist > tbody') ?? document.querySelector('.itemlist')!;
    const [r] = results(1).map((x) => ({ ...x, url: `https://more.example/${i}`, title: `Another story number ${i} killed` }));
    list.insertAdjacentHTML(
      'beforeend',
      `<tr class="athing submission" id="9${i}"><td class="title"><span class="titleline"><a href="${r!.url}">${r!.title}</a></span></td></tr><tr><td class="subtext">1 point</td></tr><tr class="spacer"></tr>`,
    );
  };

  it('several changes in a row make one scan and one request with only the new links', async () => {
    show(hackerNewsPage());
    const chrome = fakeChrome({ sites: { 'news.ycombinator.com': true } });
    start(chrome);
    await settle();
    expect(chrome.requests()).toHaveLength(1);
    for (let i = 0; i < 5; i++) {
      addStory(i);
      await vi.advanceTimersByTimeAsync(DEBOUNCE_MS / 3);
    }
    expect(chrome.requests()).toHaveLength(1);
    await settle();
    expect(chrome.requests()).toHaveLength(2);
    expect(chrome.requests()[1]!.links.map((l) => l.url)).toEqual([0, 1, 2, 3, 4].map((i) => `https://more.example/${i}`));
    expect(labels()).toHaveLength(9);
  });

  it('a page that never stops changing is still scanned within the maximum wait', async () => {
    show(hackerNewsPage());
    const chrome = fakeChrome({ sites: { 'news.ycombinator.com': true } });
    start(chrome);
    await settle();
    addStory(0);
    // A ticker adds an element every 100 ms, forever.
    for (let t = 0; t < 1200; t += 100) {
      document.body.append(document.createElement('i'));
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(chrome.requests()).toHaveLength(2);
  });

  it('our own labels do not make the page scan again', async () => {
    show(hackerNewsPage());
    const chrome = fakeChrome({ sites: { 'news.ycombinator.com': true } });
    const onWork = vi.fn();
    handle = startLabels({ win: window, browser: chrome.browser, onWork });
    await settle();
    await settle();
    expect(onWork.mock.calls.filter(([phase]) => phase === 'scan')).toHaveLength(1);
  });

  it(`sends at most LABEL_BATCH_MAX (${LABEL_BATCH_MAX}) links a request`, async () => {
    show(hackerNewsPage(results(201)));
    // jsdom computes styles slowly; the colours do not matter here.
    vi.spyOn(window, 'getComputedStyle').mockReturnValue({ backgroundColor: 'rgb(255, 255, 255)' } as CSSStyleDeclaration);
    const chrome = fakeChrome({ sites: { 'news.ycombinator.com': true } });
    start(chrome);
    await settle();
    expect(chrome.requests().map((r) => r.links.length)).toEqual([100, 100, 1]);
    expect(labels()).toHaveLength(201);
    vi.mocked(window.getComputedStyle).mockRestore();
  });

  it('never asks twice about a link whose answer is on its way, and once for identical links', async () => {
    show({
      url: 'https://gazette.example/',
      body: `<main><ul><li><h3><a href="/same">The same story told twice on one page</a></h3></li><li><h3><a href="/same">The same story told twice on one page</a></h3></li></ul></main>`,
    });
    const chrome = fakeChrome({ sites: { 'gazette.example': true } });
    let release: () => void = () => undefined;
    chrome.answerWith((req) => new Promise((resolve) => (release = () => resolve({ labels: req.links.map((l) => labelFor(l, {})) }))));
    start(chrome);
    await settle();
    document.querySelector('ul')!.append(document.createElement('li'));
    await settle();
    expect(chrome.requests()).toHaveLength(1);
    expect(chrome.requests()[0]!.links).toHaveLength(1);
    release();
    await settle();
    expect(labels()).toHaveLength(2);
  });

  it('puts back a label the page’s own script took away', async () => {
    show(hackerNewsPage());
    const chrome = fakeChrome({ sites: { 'news.ycombinator.com': true } });
    start(chrome);
    await settle();
    const link = document.querySelector('.titleline > a')!;
    labelAfter(link)!.remove();
    link.parentElement!.append(document.createElement('span'));
    await settle();
    expect(labelAfter(link)).not.toBeNull();
    expect(chrome.requests()).toHaveLength(1);
  });

  it('a single-page app’s navigation: the new results are labelled and count as shown on the new page', async () => {
    show(hackerNewsPage(results(1)));
    const chrome = fakeChrome({ sites: { 'news.ycombinator.com': true } });
    start(chrome);
    await settle();
    history.pushState({}, '', '/news?p=2');
    document.querySelector('.itemlist')!.outerHTML = hackerNewsPage(results(2)).body.match(/<table border="0" cellpadding="0" cellspacing="0" class="itemlist">[\s\S]*?<\/table>/)![0];
    await settle();
    expect(chrome.requests()).toHaveLength(2);
    expect(chrome.requests()[1]!.pageUrl).toBe('https://news.ycombinator.com/news?p=2');
    expect(labels()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(EVENTS_DEBOUNCE_MS);
    const shown = chrome.events().map((e) => e.shown);
    // The first page's story was shown there; on the new page it is shown again, with one more.
    expect(shown).toEqual([{ draining: 1 }, { draining: 1, uplifting: 1 }]);
  });
});

describe('switching off and on without a reload', () => {
  it('the background says off: every label goes', async () => {
    show(googlePage());
    const chrome = fakeChrome();
    start(chrome);
    await settle();
    expect(labels()).toHaveLength(4);
    chrome.answerWith(() => Promise.resolve({ off: true }));
    // One more result comes in (infinite scroll); by now the background says labels are off here.
    const more = document.querySelector('#rso .MjjYud')!.cloneNode(true) as Element;
    for (const el of more.querySelectorAll('[data-mediadiet-label]')) el.remove();
    more.querySelector('a')!.href = 'https://new.example/';
    more.querySelector('h3')!.textContent = 'A result that came in later';
    document.querySelector('#rso')!.append(more);
    await settle();
    // The reply for the new result was off: nothing is left.
    expect(labels()).toEqual([]);
  });

  it('labels off everywhere removes them; on again labels the page again', async () => {
    show(googlePage());
    const chrome = fakeChrome();
    start(chrome);
    await settle();
    chrome.change({ enabled: false });
    expect(labels()).toEqual([]);
    chrome.change({ enabled: true });
    await settle();
    expect(chrome.requests()).toHaveLength(2);
    expect(labels()).toHaveLength(4);
  });

  it('the site switched off removes its labels; another site’s switch changes nothing here', async () => {
    show(googlePage());
    const chrome = fakeChrome();
    start(chrome);
    await settle();
    chrome.change({ sites: { 'bing.com': false } });
    await settle();
    expect(labels()).toHaveLength(4);
    expect(chrome.requests()).toHaveLength(1);
    chrome.change({ sites: { 'google.com': false } });
    expect(labels()).toEqual([]);
  });

  it('a verdict switched off goes at once, before the background answers again', async () => {
    show(googlePage());
    const chrome = fakeChrome();
    start(chrome);
    await settle();
    chrome.answerWith(() => new Promise(() => undefined));
    chrome.change({ verdicts: { draining: false } });
    expect(labels().map((l) => l.getAttribute('data-mediadiet-label'))).toEqual(['uplifting', 'neutral', 'mixed']);
    expect(chrome.requests()).toHaveLength(2);
  });
});

describe('hide draining results', () => {
  it('folds a draining result behind a note; Show reveals it; the setting off shows them all', async () => {
    show(hackerNewsPage(results(8)));
    const chrome = fakeChrome({ sites: { 'news.ycombinator.com': true }, hideDraining: true });
    start(chrome);
    await settle();
    const notes = () => [...document.querySelectorAll('[data-mediadiet-fold]')];
    expect(notes()).toHaveLength(2);
    const [first] = document.querySelectorAll<HTMLTableRowElement>('tr.athing');
    expect(first!.style.display).toBe('none');
    expect(first!.previousElementSibling).toBe(notes()[0]);
    // The label stays on the hidden result, for when it is shown.
    expect(labelAfter(first!.querySelector('.titleline > a')!)!.getAttribute('data-mediadiet-label')).toBe('draining');

    const button = notes()[0]!.querySelector('mediadiet-fold')!.shadowRoot!.querySelector('button')!;
    expect(button.textContent).toBe(FOLD_BUTTON);
    button.click();
    expect(first!.style.display).toBe('');
    expect(notes()).toHaveLength(1);
    expect(document.activeElement).toBe(first!.querySelector('.titleline > a'));

    chrome.change({ sites: { 'news.ycombinator.com': true }, hideDraining: false });
    expect(notes()).toEqual([]);
    expect([...document.querySelectorAll<HTMLElement>('tr')].filter((tr) => tr.style.display === 'none')).toEqual([]);
  });

  it('labels switched off show every folded result again', async () => {
    show(hackerNewsPage());
    const chrome = fakeChrome({ sites: { 'news.ycombinator.com': true }, hideDraining: true });
    start(chrome);
    await settle();
    expect(document.querySelectorAll('[data-mediadiet-folded]')).toHaveLength(3);
    chrome.change({ enabled: false, hideDraining: true });
    expect(document.querySelectorAll('[data-mediadiet-folded]')).toHaveLength(0);
    expect(document.querySelectorAll('[data-mediadiet-fold]')).toHaveLength(0);
  });
});

describe('counting', () => {
  it('labels shown once per link, labelled links opened by click, middle click or Enter; counts only', async () => {
    show(googlePage());
    const chrome = fakeChrome();
    start(chrome);
    await settle();
    const links = [...document.querySelectorAll<HTMLAnchorElement>('#rso a[jsname]')];
    const prevent = (e: Event) => e.preventDefault();
    document.addEventListener('click', prevent);
    links[0]!.querySelector('h3')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    links[0]!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })); // the same link again
    links[1]!.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
    links[2]!.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 2 })); // a right click
    links[3]!.focus();
    links[3]!.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'Enter' }));
    document.querySelector<HTMLAnchorElement>('#hdtb-sc a')!.click(); // not a labelled link
    document.removeEventListener('click', prevent);
    expect(chrome.events()).toEqual([]);
    await vi.advanceTimersByTimeAsync(EVENTS_DEBOUNCE_MS);
    expect(chrome.events()).toEqual([
      {
        kind: 'labelEvents',
        shown: { draining: 1, uplifting: 1, neutral: 1, mixed: 1 },
        opened: { draining: 1, uplifting: 1, mixed: 1 },
      },
    ]);
    expect(JSON.stringify(chrome.events())).not.toMatch(/http|www|\.com/);
  });

  it('reports what is left when the page goes away', async () => {
    show(googlePage());
    const chrome = fakeChrome();
    start(chrome);
    await settle();
    window.dispatchEvent(new Event('pagehide'));
    expect(chrome.events()).toHaveLength(1);
    expect(chrome.events()[0]!.shown).toEqual({ draining: 1, uplifting: 1, neutral: 1, mixed: 1 });
  });

  it('a relabel does not count the same labels as shown again', async () => {
    show(googlePage());
    const chrome = fakeChrome();
    start(chrome);
    await settle();
    chrome.change({ hideDraining: true });
    await settle();
    await vi.advanceTimersByTimeAsync(EVENTS_DEBOUNCE_MS);
    expect(chrome.events().map((e) => e.shown)).toEqual([{ draining: 1, uplifting: 1, neutral: 1, mixed: 1 }]);
  });
});

describe('when the background cannot answer', () => {
  it('asks again on a later scan', async () => {
    show(hackerNewsPage());
    const chrome = fakeChrome({ sites: { 'news.ycombinator.com': true } });
    chrome.answerWith(() => Promise.reject(new Error('Could not establish connection. Receiving end does not exist.')));
    start(chrome);
    await settle();
    expect(labels()).toEqual([]);
    chrome.answerWith((req) => Promise.resolve({ labels: req.links.map((l) => labelFor(l, {})) }));
    document.querySelector('.itemlist')!.append(document.createElement('tr'));
    await settle();
    expect(chrome.requests()).toHaveLength(2);
    expect(labels()).toHaveLength(4);
  });

  it('the extension was updated or removed: its labels go and it stops', async () => {
    show(hackerNewsPage());
    const chrome = fakeChrome({ sites: { 'news.ycombinator.com': true } });
    start(chrome);
    await settle();
    expect(labels()).toHaveLength(4);
    (chrome.browser.runtime as { id?: string }).id = undefined;
    chrome.answerWith(() => Promise.reject(new Error('Extension context invalidated.')));
    addRow();
    await settle();
    expect(labels()).toEqual([]);
    addRow();
    await settle();
    expect(chrome.requests()).toHaveLength(2);
  });
});

describe('stop', () => {
  it('takes everything away and stops watching', async () => {
    show(hackerNewsPage());
    const chrome = fakeChrome({ sites: { 'news.ycombinator.com': true }, hideDraining: true });
    start(chrome).stop();
    await settle();
    expect(chrome.requests()).toEqual([]);
    const again = fakeChrome({ sites: { 'news.ycombinator.com': true }, hideDraining: true });
    start(again);
    await settle();
    expect(labels()).toHaveLength(4);
    handle!.stop();
    expect(labels()).toEqual([]);
    expect(document.querySelectorAll('[data-mediadiet-fold], [data-mediadiet-folded]')).toHaveLength(0);
    document.querySelector('.itemlist')!.append(document.createElement('tr'));
    await settle();
    expect(again.requests()).toHaveLength(1);
  });
});
