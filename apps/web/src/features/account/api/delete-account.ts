import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@mediadiet/contract/account';
import { extraApi } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';

/** `DELETE /api/account` with `{confirmEmail}`: deletes the account and all its data. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) => apiRequest(extraApi.accountDelete, { body }),
  });
}
