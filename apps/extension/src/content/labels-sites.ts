/**
 * Where the results and headlines are on the pages the labels content script reads (decision 159): one adapter per
 * site, each with its selectors in one table, and a generic adapter for any other site the person switched on.
 * An adapter finds, for each result or headline, its link, the link's visible headline, the snippet under it (may
 * be empty) and the result's block (what "Hide draining results" folds away). Adapters only read the DOM: no
 * layout (textContent, never innerText), no writes.
 *
 * The selectors follow the sites' markup as of late 2026; when a site changes its markup its adapter finds
 * fewer links (never wrong ones), and the fixture pages in test/labels-fixtures.ts show what each one expects.
 */
import { builtInSite } from '../labels/settings';
import { unwrapResultUrl } from '../labels/unwrap';

/** A result or headline found on the page. */
export interface FoundLink {
  link: HTMLAnchorElement;
  /** Where the link goes, with the search engines' redirect wrappers taken off. */
  url: string;
  headline: string;
  snippet: string;
  /** The result's block: the one element that holds this result and no other. */
  container: Element;
  /** What "Hide draining results" folds away: the container, and on table layouts its following rows. */
  parts: Element[];
}

export type Known = (link: HTMLAnchorElement) => boolean;

export interface SiteAdapter {
  id: 'google' | 'bing' | 'duckduckgo' | 'google-news' | 'hacker-news' | 'reddit' | 'generic';
  /** `known`: links found before, left out without reading their text again (a rescan stays cheap). */
  find(doc: Document, page: URL, known: Known): FoundLink[];
}

/** Longest headline and snippet handed over: enough to label, bounded whatever the page holds. */
export const HEADLINE_MAX = 300;
export const SNIPPET_MAX = 400;
/** A generic headline link has at least this many words (shorter ones are menus, bylines, "Read more"). */
export const GENERIC_MIN_WORDS = 4;

/** Every element the labels content script adds carries one of these attributes (never read as a result). */
export const OWN_ELEMENTS = '[data-mediadiet-label], [data-mediadiet-fold]';

const clean = (text: string | null | undefined, max: number): string => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t;
};

const textOf = (el: Element | null | undefined, max: number) => (el ? clean(el.textContent, max) : '');

/** An element's text without the parts matching `skip` (a snippet's date, an icon's name). */
function textWithout(el: Element | null | undefined, skip: string | undefined, max: number): string {
  if (!el) return '';
  if (!skip || !el.querySelector(skip)) return textOf(el, max);
  let text = '';
  const walk = (node: Node) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) text += c.nodeValue ?? '';
      else if (c.nodeType === 1 && !(c as Element).matches(skip)) walk(c);
    }
  };
  walk(el);
  return clean(text, max);
}

const wordCount = (text: string) => (text === '' ? 0 : text.split(' ').length);

