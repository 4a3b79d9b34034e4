import { useMutation } from '@tanstack/react-query';
import { extraApi } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/digest/unsubscribe?token=…`: the letter's link, confirmed on its page, turns the letter off. */
export function useUnsubscribeLetter() {
  return useMutation({
    mutationFn: (token: string) => apiRequest(extraApi.digestUnsubscribe, { query: { token }, body: null }),
  });
}
