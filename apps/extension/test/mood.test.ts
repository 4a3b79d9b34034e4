import { messages } from '@mediadiet/contract/messages';
import { describe, expect, it } from 'vitest';
import { handleInternal } from '../src/background/index';
import { MOOD_ERRORS } from '../src/background/mood';
import { setup } from './fakes';

/** The popup's daily mood check-in, in the background (decision 157): offered at most once a day, sent on a tap. */

const KEY = 'k'.repeat(40);
const TODAY = '2026-03-01';

const today = (checkedIn: boolean) => ({
  'GET /api/mood/today': { status: 200, body: { success: true, today: TODAY, checkedIn } },
});
const saved = (score: number, note: string | null) => ({
  'POST /api/mood': {
    status: 200,
    body: {
      success: true,
      replaced: false,
      checkIn: {
        day: TODAY,
        score,
        note,
        createdAt: '2026-03-01T10:00:00.000Z',
        updatedAt: '2026-03-01T10:00:00.000Z',
      },
    },
  },
});

function paired(routes: NonNullable<Parameters<typeof setup>[0]>['routes'] = {}) {
  const t = setup({ routes });
  t.data.apiKey = KEY;
  const moodCalls = () => t.calls.filter((c) => c.path.startsWith('/api/mood'));
  return { ...t, moodCalls };
}

const offer = (t: ReturnType<typeof setup>) => handleInternal(t.ctx, { kind: 'moodOffer' }, {});
const checkIn = (t: ReturnType<typeof setup>, score: number, note?: string) =>
  handleInternal(t.ctx, { kind: 'moodCheckIn', score, ...(note === undefined ? {} : { note }) }, {});

describe('whether the popup offers the check-in', () => {
  it('offers it for the server’s today while today has no check-in, asking with the key', async () => {
    const t = paired(today(false));
    expect(await offer(t)).toEqual({ offered: true, today: TODAY });
    expect(t.moodCalls()).toEqual([
      { method: 'GET', path: '/api/mood/today', auth: `Bearer ${KEY}`, body: undefined },
    ]);
  });

  it('does not once today has a check-in (from the web app or any browser)', async () => {
    expect(await offer(paired(today(true)))).toEqual({ offered: false, why: 'checked-in' });
  });

  it('does not on the day it was put off with “Not today”, and does again on the next', async () => {
    const t = paired(today(false));
    expect(await handleInternal(t.ctx, { kind: 'moodDismiss', day: TODAY }, {})).toEqual({ success: true });
    expect(t.data.moodDismissedDay).toBe(TODAY);
    expect(await offer(t)).toEqual({ offered: false, why: 'dismissed' });
    t.routes['GET /api/mood/today'] = {
      status: 200,
      body: { success: true, today: '2026-03-02', checkedIn: false },
    };
    expect(await offer(t)).toEqual({ offered: true, today: '2026-03-02' });
  });

  it('does not when not connected (asking nothing) or when the server cannot say', async () => {
    const t = setup({ routes: today(false) });
    expect(await offer(t)).toEqual({ offered: false, why: 'not-connected' });
    expect(t.calls).toEqual([]);
    const offline = paired({ 'GET /api/mood/today': 'network' });
    expect(await offer(offline)).toEqual({ offered: false, why: 'unavailable' });
    const refused = paired({
      'GET /api/mood/today': { status: 500, body: { success: false, error: 'boom' } },
    });
    expect(await offer(refused)).toEqual({ offered: false, why: 'unavailable' });
  });

  it('keeps only a real day from “Not today”', async () => {
    const t = paired(today(false));
    expect(await handleInternal(t.ctx, { kind: 'moodDismiss', day: 'tomorrow' }, {})).toEqual({
      success: false,
    });
    expect(t.data.moodDismissedDay).toBeUndefined();
  });
});

describe('a tap on a mood', () => {
  it('sends the score and the trimmed note with the key, and says which day it saved', async () => {
    const t = paired(saved(4, 'Slept well'));
    expect(await checkIn(t, 4, '  Slept well  ')).toEqual({ success: true, day: TODAY });
    expect(t.moodCalls()).toEqual([
      { method: 'POST', path: '/api/mood', auth: `Bearer ${KEY}`, body: { score: 4, note: 'Slept well' } },
    ]);
  });

  it('sends no note when none (or only spaces) was written', async () => {
    const t = paired(saved(2, null));
    await checkIn(t, 2);
    await checkIn(t, 2, '   ');
    expect(t.moodCalls().map((c) => c.body)).toEqual([{ score: 2 }, { score: 2 }]);
  });

  it('sends nothing for a score outside 1–5', async () => {
    const t = paired(saved(3, null));
    for (const score of [0, 6, 2.5]) {
      expect(await checkIn(t, score)).toEqual({ success: false, error: messages.mood.scoreRange });
    }
    expect(t.moodCalls()).toEqual([]);
  });

  it('says why it failed, in words the person can act on', async () => {
    const cases: [NonNullable<Parameters<typeof setup>[0]>['routes'], string][] = [
      [
        {
          'POST /api/mood': {
            status: 400,
            body: { success: false, error: 'body.note: The note is too long: at most 280 characters' },
          },
        },
        'The note is too long: at most 280 characters',
      ],
      [
        { 'POST /api/mood': { status: 429, body: { success: false, error: messages.server.rateLimited } } },
        messages.server.rateLimited,
      ],
      [
        { 'POST /api/mood': { status: 500, body: { success: false, error: 'Internal Server Error' } } },
        messages.mood.saveFailed,
      ],
      [{ 'POST /api/mood': 'network' }, MOOD_ERRORS.unreachable],
      [
        { 'POST /api/mood': { status: 401, body: { success: false, error: 'Invalid API key' } } },
        MOOD_ERRORS.revoked,
      ],
    ];
    for (const [routes, error] of cases) {
      expect(await checkIn(paired(routes), 3, 'x')).toEqual({ success: false, error });
    }
    const unpaired = setup({ routes: saved(3, null) });
    expect(await checkIn(unpaired, 3)).toEqual({ success: false, error: MOOD_ERRORS.notConnected });
    expect(unpaired.calls).toEqual([]);
  });
});
