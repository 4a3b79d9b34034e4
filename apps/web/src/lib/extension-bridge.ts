import {
  ExtensionResponseSchemas,
  type ExtensionReply,
  type ExtensionRequest,
  type ExtensionRequestType,
} from '@mediadiet/contract/extension';
import { EXTENSION_PING_TIMEOUT_MS } from '@mediadiet/contract/constants';
import { env, type ExtensionBrowser } from '@/config/env';
import { detectBrowser, type DetectedBrowser } from '@/lib/browser';

/**
 * Direct messages to the browser extension (spec §7: PING, CONNECT_EXTENSION, VALIDATE_TOKEN), over the
 * transports of docs/decisions/065-extension-messaging.md:
 *
 * 1. **Runtime (Chromium):** `chrome.runtime.sendMessage(extensionId, message, callback)` when the page
 *    can see `chrome.runtime.sendMessage` (an installed extension lists our origin in
 *    `externally_connectable`) and an extension id is configured for the browser.
 * 2. **Window bridge (Firefox; Chromium fallback):** `window.postMessage({source: 'mediadiet-web', id,
 *    message}, location.origin)`; the extension's content script answers with `{source:
 *    'mediadiet-extension', id, response}`. Only replies from our own window and origin with our id count.
 *
 * Every reply is parsed with the contract's `ExtensionResponseSchemas[type]`. No answer within
 * `timeoutMs` (default: the 2 s PING wait of spec §9) rejects with `ExtensionUnavailableError`.
 */

export const PAGE_SOURCE = 'mediadiet-web';
export const EXTENSION_SOURCE = 'mediadiet-extension';

export class ExtensionUnavailableError extends Error {
  constructor(message = 'The browser extension did not answer') {
    super(message);
    this.name = 'ExtensionUnavailableError';
  }
}

export class InvalidExtensionReplyError extends Error {
  constructor() {
    super('The browser extension sent an unexpected reply');
    this.name = 'InvalidExtensionReplyError';
  }
}

/** The part of `chrome.runtime` a web page may use. */
export interface PageRuntime {
  sendMessage: (extensionId: string, message: unknown, callback: (reply: unknown) => void) => void;
  lastError?: { message?: string } | undefined;
}

export interface SendOptions {
  /** How long to wait for the reply (ms). Default: EXTENSION_PING_TIMEOUT_MS (2 s). */
  timeoutMs?: number;
  /** Stops waiting; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

type RequestOf<T extends ExtensionRequestType> = Extract<ExtensionRequest, { type: T }>;

/** `globalThis.chrome.runtime` when the page can message an extension directly. */
export function pageRuntime(): PageRuntime | null {
  const runtime = (globalThis as { chrome?: { runtime?: Partial<PageRuntime> } }).chrome?.runtime;
  return typeof runtime?.sendMessage === 'function' ? (runtime as PageRuntime) : null;
}

const CHROMIUM: readonly DetectedBrowser[] = ['chrome', 'edge', 'opera', 'other'];

/** The extension id for this browser (Chromium family falls back to the Chrome id). */
export function extensionIdFor(
  browser: DetectedBrowser,
  ids: Record<ExtensionBrowser, string | undefined> = env.extensionIds,
): string | undefined {
  if (browser === 'other') return ids.chrome;
  const own = ids[browser];
  if (own) return own;
  return CHROMIUM.includes(browser) ? ids.chrome : undefined;
}

/** True when a reply can come from somewhere (a runtime, or a window for the bridge). */
export function hasBrowserRuntime(): boolean {
  return pageRuntime() !== null || typeof window !== 'undefined';
}

let nextId = 0;
function correlationId(): string {
  nextId += 1;
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);
  return `${random}-${nextId}`;
}

function parseReply<T extends ExtensionRequestType>(type: T, reply: unknown): ExtensionReply<T> {
  const parsed = ExtensionResponseSchemas[type].safeParse(reply);
  if (!parsed.success) throw new InvalidExtensionReplyError();
  return parsed.data as ExtensionReply<T>;
}

/** One attempt over the runtime; resolves with the raw reply or rejects when the runtime reports an error. */
function viaRuntime(runtime: PageRuntime, extensionId: string, message: ExtensionRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    try {
      runtime.sendMessage(extensionId, message, (reply) => {
        const error = runtime.lastError;
        if (error || reply === undefined) reject(new ExtensionUnavailableError(error?.message));
        else resolve(reply);
      });
    } catch (error) {
      reject(error instanceof Error ? new ExtensionUnavailableError(error.message) : new ExtensionUnavailableError());
    }
  });
}

/** The window bridge: post the envelope, wait for the reply with the same id. Returns a stop function. */
function viaBridge(message: ExtensionRequest, onReply: (reply: unknown) => void): () => void {
  const id = correlationId();
  const origin = window.location.origin;
  const listener = (event: MessageEvent) => {
    if (event.source !== window || event.origin !== origin) return;
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null) return;
    const envelope = data as { source?: unknown; id?: unknown; response?: unknown };
    if (envelope.source !== EXTENSION_SOURCE || envelope.id !== id) return;
    onReply(envelope.response);
  };
  window.addEventListener('message', listener);
  window.postMessage({ source: PAGE_SOURCE, id, message }, origin);
  return () => window.removeEventListener('message', listener);
}

/**
 * Send one message to the extension and parse its reply. The runtime is tried first when available; if it
 * reports an error (wrong id, extension gone) the window bridge gets the rest of the wait.
 */
export function sendToExtension<T extends ExtensionRequestType>(
  message: RequestOf<T>,
  { timeoutMs = EXTENSION_PING_TIMEOUT_MS, signal }: SendOptions = {},
): Promise<ExtensionReply<T>> {
  const type = message.type;
  return new Promise<ExtensionReply<T>>((resolve, reject) => {
    let settled = false;
    let stopBridge: (() => void) | null = null;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stopBridge?.();
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const accept = (reply: unknown) => {
      try {
        const parsed = parseReply(type, reply);
        finish(() => resolve(parsed));
      } catch (error) {
        finish(() => reject(error instanceof Error ? error : new InvalidExtensionReplyError()));
      }
    };
    const startBridge = () => {
      if (settled || stopBridge || typeof window === 'undefined') return;
      stopBridge = viaBridge(message, accept);
    };
    const onAbort = () =>
      finish(() => {
        const reason: unknown = signal?.reason;
        reject(reason instanceof Error ? reason : new DOMException('Aborted', 'AbortError'));
      });
    const timer = setTimeout(() => finish(() => reject(new ExtensionUnavailableError())), timeoutMs);

    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort);

    const runtime = pageRuntime();
    const extensionId = runtime ? extensionIdFor(detectBrowser()) : undefined;
    if (runtime && extensionId) {
      viaRuntime(runtime, extensionId, message).then(accept, startBridge);
    } else {
      startBridge();
    }
  });
}

/** PING with the 2 s wait (spec §4 Installation detection): true when the extension answered `ok`. */
export async function pingExtension(options: SendOptions = {}): Promise<boolean> {
  try {
    const reply = await sendToExtension({ type: 'PING' }, { timeoutMs: EXTENSION_PING_TIMEOUT_MS, ...options });
    return reply.ok;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return false;
  }
}

/**
 * Fire-and-forget notification to the extension (DISABLED_CHANGED, DISCONNECT_EXTENSION): the server is the
 * source of truth, so an absent or silent extension changes nothing — it catches up at its next refresh.
 */
export function notifyExtension(type: 'DISABLED_CHANGED' | 'DISCONNECT_EXTENSION'): void {
  sendToExtension({ type }).catch(() => undefined);
}
