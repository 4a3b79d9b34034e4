import { useMutation } from '@tanstack/react-query';
import { extraApi } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/digest/send`: this week's letter (about the last full week) to the signed-in person now. */
export function useSendLetter() {
  return useMutation({ mutationFn: () => apiRequest(extraApi.digestSend) });
}
