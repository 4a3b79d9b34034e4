import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { extraApi } from '@mediadiet/contract/routes';
import { messages } from '@mediadiet/contract/messages';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { notify } from '@/lib/toast';

/** Settings → Signed-in devices: `GET /api/account/devices` and the three ways to end a device's access. */

export const devicesQueryKey = [...queryKeys.account, 'devices'] as const;

export function devicesQueryOptions() {
  return queryOptions({
    queryKey: devicesQueryKey,
    queryFn: ({ signal }) => apiRequest(extraApi.accountDevices, { signal }),
    retry: false,
  });
}

export function useDevices() {
  return useQuery(devicesQueryOptions());
}

/**
 * After any of them: a toast (raised here, not by the row, which is gone once the list is read again), and
 * the list (and the account's extension status, under the same key) is read again.
 */
function useDeviceMutation<T>(run: (input: T) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => notify.success(done),
    onError: (error) => notify.error(error.message || messages.security.actionFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account }),
  });
}

export function useSignOutDevice() {
  return useDeviceMutation(
    (id: string) => apiRequest(extraApi.accountDeviceSignOut, { params: { id } }),
    messages.security.signedOutDevice,
  );
}

export function useDisconnectBrowser() {
  return useDeviceMutation(
    (id: string) => apiRequest(extraApi.accountDeviceDisconnect, { params: { id } }),
    messages.security.disconnectedBrowser,
  );
}

export function useSignOutOthers() {
  return useDeviceMutation(() => apiRequest(extraApi.accountSignOutOthers), messages.security.signedOutOthers);
}
