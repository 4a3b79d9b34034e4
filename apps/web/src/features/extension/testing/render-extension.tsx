import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@mediadiet/contract/user';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { Location, renderRoutes } from '@/testing/render-router';
import { ExtensionProvider } from '@/features/extension/components/extension-provider';

/**
 * Renders extension UI inside the provider with a signed-in `user` (cached as the session user, as the
 * app layout does), a memory router whose current address is shown in `data-testid="location"`, and toasts.
 */
export function renderWithExtension(
  ui: ReactNode,
  options: { user: User; hasSubscription?: boolean | undefined; path?: string },
) {
  const { user, path = '/auth/dashboard' } = options;
  // An explicit `hasSubscription: undefined` means "still loading"; left out means a subscription exists.
  const hasSubscription = 'hasSubscription' in options ? options.hasSubscription : true;
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.session, user);
  function Shell() {
    // The cached session user, as the layout passes it; refetching keeps what the cache holds.
    const { data: current } = useQuery({
      queryKey: queryKeys.session,
      queryFn: () => queryClient.getQueryData<User>(queryKeys.session) ?? user,
      initialData: user,
      staleTime: Infinity,
    });
    return (
      <ExtensionProvider user={current} hasSubscription={hasSubscription}>
        {ui}
        <Location />
      </ExtensionProvider>
    );
  }
  return renderRoutes([{ path: '*', element: <Shell /> }], { path, queryClient });
}
