import { isIP, isIPv4, isIPv6 } from 'node:net';

/** An IPv6 address's eight groups as written (`::` expanded to zeros; an embedded IPv4 tail counts as two). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  if (!address.includes('::')) return headGroups;
  const tailGroups = tail ? tail.split(':') : [];
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  return [...headGroups, ...Array<string>(8 - width(headGroups) - width(tailGroups)).fill('0'), ...tailGroups];
}

/** `::ffff:192.0.2.1` → `192.0.2.1`; anything else as it is. */
function unmapped(address: string): string {
  return /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;
}

/**
 * The block a client address belongs to for per-address limits: an IPv4 address as it is, an IPv6 address
 * by its /64 (one household or one server usually holds a whole /64, so counting single IPv6 addresses
 * would give each of them 2^64 tries). IPv4-mapped IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address.
 */
export function addressBlock(ip: string): string {
  const address = unmapped(ip.replace(/%.*$/, '').toLowerCase()); // no zone id
  if (isIPv4(address) || !isIPv6(address)) return address;
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}

/**
 * A client address coarsened for the device list (where a sign-in was last used): an IPv4 address keeps its
 * first three parts ('203.0.113.x'), an IPv6 address its first three groups ('2001:db8:85a3::/48').
 * Enough for a person to tell their home from elsewhere, not enough to point at one machine.
 */
export function coarsePlace(ip: string | undefined): string | null {
  if (!ip) return null;
  const address = unmapped(ip);
  const kind = isIP(address);
  if (kind === 4) return `${address.split('.').slice(0, 3).join('.')}.x`;
  if (kind === 6) return `${ipv6Groups(address).slice(0, 3).join(':')}::/48`;
  return null;
}
