import { UserUpdatePayloadSchema } from '@mediadiet/contract/realtime';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { post } from '../../helpers/auth-flow.ts';
import { buildUser, signIn } from '../../helpers/builders.ts';
import { connected, socketTestApp } from '../../helpers/socket.ts';

const { t, open } = socketTestApp();

const refused = (socket: Socket) =>
  new Promise<Error>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', resolve);
  });

describe('socket.io handshake', () => {
  it('refuses a socket without a token', async () => {
    const error = await refused(open());
    expect(error.message).toBe('Not authenticated');
  });

  it('refuses a socket with a bad or revoked token', async () => {
    expect((await refused(open({ token: 'not-a-session-token-at-all-000000000000' }))).message).toBe(
      'Not authenticated',
    );
    const user = await buildUser(t);
    const token = await signIn(t, user.id);
    await post(t, '/auth/logout', {}, { token });
    await refused(open({ token }));
  });

  it('joins the user’s room and receives update_user_{id} whenever the user changes', async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    const socket = open({ token: await signIn(t, user.id) });
    const otherSocket = open({ token: await signIn(t, other.id) });
    await Promise.all([connected(socket), connected(otherSocket)]);

    const otherGot: unknown[] = [];
    otherSocket.onAny((event: string) => otherGot.push(event));
    const event = new Promise((resolve) => socket.once(`update_user_${user.id}`, resolve));
    await t.app.users.update(user.id, { configsState: 'SUBMITTED', shouldShowExtensionWizard: false });

    const payload = UserUpdatePayloadSchema.parse(await event);
    expect(payload).toMatchObject({
      userId: user.id,
      state: 'SUBMITTED',
      user: { id: user.id, configs: { state: 'SUBMITTED' }, state: { shouldShowExtensionWizard: false } },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(otherGot).toEqual([]);
  });

  it('announces changes made in a transaction only after the commit', async () => {
    const user = await buildUser(t);
    const socket = open({ token: await signIn(t, user.id) });
    await connected(socket);
    const events: unknown[] = [];
    socket.on(`update_user_${user.id}`, (payload) => events.push(payload));

    await expect(
      t.app.users.transaction(async (tx, notify) => {
        await t.app.users.updateIn(tx, notify, user.id, { name: 'Rolled Back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await t.app.users.transaction((tx, notify) =>
      t.app.users.updateIn(tx, notify, user.id, { name: 'Committed' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toHaveLength(1);
    expect(UserUpdatePayloadSchema.parse(events[0]).user?.name).toBe('Committed');
    expect((await t.app.users.findById(user.id))?.name).toBe('Committed');
  });

  it('drops the sockets of a session when it logs out', async () => {
    const user = await buildUser(t);
    const token = await signIn(t, user.id);
    const socket = open({ token });
    await connected(socket);
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    await post(t, '/auth/logout', {}, { token });
    await disconnected;
  });
});
