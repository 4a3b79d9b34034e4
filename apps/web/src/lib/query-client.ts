import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error';

/** The app's query cache settings (app/provider.tsx; tests build theirs with it too). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; network trouble and 5xx get two more tries.
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
    },
  });
}
