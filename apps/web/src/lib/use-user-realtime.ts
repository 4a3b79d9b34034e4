import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { whenIdleAfterLoad } from '@/lib/idle';
import { useAuthToken } from '@/lib/storage';

/**
 * While signed in (a token and a known user id): listen for this user's real-time events (lib/socket.ts,
 * fetched with the first connection), from the first idle moment after the page has loaded (lib/idle.ts). The socket closes when the token goes (logout), the user changes,
 * or the component unmounts; nothing connects if that happens while the socket code is still loading.
 */
export function useUserRealtime(userId: string | undefined): void {
  const token = useAuthToken();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token || !userId) return;
    let stop: (() => void) | undefined;
    let closed = false;
    // Not during the first load: the socket's code and handshake wait for the page to be idle.
    const cancel = whenIdleAfterLoad(() => {
      void import('@/lib/socket').then(({ listenForUser }) => {
        if (!closed) stop = listenForUser(token, userId, queryClient);
      });
    });
    return () => {
      closed = true;
      cancel();
      stop?.();
    };
  }, [token, userId, queryClient]);
}
