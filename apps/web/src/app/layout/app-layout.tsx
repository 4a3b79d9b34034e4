import { Outlet } from 'react-router';
import { useSession } from '@/features/auth/api/session';
import { useLogout } from '@/features/auth/api/logout';
import { useUserUpdateSync } from '@/lib/broadcast';
import { useUserRealtime } from '@/lib/socket';
import { Header } from '@/app/layout/header';
import { UserMenu } from '@/app/layout/user-menu';
import { SiteFooter } from '@/app/layout/site-footer';

/** The shell of every screen but the landing page: header, main landmark, footer. */
export function AppLayout() {
  const { token, user } = useSession();
  const logout = useLogout();
  useUserUpdateSync();
  useUserRealtime(user?.id);

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
