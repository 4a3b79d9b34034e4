import * as z from 'zod';
import { successWith } from './common';
import { messages } from './messages';

/**
 * Ignored sites (spec §2 "Ignored Sites", §3 disabled-URL lists, §5 rule). A user's list holds bare
 * domains; the extension skips a page whose hostname is one of them or a subdomain of one.
 */

/**
 * The domain pattern of spec §5: an alphanumeric-and-hyphen name of 3 to 63 characters, a dot, and a
 * top-level part of 2 or more letters. Kept for reference: it refuses real sites (`x.com`, `bbc.co.uk`,
 * `news.ycombinator.com`), so the list accepts any registrable domain instead (`isIgnorableDomain`,
 * docs/decisions/113-ignored-sites-any-registrable-domain.md).
 */
export const DOMAIN_PATTERN = /^[A-Za-z0-9-]{3,63}\.[A-Za-z]{2,}$/;
/** The host used in the "(e.g., …)" hint of the invalid-domain warning. */
export const DOMAIN_EXAMPLE = 'example.com';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * True for a host name that is a registrable domain or one of its subdomains (`x.com`, `bbc.co.uk`,
 * `news.ycombinator.com`), or a multi-label public suffix (`nhs.uk` and `gov.uk` are suffixes on the public
 * suffix list and sites of their own; the default list holds both): labels of letters, digits and hyphens (1 to
 * 63, no leading or trailing hyphen), at least two of them, a top-level label of 2+ letters or an IDN `xn--`
 * label, 253 characters at most. Unknown top-level names are accepted (`*.test`). Refused: a single label, an IP
 * address, and anything that is not a host name (a URL, a path, spaces, `*`, `_`). Expects lower case.
 *
 * These rules are the whole check: a public-suffix lookup could not refuse a name they accept (under the list's
 * default rule every such name is a suffix itself or has a registrable domain), so no suffix list is shipped
 * with the contract, the web app or the extension (docs/decisions/166-shared-code-of-the-route-budgets.md).
 */
export function isIgnorableDomain(value: string): boolean {
  if (value.length > 253) return false;
  const labels = value.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1]!);
}

/** A domain to ignore, as typed: trimmed, lower-cased, non-empty, a registrable domain or a subdomain of one. */
export const DomainSchema = z
  .string({ error: messages.urls.emptyDomain })
  .trim()
  .toLowerCase()
  .min(1, { error: messages.urls.emptyDomain, abort: true })
  .refine(isIgnorableDomain, { error: messages.urls.invalidDomain(DOMAIN_EXAMPLE) });
export type Domain = z.infer<typeof DomainSchema>;

/** The user's list: `urls.current` (spec §7: "URL call responses carry urls with a current list"). */
export const UserUrlsSchema = z.object({ current: z.array(z.string()) });
export type UserUrls = z.infer<typeof UserUrlsSchema>;

/** GET/POST/DELETE /api/account/urls answer with the whole list after the change. */
export const UrlsResponseSchema = successWith({ urls: UserUrlsSchema });
export type UrlsResponse = z.infer<typeof UrlsResponseSchema>;

/** POST /api/account/urls */
export const AddUrlRequestSchema = z.object({ url: DomainSchema });
export type AddUrlRequest = z.infer<typeof AddUrlRequestSchema>;

/** DELETE /api/account/urls/:url — any stored entry can be removed, so only non-empty is required. */
export const UrlParamsSchema = z.object({ url: z.string().min(1).max(300) });
export type UrlParams = z.infer<typeof UrlParamsSchema>;

/** One group of the static default-protected list (spec §3: {category, urls}). */
export const DefaultProtectedGroupSchema = z.object({
  category: z.string(),
  urls: z.array(z.string()),
  /** Why the group is protected, one sentence (optional: added after the first contract). */
  reason: z.string().optional(),
});
export type DefaultProtectedGroup = z.infer<typeof DefaultProtectedGroupSchema>;

/** GET /api/extension/disabled: the user's list plus the static defaults, everything the extension must skip. */
export const DisabledUrlsResponseSchema = successWith({
  urls: z.object({
    current: z.array(z.string()),
    defaults: z.array(DefaultProtectedGroupSchema),
  }),
});
export type DisabledUrlsResponse = z.infer<typeof DisabledUrlsResponseSchema>;

/**
 * The default protected websites: never captured, whatever the user's list says. Shared by the server
 * (which serves them), the extension (which enforces them) and the web client (which lists them).
 */
