import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ChevronRight, ShieldCheck } from 'lucide-react';
import { DashboardViewSchema, type DashboardView } from '@mediadiet/contract/enums';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { IconBadge } from '@/components/ui/icon-badge';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/features/auth/api/session';
import { useDashboardNavigation } from '@/features/subscription/hooks/use-dashboard-navigation';
import {
  isNavigationVisible,
  resolveDashboardView,
} from '@/features/subscription/components/subscription-nav-state';
import { ExtensionWizardAuto } from '@/features/extension/components/extension-wizard';
import { SwitchAccountDialog } from '@/features/auth/components/switch-account-dialog';
import { IgnoredSites } from '@/features/urls/components/ignored-sites';
import { GoalsCard } from '@/features/goals/components/goals-card';
import { MoodCheckIn } from '@/features/mood/components/mood-check-in';
import { MoodInsightCard } from '@/features/mood/components/mood-insight-card';
import { LabelsCard } from '@/features/labels/components/labels-card';
import { TimeZoneOffer } from '@/features/account/components/time-zone-offer';
import { useAccountInfo } from '@/lib/account-info';
import { useRefetchOnZoneChange } from '@/lib/preferences';
import { useExtension } from '@/features/extension/components/extension-provider';
import { AnalysisDetail } from '@/features/analysis/components/analysis-detail';
import { HistorySection } from '@/features/analysis/components/history-section';
import {
  hasInsightsContent,
  InsightsSection,
  useInsightsContentCode,
} from '@/features/analysis/components/insights-section';
import { useInsights } from '@/features/analysis/api/get-insights';
import { useRecentAnalyses } from '@/features/analysis/api/get-recent-analyses';
import { insightsGate } from '@/features/analysis/utils/insights';
import { ANALYSIS_PARAM, focusReturnTarget, readReturnFocus } from '@/features/analysis/utils/detail-link';

// Settings and Personality load with their tab (the insights view is the default; docs/decisions/073).
const AccountSettings = lazy(() =>
  import('@/features/account/components/account-settings').then((m) => ({ default: m.AccountSettings })),
);
const PreferencesSettings = lazy(() =>
  import('@/features/account/components/preferences-settings').then((m) => ({
    default: m.PreferencesSettings,
  })),
);
const SignedInDevices = lazy(() =>
  import('@/features/account/components/signed-in-devices').then((m) => ({ default: m.SignedInDevices })),
);
const SendLetterNow = lazy(() =>
  import('@/features/digest/components/send-letter-now').then((m) => ({
    default: m.SendLetterNow,
  })),
);
const SubscriptionSummaryCard = lazy(() =>
  import('@/features/subscription/components/subscription-summary-card').then((m) => ({
    default: m.SubscriptionSummaryCard,
  })),
);
const QuestionnaireScreen = lazy(() =>
  import('@/features/questionnaire/components/questionnaire-screen').then((m) => ({
    default: m.QuestionnaireScreen,
  })),
);

function ViewSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner className="min-h-60" />}>{children}</Suspense>;
}

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
  // Everything cut in the account's zone is read again when it changes (here, in another tab or device).
  useRefetchOnZoneChange();

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 print:max-w-none print:p-0">
      <h1 className="text-3xl font-semibold tracking-tight text-ink print:hidden">
        {firstName ? `Welcome, ${firstName}` : 'Your dashboard'}
      </h1>

      {isNavigationVisible(nav, view) && (
        // min-h-11: the tabs' height, so 'Loading...' turning into the tabs moves nothing below (no layout shift).
        <nav aria-label="Dashboard" className="mt-6 min-h-11 max-w-md print:hidden">
          {nav.status === 'loading' ? (
            <Button variant="secondary" size="sm" disabled>
              {nav.label}
            </Button>
          ) : nav.status === 'ready' ? (
            <Tabs
              value={view}
              onValueChange={(next) => setView(DashboardViewSchema.parse(next))}
              activationMode="manual"
            >
              <TabsList>
                {nav.tabs.map((tab) => (
                  // The tabs switch the section below (Radix would point aria-controls at a panel we do not use).
                  <TabsTrigger key={tab.view} value={tab.view} aria-controls="dashboard-view">
                    {tab.label}
                  </TabsTrigger>
                ))}
              </TabsList>
            </Tabs>
          ) : null}
        </nav>
      )}

      {/* The browser's time zone for an account still on UTC: taken by a new account, offered to an older one. */}
      <TimeZoneOffer showOffer={view === 'insights'} />

      <section id="dashboard-view" aria-labelledby="dashboard-view-title" className="mt-8 print:mt-0">
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
        {view === 'settings' && (
          <ViewSuspense>
            <SettingsView />
          </ViewSuspense>
        )}
        {view === 'insights' && <InsightsView isPremium={nav.status === 'ready' && nav.isPremium} />}
        {view === 'configs' && (
          <ViewSuspense>
            <ConfigsView />
          </ViewSuspense>
        )}
      </section>
      <ExtensionWizardAuto />
      <SwitchAccountDialog />
    </div>
  );
}

const QUESTIONNAIRE_HREF = '?view=configs';

