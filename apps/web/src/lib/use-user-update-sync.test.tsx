import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { buildUser } from '@mediadiet/contract/fixtures';
import { TabBus } from '@/lib/broadcast';
import { queryKeys } from '@/lib/query-keys';
import { useUserUpdateSync } from '@/lib/use-user-update-sync';

describe('USER_UPDATE from another tab (spec §4)', () => {
  it('refetches the session, the account and the subscription (the header LED and the navigation)', async () => {
    // A channel of its own, so no other test's tabs are heard.
    const name = `mediadiet-test-${Math.random().toString(36).slice(2)}`;
    const here = new TabBus(name);
    const other = new TabBus(name);
    const queryClient = new QueryClient();
    for (const key of [queryKeys.session, queryKeys.accountInfo, ['subscription', 'info']]) {
      queryClient.setQueryData(key, { stale: false });
    }
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    renderHook(() => useUserUpdateSync(here), { wrapper });

    other.postUserUpdate(buildUser());
    await waitFor(() =>
      expect(queryClient.getQueryState(['subscription', 'info'])?.isInvalidated).toBe(true),
    );
    expect(queryClient.getQueryState(queryKeys.session)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.accountInfo)?.isInvalidated).toBe(true);
    here.close();
    other.close();
  });
});
