import type { ReactNode } from 'react';
import { createRetrylessQueryClient, Location, renderRoutes } from '@/testing/render-router';

/**
 * Renders analysis UI in a memory router (current address in `data-testid="location"`) with toasts
 * (`data-testid="toasts"`) and a query client that does not retry, so failures show at once.
 */
export function renderAnalysisUi(ui: ReactNode, { path = '/auth/dashboard' }: { path?: string } = {}) {
  const element = (
    <>
      {ui}
      <Location />
    </>
  );
  return renderRoutes([{ path: '*', element }], { path, queryClient: createRetrylessQueryClient() });
}