/**
 * The insights view (issue #7, docs/decisions/072): the History (recent analyses) section followed by the
 * Insights section; `?analysis=<id>` shows that analysis in their place (Back returns to them).
 * The route composes the features: the extension connection decides the history's onboarding card, the
 * plan and the questionnaire state (account info, refreshed by the socket) decide the survey step and
 * the insights gating.
 */
function InsightsView({ isPremium }: { isPremium: boolean }) {
  const { user: sessionUser } = useSession();
  const account = useAccountInfo();
  const user = account.data ?? sessionUser;
  const { isConnected } = useExtension();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const analysisId = params.get(ANALYSIS_PARAM);
  const questionnaireState = user?.configs.state;
  // The same queries the two sections run (shared by TanStack Query); insights only when not gated.
  const history = useRecentAnalyses();
  const insightsOpen = insightsGate(isPremium, questionnaireState) === 'open';
  const insights = useInsights(null, { enabled: insightsOpen && analysisId === null });
  // The insights content's code comes with the first insights that have a period to show (decision 166).
  const contentCode = useInsightsContentCode(insightsOpen ? insights.data : undefined);
  const contentReady =
    !insightsOpen || !hasInsightsContent(insights.data) || contentCode.loaded !== null || contentCode.failed;
  const answered = !history.isPending && !(insightsOpen && insights.isPending) && contentReady;
  // The sections' first render (a month of cards, the chart) is a background, interruptible one: the loading
  // block stays until it is ready, and the main thread is never held for the whole of it.
  const showSections = useDeferredValue(answered, false);
  // Once the sections are on screen they stay: a section asking again (Try again after a failure, a refetch)
  // shows its own state, never this loading block again (which would unmount the button and refetch on mount).
  const [arrived, setArrived] = useState(false);
  if (answered && showSections && !arrived) setArrived(true);

  const close = useCallback(
    () =>
      void setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.delete(ANALYSIS_PARAM);
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  // Opened from a card of this app: Back is a history step (the browser's Back does the same).
  const back = () => (location.key === 'default' ? close() : void navigate(-1));

  // Focus goes back to the card the detail was opened from.
  const returnFocus = useRef<string | undefined>(undefined);
  const openedFrom = readReturnFocus(location.state);
  useEffect(() => {
    if (analysisId !== null) {
      returnFocus.current = openedFrom ?? returnFocus.current;
      return;
    }
    const key = returnFocus.current;
    returnFocus.current = undefined;
    if (key) focusReturnTarget(key);
  }, [analysisId, openedFrom]);

  if (analysisId !== null) return <AnalysisDetail id={analysisId} onBack={back} onClose={close} />;
  // On arrival, one loading block (most of a screen) until both sections have their first answer: whichever
  // came first would otherwise be pushed around by the other (layout shift). Later loads stay per section.
  if (!arrived && (!answered || !showSections)) {
    return <PageSpinner className="min-h-[70vh]" />;
  }
  return (
    <div className="flex flex-col gap-12">
      {/* The day's mood check-in: offered once a day, above what was read (issue 29). */}
      <div className="-mb-6 empty:hidden print:hidden">
        <MoodCheckIn />
      </div>
      <GoalsCard />
      <HistorySection
        extensionReady={isConnected}
        showSurveyStep={isPremium && questionnaireState === 'NOT_STARTED'}
        surveyHref={QUESTIONNAIRE_HREF}
      />
      <InsightsSection
        isPremium={isPremium}
        questionnaireState={questionnaireState}
        questionnaireHref={QUESTIONNAIRE_HREF}
        reader={user ? user.name.trim() || user.email : undefined}
      />
      <div className="flex flex-col gap-6 print:hidden">
        <MoodInsightCard />
        <LabelsCard />
      </div>
    </div>
  );
}

function SettingsView() {
  return (
    <div className="grid max-w-3xl gap-6">
      <SubscriptionSummaryCard />
      {/* The zone days are cut in, and the weekly letter: its switch and "Send me this week's letter now". */}
      <PreferencesSettings letterActions={<SendLetterNow />} />
      <IgnoredSitesLink />
      <SignedInDevices />
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
      <IconBadge>
        <ShieldCheck className="size-5" />
      </IconBadge>
      <span className="min-w-0 flex-1">
        <span id="ignored-sites-link-title" className="block font-semibold text-ink">
          Manage ignored sites
        </span>
        <span id="ignored-sites-link-text" className="block text-sm text-ink-muted">
          Websites the browser extension never captures, plus the default protected list.
        </span>
      </span>
      <ChevronRight
        aria-hidden="true"
        className="size-5 shrink-0 text-ink-muted transition-transform group-hover:translate-x-0.5"
      />
    </Link>
  );
}

/**
 * The Personality view (issue #8, docs/decisions/080): the questionnaire and the personality snapshot,
 * by the questionnaire state of the account info (refreshed by the socket's update_user and
 * config_state_update events), falling back to the session's user while the account info loads.
 */
function ConfigsView() {
  const { user: sessionUser } = useSession();
  const account = useAccountInfo();
  const user = account.data ?? sessionUser;
  if (user) return <QuestionnaireScreen state={user.configs.state} />;
  if (account.isError) {
    return (
      <LoadError
        title={messages.loading.questionnaireState}
        onRetry={() => void account.refetch()}
        className="max-w-3xl"
      />
    );
  }
  return <PageSpinner className="min-h-60" />;
}
