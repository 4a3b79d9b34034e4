import { api } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { useCacheMutation } from '@/lib/api-query';
import { applyUrlListChange } from '@/features/urls/api/url-list-change';

/** `POST /api/account/urls {url}`; the answer is the whole list after the change. */
export const useAddUrl = () =>
  useCacheMutation((url: string) => apiRequest(api.accountUrlsAdd, { body: { url } }), applyUrlListChange);
