import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHROMIUM_EXTENSION_ID } from '@/config/env';
import {
  EXTENSION_SOURCE,
  ExtensionUnavailableError,
  InvalidExtensionReplyError,
  PAGE_SOURCE,
  extensionIdFor,
  pingExtension,
  sendToExtension,
} from '@/lib/extension-bridge';
import { installFakeChrome } from '@/testing/fake-chrome';

/** Answers bridge requests like the extension's content script (docs/decisions/065). */
function fakeBridge(respond: (message: { type: string }) => unknown, origin = window.location.origin) {
  const seen: unknown[] = [];
  const listener = (event: MessageEvent) => {
    const data = event.data as { source?: string; id?: string; message?: { type: string } };
    if (data.source !== PAGE_SOURCE || !data.message) return;
    seen.push(data);
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: EXTENSION_SOURCE, id: data.id, response: respond(data.message) },
        origin,
        source: window,
      }),
    );
  };
  window.addEventListener('message', listener);
  return { seen, stop: () => window.removeEventListener('message', listener) };
}

afterEach(() => {
  delete (globalThis as { chrome?: unknown }).chrome;
  vi.useRealTimers();
});

describe('sendToExtension — runtime transport (Chromium)', () => {
  it('uses chrome.runtime.sendMessage with the configured extension id and parses the reply', async () => {
    const chrome = installFakeChrome();
    await expect(sendToExtension({ type: 'PING' })).resolves.toEqual({ ok: true, version: '1.0.0' });
    expect(chrome.sent).toEqual([{ extensionId: DEFAULT_CHROMIUM_EXTENSION_ID, message: { type: 'PING' } }]);
  });

  it('rejects a reply that does not match the contract schema', async () => {
    const chrome = installFakeChrome();
    chrome.replies.VALIDATE_TOKEN = () => ({ success: 'yes' });
    await expect(sendToExtension({ type: 'VALIDATE_TOKEN' })).rejects.toBeInstanceOf(InvalidExtensionReplyError);
  });

  it('falls back to the window bridge when the runtime reports an error', async () => {
    installFakeChrome(false);
    const bridge = fakeBridge(() => ({ success: true }));
    await expect(sendToExtension({ type: 'VALIDATE_TOKEN' })).resolves.toEqual({ success: true });
    expect(bridge.seen).toHaveLength(1);
    bridge.stop();
  });

  it('Edge and Opera use their own id when configured, else the Chrome id; Firefox has none', () => {
    const ids = { chrome: 'c', edge: 'e', opera: undefined, firefox: undefined, safari: undefined };
    expect(extensionIdFor('edge', ids)).toBe('e');
    expect(extensionIdFor('opera', ids)).toBe('c');
    expect(extensionIdFor('firefox', ids)).toBeUndefined();
  });
});

describe('sendToExtension — window bridge (Firefox)', () => {
  beforeEach(() => {
    delete (globalThis as { chrome?: unknown }).chrome;
  });

  it('posts the envelope to our own origin and resolves with the matching reply', async () => {
    const post = vi.spyOn(window, 'postMessage');
    const bridge = fakeBridge(() => ({ ok: true, version: '2.0.0' }));
    await expect(sendToExtension({ type: 'PING' })).resolves.toEqual({ ok: true, version: '2.0.0' });
    expect(post).toHaveBeenCalledWith(
      { source: PAGE_SOURCE, id: expect.any(String) as string, message: { type: 'PING' } },
      window.location.origin,
    );
    bridge.stop();
  });

  it('ignores replies from another origin, another window, another id or another source', async () => {
    vi.useFakeTimers();
    let answered = false;
    const listener = (event: MessageEvent) => {
      const data = event.data as { source?: string; id?: string };
      if (data.source !== PAGE_SOURCE || answered) return;
      answered = true;
      const reply = { source: EXTENSION_SOURCE, id: data.id, response: { ok: true, version: '1' } };
      window.dispatchEvent(new MessageEvent('message', { data: reply, origin: 'https://evil.example', source: window }));
      window.dispatchEvent(new MessageEvent('message', { data: reply, origin: window.location.origin, source: null }));
      window.dispatchEvent(
        new MessageEvent('message', { data: { ...reply, id: 'other' }, origin: window.location.origin, source: window }),
      );
      window.dispatchEvent(
        new MessageEvent('message', { data: { ...reply, source: PAGE_SOURCE }, origin: window.location.origin, source: window }),
      );
    };
    window.addEventListener('message', listener);
    const result = sendToExtension({ type: 'PING' });
    const outcome = expect(result).rejects.toBeInstanceOf(ExtensionUnavailableError);
    await vi.advanceTimersByTimeAsync(2000);
    await outcome;
    expect(answered).toBe(true);
    window.removeEventListener('message', listener);
  });

  it('gives up after the 2 s PING wait when nobody answers (not installed)', async () => {
    vi.useFakeTimers();
    let settled = false;
    const result = pingExtension().then((found) => {
      settled = true;
      return found;
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe(false);
  });
});
