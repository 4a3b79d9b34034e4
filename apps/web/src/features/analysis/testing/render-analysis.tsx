import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { render } from '@testing-library/react';
import { createQueryClient } from '@/app/provider';
import { toastContainerProps } from '@/lib/toast';

function Location() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * Renders analysis UI in a memory router (current address in `data-testid="location"`) with toasts
 * (`data-testid="toasts"`) and a query client that does not retry, so failures show at once.
 */
export function renderAnalysisUi(ui: ReactNode, { path = '/auth/dashboard' }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <div data-testid="toasts">
        <ToastContainer {...toastContainerProps} />
      </div>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}
