import { messages } from '@mediadiet/contract/messages';
import { describe, expect, it } from 'vitest';
import { weeklyLetterOn } from '../../../src/modules/account/service.ts';
import { call, customer, subscribed } from '../../helpers/billing.ts';
import { expectBadRequest } from '../../helpers/responses.ts';
import { sharedTestApp } from '../../helpers/test-app.ts';

const t = sharedTestApp();
const PATH = '/api/account/preferences';

describe('account preferences: /api/account/preferences', () => {
  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    const patch = await t.app.inject({ method: 'PATCH', url: PATH, payload: { timeZone: 'Europe/Berlin' } });
    expect(patch.statusCode).toBe(401);
  });

  it('starts in UTC with the letter off without a paid plan, on with one', async () => {
    const { token } = await customer(t);
    expect((await call(t, token, 'GET', PATH)).json()).toEqual({
      success: true,
      preferences: { timeZone: 'UTC', weeklyLetter: false },
    });
    const free = await subscribed(t, 'free');
    expect((await call(t, free.token, 'GET', PATH)).json()).toMatchObject({ preferences: { weeklyLetter: false } });
    const paid = await subscribed(t, 'basic');
    expect((await call(t, paid.token, 'GET', PATH)).json()).toMatchObject({ preferences: { weeklyLetter: true } });
  });

  it('changes the zone and the letter separately, keeping the other, and the choice outlives the plan default', async () => {
    const paid = await subscribed(t, 'premium');
    const zone = await call(t, paid.token, 'PATCH', PATH, { timeZone: 'America/New_York' });
    expect(zone.json()).toEqual({ success: true, preferences: { timeZone: 'America/New_York', weeklyLetter: true } });
    const off = await call(t, paid.token, 'PATCH', PATH, { weeklyLetter: false });
    expect(off.json()).toEqual({ success: true, preferences: { timeZone: 'America/New_York', weeklyLetter: false } });
    expect((await call(t, paid.token, 'GET', PATH)).json()).toEqual(off.json());
  });

  it('stores the canonical spelling of a zone', async () => {
    const { token } = await customer(t);
    const response = await call(t, token, 'PATCH', PATH, { timeZone: ' europe/berlin ' });
    expect(response.json()).toMatchObject({ preferences: { timeZone: 'Europe/Berlin' } });
  });

  it('refuses an unknown zone, a wrong type and an empty change, and keeps what was stored', async () => {
    const { token } = await customer(t);
    await call(t, token, 'PATCH', PATH, { timeZone: 'Asia/Tokyo' });
    expectBadRequest(await call(t, token, 'PATCH', PATH, { timeZone: 'Mars/Olympus_Mons' }), messages.preferences.timeZoneUnknown);
    expectBadRequest(await call(t, token, 'PATCH', PATH, { timeZone: "UTC'; drop table users; --" }), messages.preferences.timeZoneUnknown);
    expectBadRequest(await call(t, token, 'PATCH', PATH, { weeklyLetter: 'yes' }), messages.preferences.weeklyLetterType);
    expectBadRequest(await call(t, token, 'PATCH', PATH, {}), messages.preferences.nothingToChange);
    expect((await call(t, token, 'GET', PATH)).json()).toMatchObject({ preferences: { timeZone: 'Asia/Tokyo' } });
  });
});

describe('weeklyLetterOn', () => {
  it('follows the plan until the person chooses', () => {
    expect(weeklyLetterOn(null, null)).toBe(false);
    expect(weeklyLetterOn(null, 'free')).toBe(false);
    expect(weeklyLetterOn(null, 'basic')).toBe(true);
    expect(weeklyLetterOn(false, 'premium')).toBe(false);
    expect(weeklyLetterOn(true, null)).toBe(true);
  });
});
