import { OAUTH_BINDING_KEY } from '@mediadiet/contract/auth';
import { readItem, removeItem, writeItem } from '@/lib/storage';

/**
 * The value that binds a Google sign-in to this browser (docs/decisions/108): 32 random bytes kept in
 * localStorage and sent when the Google window opens; the server keeps only its keyed hash with the flow, and
 * the code the flow ends with is redeemed only together with it. A link carrying a code from anyone else's
 * flow is refused, because this browser does not hold that flow's value.
 */
const SHAPE = /^[A-Za-z0-9_-]{43}$/;

function randomValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The stored value, or a new one stored now (every flow started before the next redemption shares it). */
export function oauthBinding(): string {
  const stored = readItem(OAUTH_BINDING_KEY);
  if (stored && SHAPE.test(stored)) return stored;
  const created = randomValue();
  writeItem(OAUTH_BINDING_KEY, created);
  return created;
}

/** The stored value, if this browser started a Google sign-in. */
export function storedOAuthBinding(): string | null {
  const stored = readItem(OAUTH_BINDING_KEY);
  return stored && SHAPE.test(stored) ? stored : null;
}

/** After a redemption: the next flow gets a new value. */
export function forgetOAuthBinding(): void {
  removeItem(OAUTH_BINDING_KEY);
}
