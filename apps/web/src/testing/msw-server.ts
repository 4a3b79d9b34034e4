import { setupServer } from 'msw/node';

/** The one MSW server of the test run; tests add handlers with `server.use(...)`. */
export const server = setupServer();
