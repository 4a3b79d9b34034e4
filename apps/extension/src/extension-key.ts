/**
 * The Chromium manifest `key`: the public half of an RSA-2048 pair generated once with node:crypto
 * (SubjectPublicKeyInfo, DER, base64). Only the public key is committed; the private key was discarded — it is
 * only needed to sign a packed .crx, which the stores do for us. The key pins the unpacked extension's id, so
 * the web app (`chrome.runtime.sendMessage(EXTENSION_ID, …)`) and the e2e tests can rely on it.
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEArUpJMgCN8Rf0Jmaw23WPBo7JUKliGOXD0vPE+CHptr5+AmzIewFgrgp4d4y1wydZbZ8vhUjFKdKUqh0hGkUWH7XxlAgD1VKUcLeda91JxFF66YtBVVMde4nOSNwHNRVRYG3Fu/ApG/jUiXg+DgOcRhIdOlJUV5B9dfcXp+zxWGZG0yj1xP+tuPdhAC4K3VUyRX4B3q8FedP4lYG+9cPwzvZ0dZ79sCIsj/GCWzy2GJ1MaRqbbJhS1qlZOLMYUZzx0FibpS1/s+PBb3XtSlXw3B2gXT5xqiDvDKgjyNngcuIU3iR3jsDvpLHAM27yJtkE0ivqL+3XX1wx1/FJWKY0cQIDAQAB';

/** The Chromium extension id for EXTENSION_PUBLIC_KEY (checked by a unit test with extensionIdFromKey). */
export const EXTENSION_ID = 'nnbfcpjndcifaifieehjhhdjiojgncnm';

/** Firefox add-on id (browser_specific_settings.gecko.id). */
export const GECKO_ID = 'mediadiet@mediadiet.app';

/** Chromium's rule: sha256 of the DER public key, first 32 hex digits, each mapped 0–f → a–p. */
export async function extensionIdFromKey(base64Der: string): Promise<string> {
  const der = Uint8Array.from(atob(base64Der), (c) => c.charCodeAt(0));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', der));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('').slice(0, 32);
  return [...hex].map((h) => String.fromCharCode(97 + parseInt(h, 16))).join('');
}
