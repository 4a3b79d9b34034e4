import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../helpers/builders.ts';
import { connected, socketTestApp } from '../helpers/socket.ts';
import { createTestApp } from '../helpers/test-app.ts';

const { t, url, open } = socketTestApp();

async function client(token: string): Promise<Socket> {
  const socket = open({ token });
  await connected(socket);
  return socket;
}

describe('socket.io', () => {
  it('accepts an authenticated connection on the API port', async () => {
    const user = await buildUser(t);
    const socket = await client(await signIn(t, user.id));
    expect(socket.connected).toBe(true);
  });

  it('emits to one user’s room only', async () => {
    const [alice, bob] = await Promise.all([buildUser(t), buildUser(t)]);
    const aliceSocket = await client(await signIn(t, alice.id));
    const bobSocket = await client(await signIn(t, bob.id));

    const bobGot: unknown[] = [];
    bobSocket.on(`update_user_${alice.id}`, (payload) => bobGot.push(payload));
    const received = new Promise((resolve) => aliceSocket.once(`update_user_${alice.id}`, resolve));
    t.app.emitToUser(alice.id, `update_user_${alice.id}`, { state: 'COMPLETED' });
    await expect(received).resolves.toEqual({ state: 'COMPLETED' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bobGot).toEqual([]);
  });

  it('HTTP still works on the same port', async () => {
    const response = await fetch(`${url()}/healthz`);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('closing', () => {
  it('closes promptly while sockets are connected', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (other.app.server.address() as AddressInfo).port;
    const user = await buildUser(other);
    const token = await signIn(other, user.id);
    const socket = connect(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
    });
    await new Promise((resolve) => socket.once('connect', () => resolve(null)));
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await disconnected;
  });
});
