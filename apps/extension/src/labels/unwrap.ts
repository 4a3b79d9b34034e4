/**
 * The page inside a search engine's click-through address (decision 159), read from the address alone: nothing
 * is fetched. No imports, so the labels content script takes it without the contract's address rules.
 */

/** Wrappers inside wrappers are taken off up to this depth (a redirect of a redirect), never more. */
const UNWRAP_DEPTH = 3;

export function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

export const isHttp = (u: URL | null): u is URL => u !== null && (u.protocol === 'http:' || u.protocol === 'https:');

/** Base64url text (Bing's `u=a1<base64url>`), or null. */
function fromBase64Url(s: string): string | null {
  try {
    const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** Google's hosts: google.com and its country domains (google.de, google.co.uk, google.com.au …), with `www.`. */
const GOOGLE_HOST = /^(?:www\.)?google\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

/** The target inside one search-engine wrapper, or null when `u` is not one. */
function wrappedTarget(u: URL): string | null {
  const host = u.hostname.toLowerCase();
  if (GOOGLE_HOST.test(host) && u.pathname === '/url') return u.searchParams.get('q') ?? u.searchParams.get('url');
  if ((host === 'bing.com' || host === 'www.bing.com') && u.pathname === '/ck/a') {
    const wrapped = u.searchParams.get('u');
    return wrapped?.startsWith('a1') ? fromBase64Url(wrapped.slice(2)) : null;
  }
  if ((host === 'duckduckgo.com' || host.endsWith('.duckduckgo.com')) && u.pathname === '/l/') return u.searchParams.get('uddg');
  return null;
}

/**
 * The page a link leads to: Google's `/url?q=` (or `url=`), Bing's `/ck/a?…&u=a1<base64url>` and DuckDuckGo's
 * `/l/?uddg=` taken off (the query is already decoded by URLSearchParams). A wrapper whose target is not an
 * http(s) address is left as it is.
 */
export function unwrapResultUrl(url: string): string {
  let current = url;
  for (let i = 0; i < UNWRAP_DEPTH; i++) {
    const u = parse(current);
    if (!isHttp(u)) return current;
    const target = wrappedTarget(u);
    if (target === null || !isHttp(parse(target))) return current;
    current = target;
  }
  return current;
}

