import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preferences, PreferencesUpdate } from '@mediadiet/contract/preferences';
import { extraApi } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * `PATCH /api/account/preferences` with the time zone, the weekly letter setting or both. The answer replaces
 * the cached preferences; a new zone then refetches what is cut in it (lib/preferences.ts
 * `useRefetchOnZoneChange`, mounted by the dashboard).
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PreferencesUpdate) => apiRequest(extraApi.preferencesUpdate, { body: patch }),
    onSuccess: (body) => queryClient.setQueryData<Preferences>(queryKeys.preferences, body.preferences),
  });
}
