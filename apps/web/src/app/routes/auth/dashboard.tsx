import { Link, useSearchParams } from 'react-router';
import { ChevronRight, ShieldCheck } from 'lucide-react';
import { DashboardViewSchema, type DashboardView } from '@mediadiet/contract/enums';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/features/auth/api/session';
import { AccountSettings } from '@/features/account/components/account-settings';
import { useDashboardNavigation } from '@/features/subscription/hooks/use-dashboard-navigation';
import {
  isNavigationVisible,
  resolveDashboardView,
} from '@/features/subscription/components/subscription-nav-state';
import { SubscriptionSummaryCard } from '@/features/subscription/components/subscription-summary-card';
import { ExtensionWizardAuto } from '@/features/extension/components/extension-wizard';
import { IgnoredSites } from '@/features/urls/components/ignored-sites';

const DEFAULT_VIEW: DashboardView = 'insights';
const VIEW_TITLES: Record<DashboardView, string> = {
  insights: 'Insights',
  configs: 'Personality',
  settings: 'Settings',
  urlManagement: 'Ignored Sites',
};

/** The requested view lives in the address (`?view=settings`), so it survives reloads and can be linked. */
function useRequestedView(): [DashboardView, (view: DashboardView) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = DashboardViewSchema.safeParse(params.get('view'));
  const view = parsed.success ? parsed.data : DEFAULT_VIEW;
  const setView = (next: DashboardView) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next === DEFAULT_VIEW) out.delete('view');
        else out.set('view', next);
        return out;
      },
      { replace: true },
    );
  return [view, setView];
}

/**
 * `/auth/dashboard` (guarded in router.tsx). Views: settings, insights, configs (Personality) and
 * urlManagement (spec §2). The navigation follows the plan: 'Loading...' until the subscription has
 * loaded, none without a subscription (the view is then forced to settings), Insights · [Personality on
 * premium] · Settings otherwise.
 */
export function Component() {
  const { user } = useSession();
  const nav = useDashboardNavigation();
  const [requested, setView] = useRequestedView();
  const view = resolveDashboardView(nav, requested);
  const firstName = user?.name.trim().split(/\s+/)[0];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight text-ink">
        {firstName ? `Welcome, ${firstName}` : 'Your dashboard'}
      </h1>

      {isNavigationVisible(nav, view) && (
        <nav aria-label="Dashboard" className="mt-6 max-w-md">
          {nav.status === 'loading' ? (
            <Button variant="secondary" size="sm" disabled>
              {nav.label}
            </Button>
          ) : nav.status === 'ready' ? (
            <Tabs value={view} onValueChange={(next) => setView(DashboardViewSchema.parse(next))} activationMode="manual">
              <TabsList>
                {nav.tabs.map((tab) => (
                  <TabsTrigger key={tab.view} value={tab.view}>
                    {tab.label}
                  </TabsTrigger>
                ))}
              </TabsList>
            </Tabs>
          ) : null}
        </nav>
      )}

      <section aria-labelledby="dashboard-view-title" className="mt-8">
        {view === 'urlManagement' ? (
          // Back and close return to the settings view, where 'Manage ignored sites' lives.
          <IgnoredSites
            titleId="dashboard-view-title"
            onBack={() => setView('settings')}
            onClose={() => setView('settings')}
          />
        ) : (
          <h2 id="dashboard-view-title" className="sr-only">
            {VIEW_TITLES[view]}
          </h2>
        )}
        {view === 'settings' && <SettingsView />}
        {(view === 'insights' || view === 'configs') && <PendingView title={VIEW_TITLES[view]} />}
      </section>
      <ExtensionWizardAuto />
    </div>
  );
}

function SettingsView() {
  return (
    <div className="grid max-w-3xl gap-6">
      <SubscriptionSummaryCard />
      <IgnoredSitesLink />
      <AccountSettings />
    </div>
  );
}

/** The way into the Ignored Sites screen from Settings (also reachable from the extension settings). */
function IgnoredSitesLink() {
  return (
    <Link
      to="?view=urlManagement"
      aria-labelledby="ignored-sites-link-title"
      aria-describedby="ignored-sites-link-text"
      className="group flex items-center gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card transition-colors hover:bg-canvas/60 sm:px-8"
    >
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-ink"
      >
        <ShieldCheck className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span id="ignored-sites-link-title" className="block font-semibold text-ink">
          Manage ignored sites
        </span>
        <span id="ignored-sites-link-text" className="block text-sm text-ink-muted">
          Websites the browser extension never captures, plus the default protected list.
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-muted transition-transform group-hover:translate-x-0.5" />
    </Link>
  );
}

/** Views whose features are built in their own issues (insights, personality, ignored sites). */
function PendingView({ title }: { title: string }) {
  return (
    <Card className="max-w-3xl">
      <CardTitle as="h3">{title}</CardTitle>
      <CardDescription>
        Nothing to show here yet. Your {title.toLowerCase()} will appear here once your browser extension is
        connected and has sent its first touch points.
      </CardDescription>
    </Card>
  );
}
