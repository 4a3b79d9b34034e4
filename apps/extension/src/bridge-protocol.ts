import type { ExtensionReply, ExtensionRequest, ExtensionRequestType } from '@mediadiet/contract/extension';

/**
 * The window.postMessage envelope between the web app and the bridge content script (docs/decisions/065).
 * page → extension: `{ source: 'mediadiet-web', id, message }`, posted to `window.location.origin`.
 * extension → page: `{ source: 'mediadiet-extension', id, response }`, posted to the web origin.
 */
export const WEB_SOURCE = 'mediadiet-web';
export const EXTENSION_SOURCE = 'mediadiet-extension';

export interface BridgeRequestEnvelope<T extends ExtensionRequest = ExtensionRequest> {
  source: typeof WEB_SOURCE;
  /** Correlation id chosen by the page (non-empty, ≤ 100 chars); echoed in the reply. */
  id: string;
  message: T;
}

export interface BridgeResponseEnvelope<T extends ExtensionRequestType = ExtensionRequestType> {
  source: typeof EXTENSION_SOURCE;
  id: string;
  response: ExtensionReply<T>;
}

/** Shape check of a page → extension envelope (the message itself is validated by the background). */
export function isBridgeRequest(data: unknown): data is { source: typeof WEB_SOURCE; id: string; message: unknown } {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return (
    d.source === WEB_SOURCE &&
    typeof d.id === 'string' &&
    d.id.length > 0 &&
    d.id.length <= 100 &&
    typeof d.message === 'object' &&
    d.message !== null
  );
}

export function isBridgeResponse(data: unknown): data is BridgeResponseEnvelope {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return d.source === EXTENSION_SOURCE && typeof d.id === 'string' && typeof d.response === 'object';
}
