import { z } from 'zod';
import { messages } from './messages';

/**
 * Ignored sites (spec §2 "Ignored Sites", §3 disabled-URL lists, §5 rule). A user's list holds bare
 * domains; the extension skips a page whose hostname is one of them or a subdomain of one.
 */

/**
 * The domain pattern of spec §5: an alphanumeric-and-hyphen name of 3 to 63 characters, a dot, and a
 * top-level part of 2 or more letters. (Literal reading: `news.bbc.co.uk` or `x.com` do not pass; see
 * docs/decisions/001-contract-shapes.md.)
 */
export const DOMAIN_PATTERN = /^[A-Za-z0-9-]{3,63}\.[A-Za-z]{2,}$/;
/** The host used in the "(e.g., …)" hint of the invalid-domain warning. */
export const DOMAIN_EXAMPLE = 'example.com';

/** A domain to ignore, as typed: trimmed, lower-cased, non-empty, matching DOMAIN_PATTERN. */
export const DomainSchema = z
  .string({ error: messages.urls.emptyDomain })
  .trim()
  .toLowerCase()
  .min(1, { error: messages.urls.emptyDomain, abort: true })
  .regex(DOMAIN_PATTERN, { error: messages.urls.invalidDomain(DOMAIN_EXAMPLE) });
export type Domain = z.infer<typeof DomainSchema>;

/** The user's list: `urls.current` (spec §7: "URL call responses carry urls with a current list"). */
export const UserUrlsSchema = z.object({ current: z.array(z.string()) });
export type UserUrls = z.infer<typeof UserUrlsSchema>;

/** GET/POST/DELETE /api/account/urls answer with the whole list after the change. */
export const UrlsResponseSchema = z.object({ success: z.literal(true), urls: UserUrlsSchema });
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
});
export type DefaultProtectedGroup = z.infer<typeof DefaultProtectedGroupSchema>;

/** GET /api/extension/disabled: the user's list plus the static defaults, everything the extension must skip. */
export const DisabledUrlsResponseSchema = z.object({
  success: z.literal(true),
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
    urls: [
      'paypal.com',
      'chase.com',
      'bankofamerica.com',
      'wellsfargo.com',
      'stripe.com',
      'wise.com',
      'revolut.com',
    ],
  },
  {
    category: 'Health',
    urls: ['mychart.org', 'patient.info', 'healthcare.gov', 'nhs.uk', 'webmd.com'],
  },
  {
    category: 'E-mail and messaging',
    urls: [
      'mail.google.com',
      'outlook.live.com',
      'outlook.office.com',
      'mail.yahoo.com',
      'proton.me',
      'web.whatsapp.com',
      'messenger.com',
    ],
  },
  {
    category: 'Passwords and identity',
    urls: [
      'accounts.google.com',
      'login.microsoftonline.com',
      '1password.com',
      'bitwarden.com',
      'lastpass.com',
    ],
  },
  {
    category: 'Government and taxes',
    urls: ['irs.gov', 'gov.uk', 'ssa.gov', 'login.gov'],
  },
];

/** Every default-protected domain, flattened. */
export const DEFAULT_PROTECTED_DOMAINS: readonly string[] = DEFAULT_PROTECTED_SITES.flatMap((g) => g.urls);

/** True when `hostname` is `domain` or one of its subdomains (`www.example.com` is covered by `example.com`). */
export function isHostCovered(hostname: string, domain: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const d = domain.toLowerCase().trim().replace(/^\*\./, '').replace(/\.$/, '');
  return d.length > 0 && (host === d || host.endsWith(`.${d}`));
}

/** True when a page's hostname is covered by any of the given domain lists. */
export function isHostIgnored(hostname: string, ...lists: readonly (readonly string[])[]): boolean {
  return lists.some((list) => list.some((d) => isHostCovered(hostname, d)));
}
