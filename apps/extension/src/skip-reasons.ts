/** Import-free (the popup bundle stays small). */
/** Why a page is not captured (null: it is captured). */
export type SkipReason =
  | 'not-http'
  | 'web-app'
  | 'private'
  | 'private-network'
  | 'credentials'
  | 'search'
  | 'paused'
  | 'protected'
  | 'ignored'
  | 'no-consent'
  | 'not-connected';

export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  'not-http': 'Only web pages are analysed.',
  'web-app': 'Media Diet itself is never analysed.',
  private: 'Private windows are never analysed.',
  'private-network': 'Pages on this computer or a private network (home, office, intranet) are never analysed.',
  credentials: 'Addresses with a user name or password in them are never analysed.',
  search: 'Search results pages are never analysed: what you search for is not sent to Media Diet.',
  'no-consent': 'Nothing is read until you agree to how Media Diet works.',
  paused: 'Analysis is paused.',
  protected: 'A protected site (health, banking, …): never analysed.',
  ignored: 'You ignore this site.',
  'not-connected': 'Connect the extension from your Media Diet account.',
};
