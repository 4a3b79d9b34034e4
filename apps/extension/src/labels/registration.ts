/**
 * Where the labels content script runs (decision 159): only on the sites whose labels are on. The background
 * registers `content/labels.js` for exactly these match patterns (chrome.scripting.registerContentScripts) and
 * updates the registration whenever the labels settings change.
 *
 * Chromium injects a registered script only where the extension holds a host permission; the capture content
 * script's all-sites matches do not count as one. The built-in sites are therefore in the manifest's
 * `host_permissions` (`LABEL_HOST_PERMISSIONS`); a site the person adds needs `sitePermissionOrigins(host)`,
 * which the popup or options page asks for (chrome.permissions.request, from the click that switches it on) out of
 * the manifest's `optional_host_permissions`.
 */
import { builtInSite, labelsOnFor, type LabelSettings } from './settings';

export const LABELS_SCRIPT_ID = 'mediadiet-labels';
/** The content script's file in dist/<target>/ (the manifest's FILES.labels). */
export const LABELS_SCRIPT_FILE = 'content/labels.js';

/**
 * Google Search's domains labelled (Google Search's switch covers them all): google.com and the country domains
 * of the larger markets. A result page on another country domain is not labelled.
 */
export const GOOGLE_SEARCH_DOMAINS = [
  'google.com',
  'google.co.uk',
  'google.ie',
  'google.ca',
  'google.com.au',
  'google.co.nz',
  'google.co.in',
  'google.co.za',
  'google.de',
  'google.at',
  'google.ch',
  'google.fr',
  'google.be',
  'google.nl',
  'google.lu',
  'google.es',
  'google.pt',
  'google.it',
  'google.se',
  'google.no',
  'google.dk',
  'google.fi',
  'google.pl',
  'google.cz',
  'google.gr',
  'google.hu',
  'google.ro',
  'google.com.tr',
  'google.com.br',
  'google.com.mx',
  'google.com.ar',
  'google.co.jp',
] as const;

/** The built-in sites' pages: each with the host whose switch decides it (labelsOnFor) and its match pattern. */
export const BUILT_IN_MATCHES: readonly { host: string; match: string }[] = [
  ...GOOGLE_SEARCH_DOMAINS.map((d) => ({ host: d, match: `https://www.${d}/search*` })),
  { host: 'bing.com', match: 'https://www.bing.com/search*' },
  // DuckDuckGo's results are on its home address (`/?q=…`); the no-script version under /html.
  { host: 'duckduckgo.com', match: 'https://duckduckgo.com/*' },
  { host: 'html.duckduckgo.com', match: 'https://html.duckduckgo.com/html*' },
  { host: 'news.google.com', match: 'https://news.google.com/*' },
  { host: 'news.ycombinator.com', match: 'https://news.ycombinator.com/*' },
  // `*.reddit.com` is reddit.com itself and every subdomain (www, old, new).
  { host: 'reddit.com', match: 'https://*.reddit.com/*' },
];

/** A host a person may add: lower-case labels of letters, digits and hyphens, at least two of them. */
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The match pattern of a site the person added: the site and every subdomain (`*.` matches the host itself too). */
export function addedSiteMatch(host: string): string {
  return `https://*.${host}/*`;
}

/**
 * The match patterns of the sites whose links are labelled under these settings, sorted and without repeats:
 * none when labels are off; the built-in sites switched on; every site the person added and switched on (a
 * stored host that is not a valid host name is left out, so one bad value cannot break the registration).
 */
export function labelMatches(settings: LabelSettings): string[] {
  if (!settings.enabled) return [];
  const matches = new Set<string>();
  for (const { host, match } of BUILT_IN_MATCHES) if (labelsOnFor(settings, host)) matches.add(match);
  for (const [host, on] of Object.entries(settings.sites)) {
    if (on === true && !builtInSite(host) && HOST.test(host)) matches.add(addedSiteMatch(host));
  }
  return [...matches].sort();
}

/** The host permission pattern covering a match pattern (same scheme and host, any path). */
export function originOfMatch(match: string): string {
  const m = /^(https?|\*):\/\/([^/]+)\//.exec(match);
  if (!m) throw new Error(`Not a match pattern: ${match}`);
  return `${m[1]}://${m[2]}/*`;
}

/** The host permissions the built-in sites need (the manifest's `host_permissions`). */
export const LABEL_HOST_PERMISSIONS: readonly string[] = [...new Set(BUILT_IN_MATCHES.map((m) => originOfMatch(m.match)))];

/**
 * The host permission to ask for before switching labels on for `host` (host without `www.`): a built-in site's
 * own (already granted by the manifest), any other site's and its subdomains'.
 */
export function sitePermissionOrigins(host: string): string[] {
  const h = host.toLowerCase().replace(/^www\./, '');
  const site = builtInSite(h);
  if (site) {
    const own = BUILT_IN_MATCHES.filter((m) => builtInSite(m.host)?.host === site.host);
    return [...new Set(own.map((m) => originOfMatch(m.match)))];
  }
  return [originOfMatch(addedSiteMatch(h))];
}
