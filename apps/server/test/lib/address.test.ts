import { describe, expect, it } from 'vitest';
import { addressBlock, coarsePlace } from '../../src/lib/address.ts';

describe('client addresses', () => {
  it('limits count an IPv4 address as it is and an IPv6 address by its /64', () => {
    expect(addressBlock('192.0.2.1')).toBe('192.0.2.1');
    expect(addressBlock('::FFFF:192.0.2.1')).toBe('192.0.2.1');
    expect(addressBlock('2001:DB8:1:2:3:4:5:6')).toBe('2001:0db8:0001:0002::/64');
    expect(addressBlock('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
    expect(addressBlock('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
    expect(addressBlock('junk')).toBe('junk');
  });

  it('the device list shows an IPv4 /24 and an IPv6 /48, expanding "::" to the groups it stands for', () => {
    expect(coarsePlace('203.0.113.9')).toBe('203.0.113.x');
    expect(coarsePlace('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3::/48');
    // "::" here stands for one group: the third group is 2.
    expect(coarsePlace('1::2:3:4:5:6:7')).toBe('1:0:2::/48');
    expect(coarsePlace(undefined)).toBeNull();
  });
});
