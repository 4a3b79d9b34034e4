import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { User } from '@mediadiet/contract/user';
import { queryKeys } from '@/lib/query-keys';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { createRoutes } from '@/app/router';

export interface StartAppOptions {
  /**
   * Handed over by the signed-out sign-in page (app/login-app.tsx): the user who just signed in, cached
   * so the dashboard does not ask the server again, and the page stays on screen until the router has
   * loaded the new address's screen (no spinner in between).
   */
  handover?: { user: User | null };
}

/** The whole app: React Router's data router over every screen, TanStack Query, toasts. */
export async function startApp(root: Root, { handover }: StartAppOptions = {}): Promise<void> {
  const queryClient = createQueryClient();
  if (handover?.user) queryClient.setQueryData(queryKeys.session, handover.user);
  const router = createBrowserRouter(createRoutes(queryClient));
  if (handover && !router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }
  root.render(
    <StrictMode>
      <AppProvider client={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}
