import type { QueryClient } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { safeRequest } from '@/lib/api-client';
import { applyUserExtension } from '@/features/extension/api/user-cache';

/**
 * `POST /api/extension/installation {isInstalled}` (spec §4 Installation detection), then the user's
 * extension flags are updated in the cache and the account info reloads. A failure is left for the next
 * check (every 5 s) to retry.
 */
export async function recordInstallation(queryClient: QueryClient, isInstalled: boolean): Promise<boolean> {
  const result = await safeRequest(api.extensionInstallation, { body: { isInstalled } });
  if (!result.ok) return false;
  applyUserExtension(queryClient, result.data.extension);
  return true;
}
