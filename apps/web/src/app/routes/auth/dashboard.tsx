import { messages } from '@mediadiet/contract/messages';
import { useSession } from '@/features/auth/api/session';
import { AccountSettings } from '@/features/account/components/account-settings';

/**
 * `/auth/dashboard` (guarded in router.tsx). Its views are settings, insights, configs and urlManagement
 * (spec §2); until the dashboard issue builds the rest, it shows the Settings view.
 */
export function Component() {
  const { user } = useSession();
  const firstName = user?.name.trim().split(/\s+/)[0];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight text-ink">
        {firstName ? `Welcome, ${firstName}` : 'Your dashboard'}
      </h1>
      <p className="mt-2 text-ink-muted">
        Your insights and recent analyses will appear here once your browser extension is connected.
      </p>
      <section aria-labelledby="settings-view-title" className="mt-10 max-w-3xl">
        <h2 id="settings-view-title" className="mb-4 text-xl font-semibold tracking-tight text-ink">
          {messages.nav.settings}
        </h2>
        <AccountSettings />
      </section>
    </div>
  );
}
