/**
 * Search pages are never captured (decision 165): a list of other pages is not reading, and a search is among the
 * most private things in a browsing history. Recognised from the address alone, conservatively — a page this
 * module does not recognise is read like any other:
 *
 * - **The search engines' results pages**, by host and path, each engine in `SEARCH_ENGINES`: Google
 *   (`www.google.<tld>/search`, any country domain), Bing, DuckDuckGo, Yahoo, Ecosia, Startpage, Brave Search,
 *   Qwant, Yandex, Baidu and Kagi. Where an engine's results have an address of their own (`/search`), that address
 *   is recognised with or without its query, so the address as kept (`cleanCaptureUrl`, no query) still is: the
 *   server refuses it too. DuckDuckGo's and Qwant's results are at their front page's address (`/?q=…`), so their
 *   front page counts whatever its query: it is a search box either way. An engine's other pages are not search
 *   pages: Google News, Maps, the "how search works" pages, Bing's news front page, a blog.
 * - **A site's own search results**: an address whose last path segment is `search` (or `search.php`, `.html`,
 *   `.aspx`, `.jsp`, Wikipedia's `Special:Search`) and that carries the search
 *   (`q`, `query`, `search`, `s`, `term` or `keywords`, not empty): `https://www.bbc.co.uk/search?q=…`,
 *   `https://github.com/search?q=…`, `https://news.google.com/search?q=…`. Without the search in the address
 *   (`/search` alone, `/search/about`, `?s=` at the site's root, a results page under another name) the page is not
 *   recognised.
 *
 * Import-free, like capture.ts, so that any bundle can take it.
 */

/** Which search a search page belongs to: one of the engines, or a site's own search (`site`). */
export type SearchPageKind =
  | 'google'
  | 'bing'
  | 'duckduckgo'
  | 'yahoo'
  | 'ecosia'
  | 'startpage'
  | 'brave'
  | 'qwant'
  | 'yandex'
  | 'baidu'
  | 'kagi'
  | 'site';

export interface SearchEngine {
  id: Exclude<SearchPageKind, 'site'>;
  /** The engine's hosts (lower case, without the root's trailing dot). */
  hosts: RegExp;
  /** Its results pages, whatever the query (the address as kept is still recognised). */
  results: RegExp;
  /** Its pages that are results only with a search in the address (`q`): the image, news and video tabs. */
  withQuery?: RegExp;
}

/** The engines' results pages. Adding one: its hosts, its results paths, and tests of both sides (search-pages.test.ts). */
export const SEARCH_ENGINES: readonly SearchEngine[] = [
  {
    // google.com and its country domains: google.de, google.co.uk, google.com.au (not news.google.com, maps).
    id: 'google',
    hosts: /^(?:www\.)?google\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/,
    results: /^\/search$/,
  },
  { id: 'bing', hosts: /^(?:www\.|cn\.)?bing\.com$/, results: /^\/(?:(?:images|videos|news)\/)?search$/ },
  {
    // The script page at the front page's address, the no-script pages at /html/ and /lite/.
    id: 'duckduckgo',
    hosts: /^(?:www\.|html\.|lite\.)?duckduckgo\.com$/,
    results: /^\/(?:(?:html|lite)\/?)?$/,
  },
  {
    // search.yahoo.com and its country and vertical hosts (uk.search…, images.search…), Yahoo Japan's search.
    // Yahoo appends parameters to the path: /search;_ylt=…
    id: 'yahoo',
    hosts: /^(?:[a-z0-9-]+\.)*search\.yahoo\.(?:com|co\.jp)$/,
    results: /^(?:\/[a-z]+)?\/search(?:[;/].*)?$/,
  },
  {
    id: 'ecosia',
    hosts: /^(?:www\.)?ecosia\.org$/,
    results: /^\/search$/,
    withQuery: /^\/(?:images|news|videos)$/,
  },
  {
    id: 'startpage',
    hosts: /^(?:www\.|[a-z]{2}\.)?startpage\.com$/,
    results: /^\/(?:(?:sp|do)\/)?(?:search|dsearch|asearch)$/,
  },
  {
    id: 'brave',
    hosts: /^search\.brave\.com$/,
    results: /^\/search$/,
    withQuery: /^\/(?:images|news|videos)$/,
  },
  { id: 'qwant', hosts: /^(?:www\.|lite\.)?qwant\.com$/, results: /^\/$/ },
  {
    // yandex.ru, .com, .com.tr, .kz, … and ya.ru; /search/ and what is under it, and the image and video search.
    id: 'yandex',
    hosts: /^(?:www\.)?(?:yandex\.(?:[a-z]{2,3}|com\.[a-z]{2}|co\.[a-z]{2})|ya\.ru)$/,
    results: /^\/(?:(?:images|video)\/)?search(?:\/.*)?$/,
  },
  { id: 'baidu', hosts: /^(?:www\.|m\.)?baidu\.com$/, results: /^\/(?:s|baidu)$/ },
  {
    id: 'kagi',
    hosts: /^(?:www\.)?kagi\.com$/,
    results: /^\/(?:html\/)?search$/,
    withQuery: /^\/(?:images|videos|news|podcasts)$/,
  },
];

/** The parameters that carry the search on a site's own search page (`/search?q=…`). */
export const SITE_SEARCH_PARAMS: readonly string[] = ['q', 'query', 'search', 's', 'term', 'keywords'];

/** The last path segment of a site's own search page: `search`, `search.php` and the like, Wikipedia's `Special:Search`. */
const SITE_SEARCH_SEGMENT = /^(?:special:)?search(?:\.(?:php|html?|aspx?|jsp))?$/i;

const hasParam = (u: URL, names: readonly string[]) =>
  names.some((n) => (u.searchParams.get(n) ?? '').trim() !== '');

/** Which search `url` is a search page of, or null when it is not one (or not an http(s) address). */
export function searchPageKind(url: string | URL): SearchPageKind | null {
  let u: URL;
  try {
    u = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  const path = u.pathname;
  // An engine's host is decided by its row alone: its other pages (Google Maps' searches too) are not search pages.
  for (const engine of SEARCH_ENGINES) {
    if (!engine.hosts.test(host)) continue;
    if (engine.results.test(path)) return engine.id;
    if (engine.withQuery?.test(path) && hasParam(u, ['q'])) return engine.id;
    return null;
  }
  const last = path.replace(/\/$/, '').split('/').pop() ?? '';
  return SITE_SEARCH_SEGMENT.test(last) && hasParam(u, SITE_SEARCH_PARAMS) ? 'site' : null;
}

/** True when `url` is a search page (see the module comment): never captured. */
export function isSearchPage(url: string | URL): boolean {
  return searchPageKind(url) !== null;
}
