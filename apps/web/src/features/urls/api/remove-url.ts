import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { notifyExtension } from '@/lib/extension-bridge';
import { queryKeys } from '@/lib/query-keys';

/** `DELETE /api/account/urls/{url}` (URL-encoded by the client); the answer is the list after the change. */
export function useRemoveUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => apiRequest(api.accountUrlsRemove, { params: { url } }),
    onSuccess: ({ urls }) => {
      queryClient.setQueryData(queryKeys.urls, urls.current);
      void queryClient.invalidateQueries({ queryKey: queryKeys.urlsDisabled, refetchType: 'none' });
      // The extension refetches its list now, not at its hourly refresh.
      notifyExtension('DISABLED_CHANGED');
    },
  });
}
