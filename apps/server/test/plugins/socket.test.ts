import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoom } from '../../src/plugins/socket.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let url: string;
const clients: Socket[] = [];

function client(): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], reconnection: false });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

beforeAll(async () => {
  t = await createTestApp();
  // Until sign-in decorates app.authenticateSocket, a test joins the room itself.
  t.app.io.on('connection', (socket) => {
    const userId = socket.handshake.query.user;
    if (typeof userId === 'string') void socket.join(userRoom(userId));
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of clients) socket.disconnect();
  await t.close();
});

describe('socket.io', () => {
  it('accepts a connection on the API port', async () => {
    const socket = await client();
    expect(socket.connected).toBe(true);
  });

  it('emits to one user’s room only', async () => {
    const alice = connect(url, { transports: ['websocket'], reconnection: false, query: { user: 'alice' } });
    const bob = connect(url, { transports: ['websocket'], reconnection: false, query: { user: 'bob' } });
    clients.push(alice, bob);
    await Promise.all(
      [alice, bob].map((s) => new Promise((resolve) => s.once('connect', () => resolve(null)))),
    );
    // Let the server's connection handler join the rooms.
    await new Promise((resolve) => setTimeout(resolve, 50));

    const bobGot: unknown[] = [];
    bob.on('update_user_alice', (payload) => bobGot.push(payload));
    const received = new Promise((resolve) => alice.once('update_user_alice', resolve));
    t.app.emitToUser('alice', 'update_user_alice', { state: 'COMPLETED' });
    await expect(received).resolves.toEqual({ state: 'COMPLETED' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bobGot).toEqual([]);
  });

  it('HTTP still works on the same port', async () => {
    const response = await fetch(`${url}/healthz`);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('closing', () => {
  it('closes promptly while sockets are connected', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (other.app.server.address() as AddressInfo).port;
    const socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
    await new Promise((resolve) => socket.once('connect', () => resolve(null)));
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await disconnected;
  });
});
