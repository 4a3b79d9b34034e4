import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { extraApi } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

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

/** After any of them: the list (and the account's extension status, under the same key) is read again. */
function useDeviceMutation<T>(run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account }),
  });
}

export function useSignOutDevice() {
  return useDeviceMutation((id: string) => apiRequest(extraApi.accountDeviceSignOut, { params: { id } }));
}

export function useDisconnectBrowser() {
  return useDeviceMutation((id: string) => apiRequest(extraApi.accountDeviceDisconnect, { params: { id } }));
}

export function useSignOutOthers() {
  return useDeviceMutation(() => apiRequest(extraApi.accountSignOutOthers));
}
