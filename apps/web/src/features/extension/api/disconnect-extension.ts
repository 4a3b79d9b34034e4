import type { QueryClient } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { safeRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { applyUserExtension } from '@/features/extension/api/user-cache';

/**
 * `DELETE /api/extension`: revoke the key and switch the status off. On success the cached blocked-site
 * lists are dropped (spec §4 "Disconnect … clears the blocked sites") and the user's flags updated.
 */
export async function disconnectExtension(queryClient: QueryClient): Promise<boolean> {
  const result = await safeRequest(api.extensionDisconnect);
  if (!result.ok) return false;
  queryClient.removeQueries({ queryKey: queryKeys.urls });
  applyUserExtension(queryClient, result.data.extension);
  return true;
}
