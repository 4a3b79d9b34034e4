import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { render } from '@testing-library/react';
import { createQueryClient } from '@/lib/query-client';
import { toastContainerProps } from '@/lib/toast';

/**
 * Renders `routes` in a memory router opened at `path`, inside the app's query client and toasts
 * (`data-testid="toasts"`): the frame every rendering helper of the tests shares.
 */
export function renderRoutes(
  routes: RouteObject[],
  { path, queryClient }: { path: string; queryClient: QueryClient },
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <div data-testid="toasts">
        <ToastContainer {...toastContainerProps} />
      </div>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** The app's query client, without retries: a failure shows at once. */
export function createRetrylessQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return queryClient;
}

/** The current address (path and search) in `data-testid="location"`, for tests that follow navigation. */
export function Location() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}
