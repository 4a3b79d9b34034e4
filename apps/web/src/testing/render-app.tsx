import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { render } from '@testing-library/react';
import { createQueryClient } from '@/app/provider';
import { createRoutes } from '@/app/router';
import { toastContainerProps } from '@/lib/toast';

/** Renders the real route tree in memory at `path`, as a user arriving there would see it (toasts included). */
export function renderApp(path: string, { queryClient = createQueryClient() } = {}) {
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
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
