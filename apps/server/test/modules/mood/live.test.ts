import { moodCheckedInEvent } from '@mediadiet/contract/realtime';
import { describe, expect, it } from 'vitest';
import { call, customer } from '../../helpers/billing.ts';
import { bearer } from '../../helpers/builders.ts';
import { pair, testAppWithEvents } from '../../helpers/extension.ts';

const { t, events } = testAppWithEvents();

describe('a mood check-in is announced to the person’s open tabs', () => {
  it('from a tab or from the paired extension, to that person only; a refused one is not', async () => {
    const who = await customer(t);
    const other = await customer(t);
    const told = () => events.filter((e) => e.event === moodCheckedInEvent(who.userId));

    expect((await call(t, who.token, 'POST', '/api/mood', { score: 4 })).statusCode).toBe(200);
    expect(told()).toEqual([{ userId: who.userId, event: moodCheckedInEvent(who.userId), payload: undefined }]);

    const apiKey = await pair(t, who.token);
    const fromPopup = await t.app.inject({
      method: 'POST',
      url: '/api/mood',
      headers: bearer(apiKey),
      payload: { score: 2 },
    });
    expect(fromPopup.statusCode).toBe(200);
    expect(told()).toHaveLength(2);

    expect((await call(t, who.token, 'POST', '/api/mood', { score: 9 })).statusCode).toBe(400);
    expect(told()).toHaveLength(2);
    expect(events.some((e) => e.userId === other.userId)).toBe(false);
  });
});
