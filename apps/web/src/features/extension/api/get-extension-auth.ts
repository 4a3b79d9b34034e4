import { api } from '@mediadiet/contract/routes';
import { safeRequest } from '@/lib/api-client';

/** `GET /api/extension/auth` → a fresh apiKey for CONNECT_EXTENSION (issuing it revokes the previous key). */
export function getExtensionAuth() {
  return safeRequest(api.extensionAuth);
}