export const DEFAULT_PROTECTED_SITES: readonly DefaultProtectedGroup[] = [
  {
    category: 'Banking and payments',
    reason: 'Account balances, transactions and card details are financial secrets, and reading them says nothing about a media diet.',
    urls: [
      'paypal.com',
      'chase.com',
      'bankofamerica.com',
      'wellsfargo.com',
      'stripe.com',
      'wise.com',
      'revolut.com',
      'citi.com',
      'capitalone.com',
      'americanexpress.com',
      'venmo.com',
      'hsbc.com',
      'barclays.co.uk',
      'monzo.com',
      'n26.com',
      'klarna.com',
      'coinbase.com',
    ],
  },
  {
    category: 'Health',
    reason: 'Medical records, test results and symptoms are special-category data under privacy law and must never leave the device.',
    urls: [
      'mychart.org',
      'patient.info',
      'healthcare.gov',
      'nhs.uk',
      'webmd.com',
      'mayoclinic.org',
      'zocdoc.com',
      'teladoc.com',
      'betterhelp.com',
      'talkspace.com',
      'goodrx.com',
    ],
  },
  {
    category: 'E-mail and messaging',
    reason: 'Private correspondence belongs to the people in it, not to an analysis of what the user reads.',
    urls: [
      'mail.google.com',
      'outlook.live.com',
      'outlook.office.com',
      'mail.yahoo.com',
      'proton.me',
      'web.whatsapp.com',
      'messenger.com',
      'web.telegram.org',
      'app.slack.com',
      'teams.microsoft.com',
      'mail.aol.com',
      'icloud.com',
      'fastmail.com',
    ],
  },
  {
    category: 'Passwords and identity',
    reason: 'Sign-in pages and password managers handle credentials, and capturing them would put every other account at risk.',
    urls: [
      'accounts.google.com',
      'login.microsoftonline.com',
      '1password.com',
      'bitwarden.com',
      'lastpass.com',
      'dashlane.com',
      'keepersecurity.com',
      'okta.com',
      'auth0.com',
      'appleid.apple.com',
    ],
  },
  {
    category: 'Government and taxes',
    reason: 'Tax returns, benefits and identity documents carry national identifiers and income details.',
    urls: ['irs.gov', 'gov.uk', 'ssa.gov', 'login.gov', 'usa.gov', 'canada.ca', 'service-public.fr', 'europa.eu'],
  },
  {
    category: 'Dating',
    reason: 'Dating profiles and messages reveal intimate details such as sexual orientation and relationships.',
    urls: ['tinder.com', 'bumble.com', 'hinge.co', 'match.com', 'okcupid.com', 'grindr.com'],
  },
  {
    category: 'Legal',
    reason: 'Legal matters and e-signed contracts are confidential and may be privileged.',
    urls: ['docusign.com', 'docusign.net', 'legalzoom.com', 'rocketlawyer.com', 'hellosign.com'],
  },
  {
    category: 'Work, HR and payroll',
    reason: 'Pay slips, reviews and employee records are the employer’s and the employee’s confidential data.',
    urls: ['workday.com', 'myworkday.com', 'adp.com', 'gusto.com', 'bamboohr.com', 'rippling.com', 'paychex.com'],
  },
];

/** Every default-protected domain, flattened. */
export const DEFAULT_PROTECTED_DOMAINS: readonly string[] = DEFAULT_PROTECTED_SITES.flatMap((g) => g.urls);

/** A hostname as the matchers compare it: lower case, without the root's trailing dot. */
function normalizeHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}

/** A listed domain as the matchers compare it: also trimmed and without a leading `*.` wildcard. */
function normalizeDomain(domain: string): string {
  return normalizeHost(domain.trim().replace(/^\*\./, ''));
}

/** True when `hostname` is `domain` or one of its subdomains (`www.example.com` is covered by `example.com`). */
export function isHostCovered(hostname: string, domain: string): boolean {
  const host = normalizeHost(hostname);
  const d = normalizeDomain(domain);
  return d.length > 0 && (host === d || host.endsWith(`.${d}`));
}

/** True when a page's hostname is covered by any of the given domain lists. */
export function isHostIgnored(hostname: string, ...lists: readonly (readonly string[])[]): boolean {
  return lists.some((list) => list.some((d) => isHostCovered(hostname, d)));
}

/**
 * `isHostIgnored` against one fixed list, with the list normalised once: the host and each of its parent
 * domains are looked up in a set (a few lookups per page instead of one comparison per listed domain).
 */
export function domainMatcher(domains: readonly string[]): (hostname: string) => boolean {
  const set = new Set(domains.map(normalizeDomain).filter((d) => d.length > 0));
  return (hostname) => {
    let host = normalizeHost(hostname);
    for (;;) {
      if (set.has(host)) return true;
      const dot = host.indexOf('.');
      if (dot < 0) return false;
      host = host.slice(dot + 1);
    }
  };
}

/** True when `hostname` is a default-protected site or one of its subdomains. */
export const isHostProtected: (hostname: string) => boolean = domainMatcher(DEFAULT_PROTECTED_DOMAINS);
