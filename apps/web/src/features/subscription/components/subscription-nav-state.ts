import { messages } from '@mediadiet/contract/messages';
import type { DashboardView } from '@mediadiet/contract/enums';
import type { SubscriptionInfo } from '@/features/subscription/api/get-subscription';

/** A tab of the dashboard's navigation bar. */
export interface DashboardTab {
  view: Extract<DashboardView, 'insights' | 'configs' | 'settings'>;
  label: string;
}

/**
 * What the dashboard's navigation shows (spec §2 "Dashboard and navigation", §6):
 * - `loading`: a single 'Loading...' button until the subscription has loaded;
 * - `none`: no subscription (or it could not be loaded): no navigation, the view is forced to settings;
 * - `ready`: Insights, [Personality (view `configs`) on premium], Settings.
 */
export type DashboardNavigation =
  | { status: 'loading'; label: string }
  | { status: 'none'; error?: string }
  | { status: 'ready'; tabs: DashboardTab[]; isPremium: boolean };

export interface SubscriptionQueryState {
  isPending: boolean;
  isError: boolean;
  data?: SubscriptionInfo | undefined;
}

export function dashboardNavigation(query: SubscriptionQueryState): DashboardNavigation {
  if (query.isPending) return { status: 'loading', label: messages.nav.loading };
  const subscription = query.data?.subscription ?? null;
  if (!subscription) {
    return query.isError ? { status: 'none', error: messages.loading.subscriptionData } : { status: 'none' };
  }
  const isPremium = subscription.plan === 'premium';
  const tabs: DashboardTab[] = [
    { view: 'insights', label: messages.nav.insights },
    ...(isPremium ? [{ view: 'configs' as const, label: messages.nav.personality }] : []),
    { view: 'settings', label: messages.nav.settings },
  ];
  return { status: 'ready', tabs, isPremium };
}

/** The bar is hidden without a subscription and on urlManagement (spec §2). */
export function isNavigationVisible(nav: DashboardNavigation, view: DashboardView): boolean {
  return nav.status !== 'none' && view !== 'urlManagement';
}

/**
 * The view to render: insights and configs need a subscription (configs: premium); with none, after
 * loading, the view is forced to settings. While loading the requested view is kept.
 */
export function resolveDashboardView(nav: DashboardNavigation, view: DashboardView): DashboardView {
  if (nav.status === 'loading' || view === 'settings' || view === 'urlManagement') return view;
  if (nav.status === 'none') return 'settings';
  if (view === 'configs' && !nav.isPremium) return 'insights';
  return view;
}
