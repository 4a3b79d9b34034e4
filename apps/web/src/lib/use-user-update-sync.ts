import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { tabBus, type TabBus } from '@/lib/broadcast';
import { queryKeys } from '@/lib/query-keys';

/**
 * Another tab changed the user (or the subscription, which the header's LED and the navigation show):
 * refetch the session, the account info and the subscription here.
 */
export function useUserUpdateSync(bus: TabBus = tabBus): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      bus.subscribe(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
        void queryClient.invalidateQueries({ queryKey: queryKeys.account });
        void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
      }),
    [bus, queryClient],
  );
}
