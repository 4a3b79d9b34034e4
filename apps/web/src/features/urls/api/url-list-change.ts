import type { QueryClient } from '@tanstack/react-query';
import type { UrlsResponse } from '@mediadiet/contract/urls';
import { notifyExtension } from '@/lib/extension-bridge';
import { queryKeys } from '@/lib/query-keys';

/**
 * After adding or removing an ignored site: the answer is the whole list after the change, so it replaces
 * the cached one; the disabled lists are marked stale, and the extension refetches its list now, not at its
 * hourly refresh.
 */
export function applyUrlListChange(queryClient: QueryClient, { urls }: UrlsResponse) {
  queryClient.setQueryData(queryKeys.urls, urls.current);
  void queryClient.invalidateQueries({ queryKey: queryKeys.urlsDisabled, refetchType: 'none' });
  notifyExtension('DISABLED_CHANGED');
}
