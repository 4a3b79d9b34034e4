import { useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';

/**
 * What the web app knows about the signed-in user, kept in the TanStack Query cache under one key.
 * Today it is seeded from the `user` parameter the Google flow returns to /auth/dashboard. The sign-in
 * issue gives this query its `queryFn` (POST /auth/loggedin, spec §4 Auth) so it also loads on reload.
 */
export const sessionUserQueryKey = ['auth', 'session-user'] as const;

/** Only the fields the shell shows; the full user entity lives in the contract. */
export const SessionUserSchema = z.object({
  id: z.string().optional(),
  _id: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** The `user` query parameter of the Google redirect: JSON (possibly URI-encoded once more). */
export function parseUserParam(raw: string | null): SessionUser | null {
  if (!raw) return null;
  for (const candidate of [raw, safeDecode(raw)]) {
    try {
      const parsed = SessionUserSchema.safeParse(JSON.parse(candidate));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON in this encoding; try the next one
    }
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function setSessionUser(queryClient: QueryClient, user: SessionUser): void {
  queryClient.setQueryData(sessionUserQueryKey, user);
}

export function useSessionUser(): SessionUser | undefined {
  const { data } = useQuery<SessionUser | null>({
    queryKey: sessionUserQueryKey,
    // Nothing to fetch yet (see above): the query only reads what the cache was given.
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  });
  return data ?? undefined;
}
