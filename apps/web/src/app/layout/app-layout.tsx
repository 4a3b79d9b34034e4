import { Outlet } from 'react-router';
import { useAuthToken } from '@/lib/storage';
import { useSessionUser } from '@/features/auth/api/session-user';
import { useLogout } from '@/features/auth/api/logout';
import { Header } from '@/app/layout/header';
import { UserMenu } from '@/app/layout/user-menu';
import { SiteFooter } from '@/app/layout/site-footer';

/** The shell of every screen but the landing page: header, main landmark, footer. */
export function AppLayout() {
  const token = useAuthToken();
  const user = useSessionUser();
  const logout = useLogout();

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header
        statusSlot={null}
        userSlot={token ? <UserMenu name={user?.name} email={user?.email} onLogout={logout} /> : null}
      />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-surface px-4 py-2 font-medium text-ink shadow-card focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
