import { setupServer } from 'msw/node';
import { defaultHandlers } from '@/testing/handlers';

/** The one MSW server of the test run; tests add handlers with `server.use(...)` in front of the defaults. */
export const server = setupServer(...defaultHandlers);
