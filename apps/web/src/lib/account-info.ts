import { useQuery } from '@tanstack/react-query';
import { api } from '@mediadiet/contract/routes';
import { routeQuery } from '@/lib/api-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * `GET /api/account/info` → the signed-in user, under the shared key `['account', 'info']`. Several
 * features read it (account settings, subscription, the dashboard's questionnaire) and features do not
 * import each other, so it lives here (bulletproof-react keeps the current user in `lib/`). Refetched on
 * `update_user_{id}` (lib/socket.ts).
 */
export const accountInfoQuery = routeQuery(api.accountInfo, queryKeys.accountInfo, (body) => body.user);

export const useAccountInfo = () => useQuery(accountInfoQuery);
