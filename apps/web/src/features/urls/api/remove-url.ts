import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/api-query';
import { applyUrlListChange } from '@/features/urls/api/url-list-change';

/** `DELETE /api/account/urls/{url}` (URL-encoded by the client); the answer is the list after the change. */
export const useRemoveUrl = () =>
  useCacheMutation(
    (url: string) => apiRequest(api.accountUrlsRemove, { params: { url } }),
    applyUrlListChange,
  );
