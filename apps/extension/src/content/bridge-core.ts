import { EXTENSION_SOURCE, isBridgeRequest, type BridgeResponseEnvelope } from '../bridge-protocol';

export interface BridgeDeps {
  win: Window;
  webOrigin: string;
  /** Forward the web app's message to the background (runtime.sendMessage({ kind: 'bridge', message })). */
  forward: (message: unknown) => Promise<unknown>;
}

/**
 * The window.postMessage ↔ runtime bridge (docs/decisions/065). Installed only when the page is the web app;
 * accepts only same-window posts from the web origin, replies only to the web origin.
 */
export function installBridge({ win, webOrigin, forward }: BridgeDeps): () => void {
  if (win.location.origin !== webOrigin) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    if (event.source !== win || event.origin !== webOrigin || win.location.origin !== webOrigin) return;
    const data: unknown = event.data;
    if (!isBridgeRequest(data)) return;
    const { id } = data;
    forward(data.message)
      .catch(() => ({ success: false, error: 'Extension unavailable' }))
      .then((response) => {
        const envelope = { source: EXTENSION_SOURCE, id, response } as BridgeResponseEnvelope;
        win.postMessage(envelope, webOrigin);
      })
      .catch(() => undefined);
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}
