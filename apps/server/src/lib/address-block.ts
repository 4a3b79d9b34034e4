import { isIPv4, isIPv6 } from 'node:net';

/**
 * The block a client address belongs to for per-address limits: an IPv4 address as it is, an IPv6 address
 * by its /64 (one household or one server usually holds a whole /64, so counting single IPv6 addresses
 * would give each of them 2^64 tries). IPv4-mapped IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address.
 */
export function addressBlock(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase(); // no zone id
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  // An embedded IPv4 tail (a.b.c.d) takes two groups; it never falls in the first four.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - width(headGroups) - width(tailGroups)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}
