import type { KeyedHasher } from '../../lib/crypto.ts';

/**
 * The letter's unsubscribe token (decision 158): the account's id and an HMAC of it under the server secret
 * (its own purpose key), both base64url — 22 + 43 characters. It names the person and is checked without a
 * session or a stored copy; without the secret it cannot be made for anybody. It stays valid while the
 * account lives, so an old letter's link still works; using it again changes nothing more.
 */

const PURPOSE = 'weekly-letter-unsubscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ID_CHARS = 22;
const MAC_CHARS = 43;

export function unsubscribeToken(hasher: KeyedHasher, userId: string): string {
  const id = Buffer.from(userId.replaceAll('-', ''), 'hex').toString('base64url');
  const mac = Buffer.from(hasher.hash(PURPOSE, userId), 'hex').toString('base64url');
  return `${id}${mac}`;
}

/** The account a token was made for, or null when it was not made here (forged, cut short, altered). */
export function verifyUnsubscribeToken(hasher: KeyedHasher, token: string): string | null {
  if (token.length !== ID_CHARS + MAC_CHARS || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const idBytes = Buffer.from(token.slice(0, ID_CHARS), 'base64url');
  const macBytes = Buffer.from(token.slice(ID_CHARS), 'base64url');
  // Only the one spelling we make: base64url leaves spare bits in the last character.
  if (`${idBytes.toString('base64url')}${macBytes.toString('base64url')}` !== token) return null;
  const hex = idBytes.toString('hex');
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!UUID.test(userId)) return null;
  return hasher.verify(PURPOSE, userId, macBytes.toString('hex')) ? userId : null;
}
