/**
 * Everything the extension connection calls — the extension's messaging and the server, both parsed with
 * zod — as one module that `use-extension-connection.ts` loads when a user is signed in, so the signed-out
 * pages (which run the provider with no user) load none of it (docs/decisions/073).
 */
export { isExtensionConnected } from '@mediadiet/contract/extension';
export { notifyExtension, pingExtension, sendToExtension } from '@/lib/extension-bridge';
export { disconnectExtension } from '@/features/extension/api/disconnect-extension';
export { getExtensionAuth } from '@/features/extension/api/get-extension-auth';
export { recordInstallation } from '@/features/extension/api/record-installation';
