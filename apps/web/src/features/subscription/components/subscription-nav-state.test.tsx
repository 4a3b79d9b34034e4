import { describe, expect, it } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { buildSubscription } from '@mediadiet/contract/fixtures';
import { server } from '@/testing/msw-server';
import {
  dashboardNavigation,
  isNavigationVisible,
  resolveDashboardView,
} from '@/features/subscription/components/subscription-nav-state';
import { useDashboardNavigation } from '@/features/subscription/hooks/use-dashboard-navigation';
import {
  createTestQueryClient,
  failure,
  mockBillingServer,
} from '@/testing/billing-test-utils';

const info = (subscription: ReturnType<typeof buildSubscription> | null) => ({
  subscription,
  count: 0,
  tokensUsed: 0,
  currentPeriodStart: null,
  nextBilling: null,
});

describe('dashboardNavigation', () => {
  it('is loading until the subscription has loaded', () => {
    expect(dashboardNavigation({ isPending: true, isError: false })).toEqual({
      status: 'loading',
      label: 'Loading...',
    });
  });

  it('is none without a subscription, and forces the settings view', () => {
    const nav = dashboardNavigation({ isPending: false, isError: false, data: info(null) });
    expect(nav).toEqual({ status: 'none' });
    expect(isNavigationVisible(nav, 'settings')).toBe(false);
    expect(resolveDashboardView(nav, 'insights')).toBe('settings');
    expect(resolveDashboardView(nav, 'configs')).toBe('settings');
  });

  it('is none with an error text when the subscription cannot be loaded', () => {
    expect(dashboardNavigation({ isPending: false, isError: true })).toEqual({
      status: 'none',
      error: 'Failed to load subscription data',
    });
  });

  it('has Insights and Settings with a subscription', () => {
    const nav = dashboardNavigation({
      isPending: false,
      isError: false,
      data: info(buildSubscription({ plan: 'basic' })),
    });
    expect(nav).toEqual({
      status: 'ready',
      isPremium: false,
      tabs: [
        { view: 'insights', label: 'Insights' },
        { view: 'settings', label: 'Settings' },
      ],
    });
    expect(resolveDashboardView(nav, 'insights')).toBe('insights');
    expect(resolveDashboardView(nav, 'configs')).toBe('insights');
    expect(isNavigationVisible(nav, 'insights')).toBe(true);
    expect(isNavigationVisible(nav, 'urlManagement')).toBe(false);
  });

  it('adds Personality (view configs) between them on premium', () => {
    const nav = dashboardNavigation({
      isPending: false,
      isError: false,
      data: info(buildSubscription({ plan: 'premium' })),
    });
    expect(nav.status === 'ready' && nav.tabs.map((t) => [t.view, t.label])).toEqual([
      ['insights', 'Insights'],
      ['configs', 'Personality'],
      ['settings', 'Settings'],
    ]);
    expect(resolveDashboardView(nav, 'configs')).toBe('configs');
  });
});

describe('useDashboardNavigation', () => {
  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
  }

  it('goes from loading to ready with the premium tabs', async () => {
    mockBillingServer({ subscription: buildSubscription({ plan: 'premium' }) });
    const { result } = renderHook(() => useDashboardNavigation(), { wrapper });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ isPremium: true });
  });

  it('is none without a subscription and after a failure', async () => {
    mockBillingServer({ subscription: null });
    const first = renderHook(() => useDashboardNavigation(), { wrapper });
    await waitFor(() => expect(first.result.current).toEqual({ status: 'none' }));
    server.use(http.get('*/api/subscription', () => failure('down')));
    const second = renderHook(() => useDashboardNavigation(), { wrapper });
    await waitFor(() =>
      expect(second.result.current).toEqual({ status: 'none', error: 'Failed to load subscription data' }),
    );
  });
});
