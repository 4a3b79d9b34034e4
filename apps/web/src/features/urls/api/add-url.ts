import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { notifyExtension } from '@/lib/extension-bridge';
import { queryKeys } from '@/lib/query-keys';

/** `POST /api/account/urls {url}`; the answer is the whole list after the change. */
export function useAddUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => apiRequest(api.accountUrlsAdd, { body: { url } }),
    onSuccess: ({ urls }) => {
      queryClient.setQueryData(queryKeys.urls, urls.current);
      void queryClient.invalidateQueries({ queryKey: queryKeys.urlsDisabled, refetchType: 'none' });
      // The extension refetches its list now, not at its hourly refresh.
      notifyExtension('DISABLED_CHANGED');
    },
  });
}
