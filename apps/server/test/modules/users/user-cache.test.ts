import { LoggedInResponseSchema } from '@mediadiet/contract/auth';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as repository from '../../../src/modules/users/repository.ts';
import { USER_CACHE_TTL_MS } from '../../../src/modules/users/plugin.ts';
import { call, cardId, customer } from '../../helpers/billing.ts';
import { pair } from '../../helpers/extension.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';

/**
 * The sign-in check (POST /auth/loggedin) reads the user through the users cache (decision 071): a hit reads
 * no database; every change made through the users service — pairing, disconnecting, a subscription, the
 * account's deletion — is seen at the next check; a change behind the service's back within the TTL.
 */

const t = sharedTestApp();

async function loggedIn(token: string) {
  const response = await call(t, token, 'POST', '/auth/loggedin');
  expect(response.statusCode, response.body).toBe(200);
  return LoggedInResponseSchema.parse(response.json());
}
const renameBehindTheBack = (userId: string, name: string) =>
  t.db.execute(sql`update users set name = ${name} where id = ${userId}`);

describe('users cache (the sign-in check)', () => {
  it('a repeated check reads no database', async () => {
    const who = await customer(t);
    const first = await loggedIn(who.token);
    expect(first.user?.id).toBe(who.userId);
    const find = vi.spyOn(repository, 'findById');
    try {
      expect(await loggedIn(who.token)).toEqual(first);
      expect(find).not.toHaveBeenCalled();
    } finally {
      find.mockRestore();
    }
  });

  it('a change through the users service is seen at the next check, and only by that user', async () => {
    const me = await customer(t);
    const other = await customer(t);
    expect((await loggedIn(me.token)).user?.extension.status).toBeNull();
    const theirs = await loggedIn(other.token);
    await renameBehindTheBack(other.userId, 'Renamed Elsewhere'); // their kept user stays a moment

    await pair(t, me.token); // extension status 'on' (users.update)
    expect((await loggedIn(me.token)).user?.extension.status).toBe('on');
    expect((await call(t, me.token, 'DELETE', '/api/extension')).statusCode).toBe(200);
    expect((await loggedIn(me.token)).user?.extension.status).toBe('off');
    expect(await loggedIn(other.token)).toEqual(theirs);
  });

  it('a change inside a transaction (a subscription) is seen at the next check', async () => {
    const who = await customer(t);
    const paymentMethodId = await cardId(t, who.token);
    expect((await loggedIn(who.token)).user?.stripe?.subscriptionId ?? null).toBeNull();
    const created = await call(t, who.token, 'POST', '/api/subscription/create', {
      plan: 'basic',
      paymentMethodId,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await loggedIn(who.token)).user?.stripe?.subscriptionId).toEqual(expect.any(String));
  });

  it(`a change behind the service's back is seen after the TTL (${USER_CACHE_TTL_MS} ms)`, async () => {
    const who = await customer(t);
    const name = (await loggedIn(who.token)).user?.name;
    await renameBehindTheBack(who.userId, 'Changed Directly');
    expect((await loggedIn(who.token)).user?.name).toBe(name);
    await new Promise((resolve) => setTimeout(resolve, USER_CACHE_TTL_MS + 50));
    expect((await loggedIn(who.token)).user?.name).toBe('Changed Directly');
  });

  it('a deleted account is signed out at the next check', async () => {
    const who = await customer(t);
    expect((await loggedIn(who.token)).loggedIn).toBe(true);
    expect(await t.app.users.remove(who.userId)).toBe(true);
    expect(await loggedIn(who.token)).toMatchObject({ loggedIn: false, user: null });
  });
});
