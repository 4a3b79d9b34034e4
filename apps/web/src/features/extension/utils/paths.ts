import { OAUTH_RETURN_PATH } from '@mediadiet/contract/auth';

/** Screens the extension UI links to (routes are declared in app/router.tsx; features do not import app). */
export const DASHBOARD_PATH = OAUTH_RETURN_PATH;
export const SUBSCRIPTION_PATH = '/subscription';
export const URL_MANAGEMENT_PATH = `${OAUTH_RETURN_PATH}?view=urlManagement`;
