// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { adapterFor, findLinks, linkTarget, type FoundLink } from '../src/content/labels-sites';
import {
  bingPage,
  bingWrap,
  duckduckgoHtmlPage,
  duckduckgoPage,
  googleNewsPage,
  googlePage,
  hackerNewsPage,
  newsFrontPage,
  oldRedditPage,
  redditPage,
  results,
  type Fixture,
} from './labels-fixtures';
import { loadPage } from './labels-page';

function find(fixture: Fixture): FoundLink[] {
  loadPage(fixture);
  return findLinks(document, new URL(fixture.url));
}

const R = results();
const expectResults = (found: FoundLink[], opts: { snippets: boolean }) => {
  expect(found.map((f) => f.url)).toEqual(R.map((r) => r.url));
  expect(found.map((f) => f.headline)).toEqual(R.map((r) => r.title));
  expect(found.map((f) => f.snippet)).toEqual(R.map((r) => (opts.snippets ? r.snippet : '')));
  for (const f of found) expect(f.container.contains(f.link)).toBe(true);
};

describe('site adapters on their result pages', () => {
  it('Google Search: a > h3 titles in #rso, the snippet of their block, the /url wrapper taken off, ads skipped', () => {
    const found = find(googlePage());
    expect(adapterFor(new URL(googlePage().url)).id).toBe('google');
    expectResults(found, { snippets: true });
    // The headline is the h3's text, not the link's (which also holds the site name and address).
    expect(found[0]!.link.textContent).toContain('www.bbc.com');
    // Each block is the result's own: its .MjjYud wrapper, holding only its title.
    for (const f of found) {
      expect(f.container.classList.contains('MjjYud')).toBe(true);
      expect(f.container.querySelectorAll('h3')).toHaveLength(1);
    }
    expect(found.map((f) => f.headline).join(' ')).not.toMatch(/Cheap flights|Sponsored/);
  });

  it('Google Search: only on /search, and on the country domains too', () => {
    loadPage(googlePage());
    expect(findLinks(document, new URL('https://www.google.com/maps'))).toEqual([]);
    expect(findLinks(document, new URL('https://www.google.de/search?q=news'))).toHaveLength(R.length);
  });

  it('Bing: #b_results > li.b_algo, h2 a, .b_caption p; the /ck/a wrapper decoded; the top ad skipped', () => {
    const found = find(bingPage());
    expectResults(found, { snippets: true });
    expect(found[0]!.link.getAttribute('href')).toBe(bingWrap(R[0]!.url));
    for (const f of found) expect(f.container.matches('li.b_algo')).toBe(true);
  });

  it('DuckDuckGo: result articles with their title link and snippet; the ad article skipped', () => {
    const found = find(duckduckgoPage());
    expect(adapterFor(new URL(duckduckgoPage().url)).id).toBe('duckduckgo');
    expectResults(found, { snippets: true });
    for (const f of found) expect(f.container.matches('article[data-testid="result"]')).toBe(true);
  });

  it('DuckDuckGo without script (html.duckduckgo.com): .result__a through /l/?uddg=, .result__snippet; ads skipped', () => {
    const found = find(duckduckgoHtmlPage());
    expect(adapterFor(new URL(duckduckgoHtmlPage().url)).id).toBe('duckduckgo');
    expectResults(found, { snippets: true });
    for (const f of found) expect(f.link.classList.contains('result__a')).toBe(true);
  });

  it('Google News: each article’s headline link (not the empty link over the card), the article as its block', () => {
    const found = find(googleNewsPage());
    expect(adapterFor(new URL(googleNewsPage().url)).id).toBe('google-news');
    expect(found.map((f) => f.headline)).toEqual(R.map((r) => r.title));
    expect(found.map((f) => f.snippet)).toEqual(R.map(() => ''));
    for (const f of found) {
      expect(f.link.classList.contains('JtKRv')).toBe(true);
      expect(f.url).toMatch(/^https:\/\/news\.google\.com\/read\/CBMi\d+AAA\?/);
      expect(f.container.tagName).toBe('ARTICLE');
    }
  });

  it('Hacker News: .titleline > a of each story; folding takes the title, subtext and spacer rows', () => {
    const found = find(hackerNewsPage());
    expectResults(found, { snippets: false });
    for (const f of found) {
      expect(f.container.matches('tr.athing')).toBe(true);
      expect(f.parts).toHaveLength(3);
      expect(f.parts[1]!.querySelector('.subtext')).not.toBeNull();
      expect(f.parts[2]!.matches('tr.spacer')).toBe(true);
    }
    // The header's links (new, past, …) and the site links beside titles are not stories.
    expect(found.some((f) => /newest|from\?site/.test(f.url))).toBe(false);
  });

  it('Reddit: shreddit-post title links and text previews, each post’s article as its block; promoted skipped', () => {
    const found = find(redditPage());
    expect(adapterFor(new URL(redditPage().url)).id).toBe('reddit');
    expect(found.map((f) => f.headline)).toEqual(R.map((r) => r.title));
    expect(found.map((f) => f.snippet)).toEqual(R.map((r) => r.snippet));
    for (const f of found) {
      expect(f.link.getAttribute('slot')).toBe('title');
      expect(f.url).toMatch(/^https:\/\/www\.reddit\.com\/r\/news\/comments\//);
      expect(f.container.tagName).toBe('ARTICLE');
    }
  });

  it('old Reddit: a.title in #siteTable things; the promoted link skipped', () => {
    const found = find(oldRedditPage());
    expectResults(found, { snippets: false });
    for (const f of found) expect(f.container.matches('.thing.link')).toBe(true);
  });

  it('any other site: headline links of 4+ words in h1–h3 or an article teaser; not its chrome, javascript: or the page itself', () => {
    const found = find(newsFrontPage());
    expect(adapterFor(new URL(newsFrontPage().url)).id).toBe('generic');
    expect(found.map((f) => f.headline)).toEqual([
      'Flood waters recede as the town begins a long clean-up',
      'Firefighters rescue a puppy trapped in a storm drain',
      'Local team wins the regional cup after extra time',
      'Council approves the new budget after a long debate',
    ]);
    expect(found[0]!.snippet).toMatch(/^Residents returned/);
    expect(found[0]!.container.tagName).toBe('ARTICLE');
    expect(found[1]!.url).toBe('https://gazette.example/2026/11/28/puppy-rescued');
    expect(found[3]!.container.tagName).toBe('LI');
  });
});

describe('a rescan', () => {
  it('leaves out the links found before, and a new headline’s block still stops short of the known ones', () => {
    const page = newsFrontPage();
    const first = find(page);
    const known = new Set(first.slice(0, 3).map((f) => f.link));
    const again = findLinks(document, new URL(page.url), (link) => known.has(link));
    expect(again.map((f) => f.headline)).toEqual([first[3]!.headline]);
    expect(again[0]!.container).toBe(first[3]!.container);
    for (const fixture of [googlePage(), bingPage(), duckduckgoPage(), hackerNewsPage(), redditPage(), googleNewsPage()]) {
      loadPage(fixture);
      expect(findLinks(document, new URL(fixture.url), () => true)).toEqual([]);
    }
  });
});

describe('links never labelled', () => {
  it('javascript:, mailto:, the page itself (with or without a #fragment), hidden links, our own elements', () => {
    loadPage({
      url: 'https://gazette.example/front',
      body: `<main>
<h2><a href="javascript:alert(1)">A headline that runs script on click</a></h2>
<h2><a href="mailto:desk@gazette.example">Write to the news desk about this</a></h2>
<h2><a href="/front#top">Back to the top of this page</a></h2>
<h2 aria-hidden="true"><a href="/hidden">A hidden copy of the next story</a></h2>
<h2><a href="/real">A real headline about the weather today</a></h2>
<mediadiet-fold data-mediadiet-fold="draining"><h2><a href="/ours">One of our own elements with a link</a></h2></mediadiet-fold>
</main>`,
    });
    expect(findLinks(document, new URL('https://gazette.example/front')).map((f) => f.url)).toEqual(['https://gazette.example/real']);
  });

  it('linkTarget unwraps the search engines’ click-through links and keeps other addresses', () => {
    const a = (href: string) => Object.assign(document.createElement('a'), { href });
    expect(linkTarget(a('https://www.google.com/url?q=https://example.org/x&sa=U'))).toBe('https://example.org/x');
    expect(linkTarget(a('https://duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.org%2Fy&rut=1'))).toBe('https://example.org/y');
    expect(linkTarget(a(bingWrap('https://example.org/z?a=1')))).toBe('https://example.org/z?a=1');
    expect(linkTarget(a('https://example.org/url?q=https://elsewhere.org'))).toBe('https://example.org/url?q=https://elsewhere.org');
    expect(linkTarget(a('javascript:void(0)'))).toBeNull();
  });
});
