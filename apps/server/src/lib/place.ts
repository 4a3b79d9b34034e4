import { isIP } from 'node:net';

/**
 * A client address coarsened for the device list (where a session was last used): an IPv4 address keeps
 * its first three parts ('203.0.113.x'), an IPv6 address its first three groups ('2001:db8:85a3::/48').
 * Enough for a person to tell their home from elsewhere, not enough to point at one machine.
 */
export function coarsePlace(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const kind = isIP(address);
  if (kind === 4) return `${address.split('.').slice(0, 3).join('.')}.x`;
  if (kind === 6) {
    const [head = ''] = address.split('::');
    const groups = address.includes('::') ? head.split(':').filter(Boolean) : address.split(':');
    while (groups.length < 3) groups.push('0');
    return `${groups.slice(0, 3).join(':')}::/48`;
  }
  return null;
}
