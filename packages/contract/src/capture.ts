/**
 * What may be captured, and how a captured address is kept (decision 112). One rule, shared by the extension
 * (which never reads such pages) and the server (which refuses them from an old or modified extension).
 *
 * - Never captured: addresses carrying a user name or password (`https://user:pass@host/`), and hosts on a
 *   private network: loopback, RFC 1918, carrier-grade NAT, link-local and unique-local addresses, `localhost`,
 *   the private-use names (`.local`, `.internal`, `.lan`, `.home.arpa`, `.localhost`, `.intranet`, `.corp`) and
 *   single-label intranet names (`http://wiki/`).
 * - Never captured either: search pages — the search engines' results pages and a site's own search results
 *   (search-pages.ts, decision 165).
 * - Kept: scheme, host, port and path. The query string and the fragment are dropped, except the few parameters
 *   of `URL_KEPT_PARAMS` that name the content itself (a video id): a query often carries a session, an e-mail
 *   address or a search.
 * - Pages with a password field are never read; only the extension can see the page, so that rule is its own.
 *
 * Import-free (no zod) so that the content script can bundle it.
 */
import { isSearchPage } from './search-pages';

/** Why an address is never captured. */
export type CaptureUrlProblem = 'not-http' | 'credentials' | 'private-network' | 'search';

/** Private-use names (RFC 6761/6762, RFC 8375, ICANN's `.internal`) and the common intranet suffixes. */
export const PRIVATE_NAME_SUFFIXES: readonly string[] = [
  'localhost',
  'local',
  'internal',
  'lan',
  'home.arpa',
  'intranet',
  'corp',
];

/**
 * The query parameters kept because they identify the content, by site (the site and its subdomains). Anything
 * else in a query is dropped. Keep this list short: each entry must name a piece of content, never a person.
 */
export const URL_KEPT_PARAMS: Readonly<Record<string, readonly string[]>> = {
  'youtube.com': ['v'],
  'news.ycombinator.com': ['id'],
};

function ipv4Parts(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

function isPrivateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168)
  );
}

function isPrivateIpv6(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === '::1' || h === '::') return true;
  if (/^f[cd][0-9a-f]{2}:/.test(h)) return true; // unique local fc00::/7
  if (/^fe[89ab][0-9a-f]:/.test(h)) return true; // link-local fe80::/10
  // IPv4-mapped (::ffff:10.0.0.1, which the URL parser writes as ::ffff:a00:1)
  const mapped = /^::ffff:(.+)$/.exec(h);
  if (mapped) {
    const rest = mapped[1]!;
    const dotted = ipv4Parts(rest);
    if (dotted) return isPrivateIpv4(dotted);
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
    if (hex) {
      const hi = parseInt(hex[1]!, 16);
      const lo = parseInt(hex[2]!, 16);
      return isPrivateIpv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
    }
  }
  return false;
}

/** True for a host on a private network or an intranet name (see the module comment). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === '') return true;
  if (host.includes(':') || host.startsWith('[')) return isPrivateIpv6(host);
  const v4 = ipv4Parts(host);
  if (v4) return isPrivateIpv4(v4);
  if (!host.includes('.')) return true; // single-label: an intranet name
  return PRIVATE_NAME_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`));
}

/** Why `url` is never captured, or null when it may be. */
export function captureUrlProblem(url: string | URL): CaptureUrlProblem | null {
  let u: URL;
  try {
    u = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return 'not-http';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'not-http';
  if (u.username !== '' || u.password !== '') return 'credentials';
  if (isPrivateHost(u.hostname)) return 'private-network';
  if (isSearchPage(u)) return 'search';
  return null;
}

function keptParams(hostname: string): readonly string[] {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  for (const [site, params] of Object.entries(URL_KEPT_PARAMS)) {
    if (host === site || host.endsWith(`.${site}`)) return params;
  }
  return [];
}

/**
 * The address as it is kept: without user name, password and fragment, and without a query except the
 * allow-listed parameters of its site (in the allow-list's order). Throws on an address that is not a URL.
 */
export function cleanCaptureUrl(url: string | URL): string {
  const u = new URL(typeof url === 'string' ? url : url.href);
  const kept = new URLSearchParams();
  for (const name of keptParams(u.hostname)) {
    const value = u.searchParams.get(name);
    if (value !== null && value !== '') kept.set(name, value);
  }
  u.username = '';
  u.password = '';
  u.hash = '';
  u.search = kept.toString();
  return u.toString();
}
