import type { ExtensionRequest } from '@mediadiet/contract/extension';

/**
 * A stand-in for `chrome.runtime` as a web page sees it (docs/decisions/065, runtime transport). While
 * `installed` is false every message fails like Chromium's "Receiving end does not exist" (lastError,
 * no reply), so the bridge then waits for its 2 s timeout. Handlers answer each message type.
 */
export interface FakeChrome {
  installed: boolean;
  sent: { extensionId: string; message: ExtensionRequest }[];
  replies: {
    PING: () => unknown;
    CONNECT_EXTENSION: (message: ExtensionRequest) => unknown;
    VALIDATE_TOKEN: () => unknown;
    DISABLED_CHANGED: () => unknown;
    DISCONNECT_EXTENSION: () => unknown;
  };
  typesSent: () => string[];
  uninstall: () => void;
}

export function installFakeChrome(installed = true): FakeChrome {
  const fake: FakeChrome = {
    installed,
    sent: [],
    replies: {
      PING: () => ({ ok: true, version: '1.0.0' }),
      CONNECT_EXTENSION: () => ({ success: true }),
      VALIDATE_TOKEN: () => ({ success: true }),
      DISABLED_CHANGED: () => ({ success: true }),
      DISCONNECT_EXTENSION: () => ({ success: true }),
    },
    typesSent: () => fake.sent.map((s) => s.message.type),
    uninstall: () => {
      delete (globalThis as { chrome?: unknown }).chrome;
    },
  };
  const runtime = {
    lastError: undefined as { message: string } | undefined,
    sendMessage(extensionId: string, message: ExtensionRequest, callback: (reply: unknown) => void) {
      fake.sent.push({ extensionId, message });
      queueMicrotask(() => {
        if (!fake.installed) {
          runtime.lastError = { message: 'Could not establish connection. Receiving end does not exist.' };
          callback(undefined);
          runtime.lastError = undefined;
          return;
        }
        const reply =
          message.type === 'CONNECT_EXTENSION'
            ? fake.replies.CONNECT_EXTENSION(message)
            : fake.replies[message.type]();
        callback(reply);
      });
    },
  };
  (globalThis as { chrome?: unknown }).chrome = { runtime };
  return fake;
}
