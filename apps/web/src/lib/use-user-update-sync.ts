import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { tabBus, type TabBus } from '@/lib/broadcast';
import { queryKeys } from '@/lib/query-keys';

/** Another tab changed the user: refetch the session and the account info here. */
export function useUserUpdateSync(bus: TabBus = tabBus): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      bus.subscribe(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
        void queryClient.invalidateQueries({ queryKey: queryKeys.account });
      }),
    [bus, queryClient],
  );
}
