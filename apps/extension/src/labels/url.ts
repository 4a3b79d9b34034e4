/**
 * Where a labelled link goes, as the background looks it up (decision 159). Search engines wrap their results in a
 * click-through address; the target is taken out of it here, by reading the address only: nothing is fetched and
 * nothing is sent anywhere. The key of a read page is its address as kept (decision 112), so a link matches the
 * page the person read whatever tracking it carries.
 */
import { cleanCaptureUrl } from '@mediadiet/contract/capture';
import { isHttp, parse, unwrapResultUrl } from './unwrap';

/**
 * The key of a link's page: unwrapped, then kept as a captured address is (no fragment, no user name, no query
 * but a site's content id: `utm_*`, `gclid`, `fbclid` and any other parameter go). Null for anything but an
 * http(s) address.
 */
export function pageKey(url: string): string | null {
  const target = unwrapResultUrl(url);
  if (!isHttp(parse(target))) return null;
  return cleanCaptureUrl(target);
}

/** The site of a page key (host without `www.`), the unit of a site's history with the person. */
export function siteOf(key: string): string | null {
  const u = parse(key);
  return isHttp(u) ? u.hostname.toLowerCase().replace(/^www\./, '') : null;
}
