import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { sharedTestApp, type TestApp } from './test-app.ts';

/**
 * A shared test app listening on a free port, for socket.io clients: `open` starts one (with `auth` as its
 * handshake, no reconnection); every socket opened is disconnected before the app closes. `url()` is the
 * app's address, read inside a hook or a test.
 */
export function socketTestApp(): {
  t: TestApp;
  url: () => string;
  open: (auth?: Record<string, unknown>) => Socket;
} {
  const t = sharedTestApp();
  let url = '';
  const sockets: Socket[] = [];
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  // Hooks after all run last registered first: the sockets go before the app closes.
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });
  const open = (auth?: Record<string, unknown>): Socket => {
    const socket = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      ...(auth ? { auth } : {}),
    });
    sockets.push(socket);
    return socket;
  };
  return { t, url: () => url, open };
}

/** Resolves once the socket is connected; rejects with the handshake's error. */
export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