/** The paths of the search engines' click-through wrappers (labels/unwrap.ts). */
const WRAPPER_PATH = /^https?:\/\/[^/?#]+\/(url|l\/|ck\/a)\?/i;

/**
 * Where a link goes: its resolved href, or the target inside a search engine's click-through wrapper (Google's
 * `/url?q=`, DuckDuckGo's `/l/?uddg=`, Bing's `/ck/a?u=a1<base64url>`), so that a page the person already read is
 * recognised by its own address. Null for links that are not http(s) pages (javascript:, mailto:, …).
 */
export function linkTarget(link: HTMLAnchorElement): string | null {
  const href = link.href;
  if (!/^https?:\/\//i.test(href)) return null;
  // Most links are not wrapped: only an address with a wrapper's path is parsed.
  return WRAPPER_PATH.test(href) ? unwrapResultUrl(href) : href;
}

const withoutHash = (href: string) => href.replace(/#.*$/, '');

/** Where a link to label goes; null for links never labelled: not a page (javascript:, mailto:), the page itself, hidden. */
function labelledTarget(link: HTMLAnchorElement, page: URL): string | null {
  const raw = link.getAttribute('href');
  if (!raw || raw.startsWith('#')) return null;
  const url = linkTarget(link);
  if (!url || (url.startsWith(page.origin) && withoutHash(url) === withoutHash(page.href))) return null;
  if (link.closest('[hidden], [aria-hidden="true"], template')) return null;
  return url;
}

/** A result's block never grows into the page's structure … */
const PAGE_STRUCTURE = new Set(['html', 'body', 'main', 'section', 'aside', 'nav']);
/** … nor past an element that is an item by itself (by its tag or its role). */
const ITEM = new Set(['article', 'li', 'tr']);
const ITEM_ROLES = new Set(['article', 'listitem']);
const isItem = (el: Element) => ITEM.has(el.localName) || ITEM_ROLES.has(el.getAttribute('role') ?? '');

/**
 * The result's block: the highest ancestor of `el` below `scope` that holds no other result (`counts` gives, for
 * every ancestor of every result, how many results it holds), stopping at an item (article, list item, table
 * row) and before the page's structure (a section, a sidebar). Robust to class-name churn: it follows the page's
 * nesting, not its classes.
 */
function ownBlock(el: Element, counts: Map<Element, number>, scope: Element): Element {
  let block = el;
  for (let p = el.parentElement; p && p !== scope && !PAGE_STRUCTURE.has(p.localName); p = p.parentElement) {
    if ((counts.get(p) ?? 0) > 1) break;
    block = p;
    if (isItem(p)) break;
  }
  return block;
}

/** For every ancestor (below `scope`) of the given elements, how many of them it holds. */
function ancestorCounts(els: Element[], scope: Element): Map<Element, number> {
  const counts = new Map<Element, number>();
  for (const el of els) {
    for (let p = el.parentElement; p && p !== scope; p = p.parentElement) counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------------------------
// Google Search (google.com and its country domains, /search only)

/**
 * Google Search. A result's title is an `h3` inside its link (`a > h3`, with the site name and address in the same
 * link beside it); the block is the highest element in the results column that holds only that title.
 */
export const GOOGLE = {
  /** The results column; the page's body when Google renders none of these. */
  scope: '#rso, #search',
  /** A result's title; its link is the nearest `a` around it. */
  title: 'a[href] h3',
  /** The snippet under the title, in the result's block (class names and the line-clamped text box). */
  snippet: '.VwiC3b, [data-sncf="1"], [data-content-feature="1"], div[style*="line-clamp"]',
  /** Left out of the snippet: its date ("2 days ago — "). */
  snippetSkip: '.YrbPuc, .LEwnzc',
  /** Sponsored results: the ads above and below the results and any block Google marks as a text ad. */
  ad: '#tads, #tadsb, #bottomads, [data-text-ad], .uEierd',
} as const;

const google: SiteAdapter = {
  id: 'google',
  find(doc, page, known) {
    if (page.pathname !== '/search') return [];
    const scope = doc.querySelector(GOOGLE.scope) ?? doc.body;
    const titles = [...scope.querySelectorAll(GOOGLE.title)];
    const links: { link: HTMLAnchorElement; title: Element }[] = [];
    for (const title of titles) {
      const link = title.closest('a');
      if (link && !link.closest(GOOGLE.ad)) links.push({ link, title });
    }
    const counts = ancestorCounts(links.map((l) => l.link), scope);
    const out: FoundLink[] = [];
    for (const { link, title } of links) {
      if (known(link)) continue;
      const url = labelledTarget(link, page);
      if (!url) continue;
      const container = ownBlock(link, counts, scope);
      out.push({
        link,
        url,
        headline: textOf(title, HEADLINE_MAX),
        snippet: textWithout(container.querySelector(GOOGLE.snippet), GOOGLE.snippetSkip, SNIPPET_MAX),
        container,
        parts: [container],
      });
    }
    return out;
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Bing

/** Bing: organic results are the `li.b_algo` of the results list (ads are `li.b_ad`, never matched). */
export const BING = {
  result: '#b_results > li.b_algo',
  link: 'h2 a[href]',
  snippet: '.b_caption p, .b_lineclamp1, .b_lineclamp2, .b_lineclamp3, .b_lineclamp4, .b_algoSlug',
  /** Left out of the snippet: the "Web" icon's name and the date. */
  snippetSkip: '.algoSlug_icon, .news_dt',
  /** An organic-looking block that carries the "Ad" slug. */
  ad: '.b_adSlug, .b_ad',
} as const;

/** One result per element of `result`: its link, headline (the link's text) and snippet. */
function byResult(
  doc: Document,
  page: URL,
  t: { result: string; link: string; snippet?: string; snippetSkip?: string; ad?: string },
  known: Known,
): FoundLink[] {
  const out: FoundLink[] = [];
  for (const container of doc.querySelectorAll(t.result)) {
    if (t.ad && (container.matches(t.ad) || container.querySelector(t.ad))) continue;
    const link = container.querySelector<HTMLAnchorElement>(t.link);
    if (!link || known(link)) continue;
    const url = labelledTarget(link, page);
    if (!url) continue;
    const headline = textOf(link, HEADLINE_MAX);
    if (headline === '') continue;
    out.push({
      link,
      url,
      headline,
      snippet: t.snippet ? textWithout(container.querySelector(t.snippet), t.snippetSkip, SNIPPET_MAX) : '',
      container,
      parts: [container],
    });
  }
  return out;
}

const bing: SiteAdapter = { id: 'bing', find: (doc, page, known) => byResult(doc, page, BING, known) };

// ---------------------------------------------------------------------------------------------------------------
// DuckDuckGo

/** DuckDuckGo: the script page (duckduckgo.com) and the no-script page (html.duckduckgo.com/html/). */
export const DUCKDUCKGO = {
  script: {
    result: 'article[data-testid="result"]',
    link: 'a[data-testid="result-title-a"]',
    snippet: '[data-result="snippet"], [data-testid="result-snippet"]',
    /** Ads sit in list items laid out as ads, or are marked as ad articles. */
    ad: '[data-testid="ad"], [data-layout="ad"]',
  },
  html: {
    result: '.result:not(.result--ad)',
    link: 'a.result__a',
    snippet: '.result__snippet',
    ad: '.result--ad, .badge--ad',
  },
} as const;

const duckduckgo: SiteAdapter = {
  id: 'duckduckgo',
  find(doc, page, known) {
    if (doc.querySelector(DUCKDUCKGO.script.result)) {
      return byResult(doc, page, DUCKDUCKGO.script, known).filter((f) => !f.container.closest(DUCKDUCKGO.script.ad));
    }
    return byResult(doc, page, DUCKDUCKGO.html, known);
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Google News

/**
 * Google News: every story is an `article`; its headline is the link with text (an empty link covers the card
 * for the pointer). A story's block is its own `article` (story clusters nest articles).
 */
export const GOOGLE_NEWS = {
  result: 'article',
  /** The headline link by its classes, then by its heading. */
  link: 'a.JtKRv[href], a.gPFEn[href], a.DY5T1d[href], h3 a[href], h4 a[href]',
} as const;

const googleNews: SiteAdapter = {
  id: 'google-news',
  find(doc, page, known) {
    const out: FoundLink[] = [];
    const seen = new Set<HTMLAnchorElement>();
    for (const article of doc.querySelectorAll(GOOGLE_NEWS.result)) {
      // The headline link of this article, not of an article nested in it.
      const own = [...article.querySelectorAll<HTMLAnchorElement>(GOOGLE_NEWS.link)].filter(
        (a) => a.closest(GOOGLE_NEWS.result) === article,
      );
      const link =
        own[0] ??
        [...article.querySelectorAll<HTMLAnchorElement>('a[href]')]
          .filter((a) => a.closest(GOOGLE_NEWS.result) === article)
          .map((a) => ({ a, words: wordCount(clean(a.textContent, HEADLINE_MAX)) }))
          .filter((x) => x.words >= GENERIC_MIN_WORDS)
          .sort((x, y) => y.words - x.words)[0]?.a;
      if (!link || seen.has(link) || known(link)) continue;
      seen.add(link);
      const url = labelledTarget(link, page);
      const headline = textOf(link, HEADLINE_MAX);
      if (!url || headline === '') continue;
      out.push({ link, url, headline, snippet: '', container: article, parts: [article] });
    }
    return out;
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Hacker News

/**
 * Hacker News: a story is a table row `tr.athing` with its title link in `.titleline`; the row after it holds the
 * points and comments, and a spacer row follows. Folding a story folds all three rows.
 */
export const HACKER_NEWS = {
  result: 'tr.athing',
  link: '.titleline > a[href]',
} as const;

const hackerNews: SiteAdapter = {
  id: 'hacker-news',
  find(doc, page, known) {
    return byResult(doc, page, HACKER_NEWS, known).map((f) => {
      const parts: Element[] = [f.container];
      const sub = f.container.nextElementSibling;
      if (sub && !sub.matches(HACKER_NEWS.result)) {
        parts.push(sub);
        const spacer = sub.nextElementSibling;
        if (spacer?.matches('tr.spacer')) parts.push(spacer);
      }
      return { ...f, parts };
    });
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Reddit

/**
 * Reddit. New Reddit: each post is a `shreddit-post` element with its title link slotted as `a[slot="title"]` and
 * the start of a text post as `[slot="text-body"]`; the feed wraps each post in an `article`. Old Reddit
 * (old.reddit.com): `.thing.link` rows with `a.title`. Promoted posts are skipped.
 */
export const REDDIT = {
  new: {
    result: 'shreddit-post',
    link: 'a[slot="title"][href]',
    snippet: '[slot="text-body"]',
    ad: '[promoted], [is-promoted]',
  },
  old: {
    result: '#siteTable > .thing.link',
    link: 'a.title[href]',
    ad: '.promoted, .promotedlink',
  },
  /** The feed's wrapper around one post, folded with it. */
  wrapper: 'article',
} as const;

const reddit: SiteAdapter = {
  id: 'reddit',
  find(doc, page, known) {
    if (!doc.querySelector(REDDIT.new.result)) return byResult(doc, page, REDDIT.old, known);
    return byResult(doc, page, REDDIT.new, known).map((f) => {
      const wrapper = f.container.parentElement?.closest(REDDIT.wrapper);
      // The article is the post's own wrapper only when it holds no other post.
      const container = wrapper && wrapper.querySelectorAll(REDDIT.new.result).length === 1 ? wrapper : f.container;
      return { ...f, container, parts: [container] };
    });
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Any other site

/**
 * Any other site the person switched on: headline links in `h1`–`h3` (a link in a heading, or a heading in a
 * link), and for an `article` teaser without one its longest link; at least GENERIC_MIN_WORDS words. Navigation
 * and the site's own chrome (its banner header, menus, footer, dialogs) are skipped; a `header` or `footer` inside
 * an article or section is part of the content (HTML's own rule for banner and contentinfo).
 */
export const GENERIC = {
  heading: 'h1 a[href], h2 a[href], h3 a[href], a[href] h1, a[href] h2, a[href] h3',
  teaser: 'article',
  /** An article longer than this is a story being read, not a teaser: its body links are not headlines. */
  teaserMaxChars: 1200,
  chrome: 'nav, [role="navigation"], [role="banner"], [role="contentinfo"], [role="menu"], [role="menubar"], [role="dialog"], dialog',
  sectioning: 'article, aside, main, nav, section',
} as const;

function inSiteChrome(link: Element): boolean {
  if (link.closest(GENERIC.chrome)) return true;
  for (const landmark of [link.closest('header'), link.closest('footer')]) {
    if (landmark && !landmark.parentElement?.closest(GENERIC.sectioning)) return true;
  }
  return false;
}

const generic: SiteAdapter = {
  id: 'generic',
  find(doc, page, known) {
    const candidates = new Set<HTMLAnchorElement>();
    for (const el of doc.querySelectorAll(GENERIC.heading)) {
      const link = el.closest('a');
      if (link) candidates.add(link);
    }
    for (const article of doc.querySelectorAll(GENERIC.teaser)) {
      if ((article.textContent?.length ?? 0) > GENERIC.teaserMaxChars) continue;
      if (article.querySelector(GENERIC.heading)) continue;
      const longest = [...article.querySelectorAll<HTMLAnchorElement>('a[href]')]
        .map((a) => ({ a, words: wordCount(clean(a.textContent, HEADLINE_MAX)) }))
        .sort((x, y) => y.words - x.words)[0];
      if (longest) candidates.add(longest.a);
    }
    const links: { link: HTMLAnchorElement; url: string; headline: string }[] = [];
    /** Every headline link, the known ones too: a block holds one of them only. */
    const all: HTMLAnchorElement[] = [];
    const inOrder = [...candidates].sort((a, b) => (a.compareDocumentPosition(b) & 4 ? -1 : 1));
    for (const link of inOrder) {
      if (known(link)) {
        all.push(link);
        continue;
      }
      if (link.closest(OWN_ELEMENTS) || inSiteChrome(link)) continue;
      const headline = textOf(link, HEADLINE_MAX);
      if (wordCount(headline) < GENERIC_MIN_WORDS) continue;
      const url = labelledTarget(link, page);
      if (!url) continue;
      all.push(link);
      links.push({ link, url, headline });
    }
    const scope = doc.body;
    const counts = ancestorCounts(all, scope);
    return links.map(({ link, url, headline }) => {
      const container = ownBlock(link, counts, scope);
      const para = [...container.querySelectorAll('p')].find((p) => !p.contains(link));
      return { link, url, headline, snippet: textOf(para, SNIPPET_MAX), container, parts: [container] };
    });
  },
};

const BY_SITE: Record<string, SiteAdapter> = {
  'google.com': google,
  'bing.com': bing,
  'duckduckgo.com': duckduckgo,
  'news.google.com': googleNews,
  'news.ycombinator.com': hackerNews,
  'reddit.com': reddit,
};

/** The adapter for a page: its site's, or the generic one for any other site. */
export function adapterFor(page: URL): SiteAdapter {
  const site = builtInSite(page.hostname);
  return (site && BY_SITE[site.host]) ?? generic;
}

/** The page's results and headlines, in document order, each link once. */
export function findLinks(doc: Document, page: URL, known: Known = () => false): FoundLink[] {
  const seen = new Set<HTMLAnchorElement>();
  return adapterFor(page)
    .find(doc, page, known)
    .filter((f) => (seen.has(f.link) ? false : (seen.add(f.link), true)));
}
