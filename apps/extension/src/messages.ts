import type { ExtensionRequest } from '@mediadiet/contract/extension';

/** The message types the web app may send to the extension; the extension issue builds their handlers. */
export const HANDLED_MESSAGES: readonly ExtensionRequest['type'][] = ['PING', 'CONNECT_EXTENSION', 'VALIDATE_TOKEN'];
