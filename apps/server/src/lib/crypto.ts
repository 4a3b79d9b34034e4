import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The few cryptographic primitives the server uses, in one place (ASVS 11.x): random tokens from the
 * OS CSPRNG, keyed hashes (HMAC-SHA-256 with the server secret) and constant-time comparison.
 */

/** An opaque random token: `bytes` random bytes (default 32 = 256 bits) as base64url. */
export function randomToken(bytes = 32): string {
  if (bytes < 16) throw new RangeError('a token needs at least 128 random bits');
  return randomBytes(bytes).toString('base64url');
}

/** A string of `length` decimal digits, each uniformly random (crypto.randomInt, no modulo bias). */
export function randomDigits(length: number): string {
  let digits = '';
  for (let i = 0; i < length; i++) digits += String(randomInt(0, 10));
  return digits;
}

/** Constant-time equality of two strings (false at once when the lengths differ, which is not secret here). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}

/**
 * Keyed hashing with the server secret. Each purpose ('session', 'pin', …) gets its own key derived
 * from the secret, so a hash made for one purpose never verifies for another.
 */
export interface KeyedHasher {
  /** HMAC-SHA-256 of `value` under the purpose's key, hex-encoded. */
  hash(purpose: string, value: string): string;
  /** Whether `value` hashes to `expectedHash` (constant-time comparison). */
  verify(purpose: string, value: string, expectedHash: string): boolean;
  /** A key derived for another use (e.g. cookie signing), as base64url. */
  deriveKey(purpose: string): string;
}

export function createKeyedHasher(secret: string): KeyedHasher {
  if (secret.length < 32) throw new RangeError('the server secret must be at least 32 characters');
  const keys = new Map<string, Buffer>();
  const keyFor = (purpose: string): Buffer => {
    let key = keys.get(purpose);
    if (!key) {
      key = createHmac('sha256', secret).update(`mediadiet:${purpose}`).digest();
      keys.set(purpose, key);
    }
    return key;
  };
  const hash = (purpose: string, value: string) =>
    createHmac('sha256', keyFor(purpose)).update(value, 'utf8').digest('hex');
  return {
    hash,
    verify: (purpose, value, expectedHash) => safeEqual(hash(purpose, value), expectedHash),
    deriveKey: (purpose) => keyFor(`derived:${purpose}`).toString('base64url'),
  };
}
