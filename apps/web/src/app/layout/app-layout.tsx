import { Outlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth/api/session';
import { useLogout } from '@/features/auth/api/logout';
import { useUserUpdateSync } from '@/lib/use-user-update-sync';
import { lazyComponent } from '@/lib/lazy-component';
import { useUserRealtime } from '@/lib/use-user-realtime';
import { Header } from '@/app/layout/header';
import { SiteFooter } from '@/app/layout/site-footer';
import { SkipLink } from '@/app/layout/skip-link';
import { getSubscriptionQueryOptions } from '@/features/subscription/api/get-subscription';
import { ExtensionProvider } from '@/features/extension/components/extension-provider';
import { preloadExtensionConnection } from '@/features/extension/hooks/use-extension-connection';

/**
 * The signed-in parts of the shell — the header's LED and user menu, the extension connection's calls —
 * are not part of the signed-out pages' JavaScript: they load when a session exists (docs/decisions/073).
 * `preloadSignedIn` (awaited by the router's loaders while a token exists) fetches them in parallel with
 * the screen's own code, so the first signed-in render already has them.
 */
const UserMenu = lazyComponent(() => import('@/app/layout/user-menu').then((m) => m.UserMenu));
const ExtensionStatusLed = lazyComponent(() =>
  import('@/features/extension/components/extension-status-led').then((m) => m.ExtensionStatusLed),
);

export async function preloadSignedIn(): Promise<void> {
  // A part that fails to load is fetched again when it renders; the screen does not wait on it.
  await Promise.all([UserMenu.preload(), ExtensionStatusLed.preload(), preloadExtensionConnection()]).catch(
    () => {},
  );
}

/**
 * The shell of every screen but the landing page (the header is hidden on `/`, spec §2): header with the
 * extension status LED and the user menu, main landmark, footer. The extension provider runs the
 * connection check for the signed-in user; the LED needs to know whether a subscription exists.
 */
export function AppLayout() {
  const { token, user } = useSession();
  const logout = useLogout();
  useUserUpdateSync();
  useUserRealtime(user?.id);
  const subscription = useQuery({
    ...getSubscriptionQueryOptions(),
    enabled: token !== null && user !== null,
  });
  const hasSubscription = subscription.isPending ? undefined : Boolean(subscription.data?.subscription);

  return (
    <ExtensionProvider user={token ? user : null} hasSubscription={hasSubscription}>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <Header
          statusSlot={token ? <ExtensionStatusLed /> : null}
          userSlot={token ? <UserMenu name={user?.name} email={user?.email} onLogout={logout} /> : null}
        />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </ExtensionProvider>
  );
}
