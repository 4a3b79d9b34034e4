import { describe, expect, it } from 'vitest';
import { createKeyedHasher, randomDigits, randomToken, safeEqual } from '../../src/lib/crypto.ts';

describe('crypto', () => {
  it('makes base64url tokens of at least 128 bits', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(() => randomToken(8)).toThrow(RangeError);
    expect(new Set(Array.from({ length: 100 }, () => randomToken())).size).toBe(100);
  });

  it('makes PINs of uniformly random digits', () => {
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 2000; i++) {
      const pin = randomDigits(6);
      expect(pin).toMatch(/^\d{6}$/);
      for (const d of pin) counts[Number(d)]! += 1;
    }
    // 12 000 digits: each digit ~1 200; a biased generator would be far off.
    for (const count of counts) expect(count).toBeGreaterThan(1000);
  });

  it('hashes with a key per purpose and verifies in constant time', () => {
    const hasher = createKeyedHasher('s'.repeat(32));
    const other = createKeyedHasher('t'.repeat(32));
    const hash = hasher.hash('session', 'token');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hasher.verify('session', 'token', hash)).toBe(true);
    expect(hasher.verify('session', 'tokem', hash)).toBe(false);
    expect(hasher.verify('pin', 'token', hash)).toBe(false);
    expect(other.hash('session', 'token')).not.toBe(hash);
    expect(() => createKeyedHasher('short')).toThrow(RangeError);
  });

  it('compares strings safely', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
