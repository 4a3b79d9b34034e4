import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { extraApi } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { queryKeys } from '@/lib/query-keys';
import { browserTimeZone, sameZone } from '@/lib/time-zones';

/**
 * `GET /api/account/preferences` → the account's time zone and weekly letter setting, under the shared key
 * `['account', 'preferences']` (refetched with the account on `update_user_{id}`, lib/socket.ts). Several
 * features read the zone — Settings, the dates the history and the insights show, the goals' nudge day — and
 * features do not import each other, so the query lives here (as the account info does).
 */
export const preferencesQuery = routeQuery(
  extraApi.preferencesGet,
  queryKeys.preferences,
  (body) => body.preferences,
);

export const usePreferences = () => useQuery(preferencesQuery);

/**
 * The zone the server cuts this account's days, weeks and months in; undefined until it is known (show dates
 * in the browser's zone meanwhile).
 */
export function useAccountTimeZone(): string | undefined {
  return useQuery({ ...preferencesQuery, select: (preferences) => preferences.timeZone }).data;
}

/**
 * The zone to show the account's dates in: the account's, so that a page listed under November shows a
 * November date; undefined when it is the browser's own (plain local dates) or not known yet.
 */
export function useDisplayTimeZone(): string | undefined {
  const zone = useAccountTimeZone();
  return zone === undefined || sameZone(zone, browserTimeZone()) ? undefined : zone;
}

/** What a change of zone re-cuts on the server: the insights, the trend, the history's totals, goals and mood. */
export const zoneDependentKeys = [queryKeys.analysis, queryKeys.goals, queryKeys.mood] as const;

/**
 * Refetches everything cut in the account's zone when the zone changes: here (Settings, the dashboard's
 * offer) or in another tab or device (the account is refetched on `update_user_{id}`). Mounted once by the
 * signed-in dashboard.
 */
export function useRefetchOnZoneChange(): void {
  const queryClient = useQueryClient();
  const zone = useAccountTimeZone();
  const seen = useRef(zone);
  useEffect(() => {
    if (zone === undefined) return;
    const before = seen.current;
    seen.current = zone;
    if (before === undefined || before === zone) return;
    for (const queryKey of zoneDependentKeys) void queryClient.invalidateQueries({ queryKey });
  }, [zone, queryClient]);
}
