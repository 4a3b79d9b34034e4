/**
 * A site as a person types it on the options page ("news.example.com", or an address pasted whole), read with
 * the contract's domain rules (`DomainSchema`, the server's for the account's ignored sites), and what is wrong
 * with it in plain words when it is not a site.
 */
import { messages } from '@mediadiet/contract/messages';
import { DOMAIN_EXAMPLE, DomainSchema, isIgnorableDomain } from '@mediadiet/contract/urls';

export type TypedSite = { ok: true; host: string } | { ok: false; error: string };

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The host of a typed site, lower case and without `www.` (an address pasted whole gives its host), or why it
 * is not one: nothing typed, a space, an IP address, a name without an ending (".com"), a character a domain
 * cannot hold; the contract's message for anything else it refuses.
 */
export function readTypedSite(typed: string): TypedSite {
  let value = typed.trim().toLowerCase();
  if (value === '') return { ok: false, error: messages.urls.emptyDomain };
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(value)) {
    try {
      value = new URL(value).hostname;
    } catch {
      return { ok: false, error: `That address could not be read. Type the site's domain, for example ${DOMAIN_EXAMPLE}.` };
    }
  } else {
    // "example.com/news" or "example.com:8080": the site is what comes before.
    value = value.split(/[/?#]/)[0]!.replace(/:\d*$/, '');
  }
  value = value.replace(/\.$/, '');
  if (/\s/.test(value)) return { ok: false, error: `A domain has no spaces, for example ${DOMAIN_EXAMPLE}.` };
  if (IPV4.test(value) || value.includes(':') || value.startsWith('[')) {
    return { ok: false, error: `An IP address is not a site name. Type its domain, for example ${DOMAIN_EXAMPLE}.` };
  }
  const odd = value.match(/[^a-z0-9.-]/)?.[0];
  if (odd) return { ok: false, error: `A domain cannot contain "${odd}". Use letters, digits, hyphens and dots.` };
  if (!value.includes('.')) {
    return { ok: false, error: `"${value}" has no ending such as .com. Type the whole domain, for example ${DOMAIN_EXAMPLE}.` };
  }
  const parsed = DomainSchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? messages.urls.invalidDomain(DOMAIN_EXAMPLE) };
  const bare = parsed.data.replace(/^www\./, '');
  return { ok: true, host: isIgnorableDomain(bare) ? bare : parsed.data };
}
