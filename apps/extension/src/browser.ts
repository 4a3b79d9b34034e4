/**
 * A thin typed view of the `chrome.*` subset the extension uses. Chromium and Firefox MV3 both provide
 * `chrome.*` with promise-returning methods; tests pass a fake implementing the same interface.
 */
export interface MessageSender {
  id?: string;
  url?: string;
  origin?: string;
  tab?: { id?: number; url?: string; incognito?: boolean };
}

export type MessageListener = (
  message: unknown,
  sender: MessageSender,
  sendResponse: (response: unknown) => void,
) => boolean | undefined | void;

export interface Event<L> {
  addListener(listener: L): void;
}

export interface TabInfo {
  id?: number;
  url?: string;
  incognito?: boolean;
  windowId?: number;
}

export interface RegisteredContentScript {
  id: string;
  matches?: string[];
  js?: string[];
  runAt?: 'document_start' | 'document_end' | 'document_idle';
  allFrames?: boolean;
  persistAcrossSessions?: boolean;
}

export interface BrowserApi {
  runtime: {
    id: string;
    getManifest(): { version: string };
    /** The address of one of the extension's own pages (the consent and confirmation pages). */
    getURL?(path: string): string;
    sendMessage(message: unknown): Promise<unknown>;
    onMessage: Event<MessageListener>;
    onMessageExternal?: Event<MessageListener>;
    onStartup?: Event<() => void>;
    /** Opens (or shows) the options page. */
    openOptionsPage?(): Promise<void>;
    onInstalled?: Event<() => void>;
  };
  storage: {
    local: {
      get(keys: string | string[] | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(keys: string | string[]): Promise<void>;
    };
    onChanged?: Event<(changes: Record<string, { newValue?: unknown }>, area: string) => void>;
  };
  alarms: {
    create(name: string, info: { when?: number; delayInMinutes?: number; periodInMinutes?: number }): void | Promise<void>;
    clear(name: string): Promise<boolean> | void;
    /** The alarm of that name if one is scheduled. */
    get?(name: string): Promise<{ name: string; scheduledTime: number } | undefined>;
    onAlarm: Event<(alarm: { name: string }) => void>;
  };
  tabs?: {
    /** `url`: match patterns (a tab's address is known only where the extension holds a host permission). */
    query(q: { active?: boolean; currentWindow?: boolean; url?: string | string[] }): Promise<TabInfo[]>;
    create(p: { url: string }): Promise<unknown>;
    onRemoved?: Event<(tabId: number) => void>;
  };
  extension?: { inIncognitoContext?: boolean };
  /** The manifest's keyboard shortcuts: the one that pauses (decision 162). */
  commands?: {
    getAll(): Promise<{ name?: string; shortcut?: string; description?: string }[]>;
    onCommand: Event<(command: string) => void>;
    /** Firefox 137+: its Manage Extension Shortcuts page. */
    openShortcutSettings?(): Promise<void>;
  };
  /** Content scripts registered at run time: the labels script, only on the sites whose labels are on. */
  scripting?: {
    registerContentScripts(scripts: RegisteredContentScript[]): Promise<void>;
    updateContentScripts(scripts: RegisteredContentScript[]): Promise<void>;
    unregisterContentScripts(filter?: { ids?: string[] }): Promise<void>;
    getRegisteredContentScripts(filter?: { ids?: string[] }): Promise<RegisteredContentScript[]>;
    executeScript(injection: { target: { tabId: number }; files: string[] }): Promise<unknown>;
  };
  /** Host permissions granted at run time (a site the person added to the labelled ones). */
  permissions?: {
    contains(permissions: { origins?: string[] }): Promise<boolean>;
    onAdded?: Event<(permissions: { origins?: string[] }) => void>;
  };
  /** The toolbar button (its badge and tooltip). */
  action?: {
    setBadgeText(details: { text: string }): Promise<void> | void;
    setBadgeBackgroundColor(details: { color: string }): Promise<void> | void;
    setTitle(details: { title: string }): Promise<void> | void;
  };
}

/** The real API (global `chrome`; Firefox MV3 provides it as an alias of `browser`). */
export function getBrowser(): BrowserApi {
  const g = globalThis as unknown as { chrome?: BrowserApi; browser?: BrowserApi };
  const api = g.browser ?? g.chrome;
  if (!api) throw new Error('No extension API available');
  return api;
}
