import { createQueryClient } from '@/lib/query-client';
import { createRoutes } from '@/app/router';
import { renderRoutes } from '@/testing/render-router';

/** Renders the real route tree in memory at `path`, as a user arriving there would see it (toasts included). */
export function renderApp(path: string, { queryClient = createQueryClient() } = {}) {
  return renderRoutes(createRoutes(queryClient), { path, queryClient });
}
