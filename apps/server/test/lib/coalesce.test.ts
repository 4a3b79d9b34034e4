import { describe, expect, it } from 'vitest';
import { batchByKey } from '../../src/lib/coalesce.ts';

describe('batchByKey', () => {
  it('answers the lookups of one turn with one call, each key asked once, in order of first request', async () => {
    const calls: string[][] = [];
    const lookup = batchByKey((keys: readonly string[]) => {
      calls.push([...keys]);
      return Promise.resolve(new Map(keys.filter((k) => k !== 'nobody').map((k) => [k, k.toUpperCase()])));
    }, 'missing');
    const answers = await Promise.all(['ann', 'bo', 'ann', 'nobody', 'cy'].map(lookup));
    expect(answers).toEqual(['ANN', 'BO', 'ANN', 'missing', 'CY']);
    expect(calls).toEqual([['ann', 'bo', 'nobody', 'cy']]);

    // Nothing is kept: a later turn reads again.
    expect(await lookup('ann')).toBe('ANN');
    expect(calls).toHaveLength(2);
  });

  it('joins a key already being fetched, and fetches only the new keys', async () => {
    const calls: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const lookup = batchByKey(async (keys: readonly string[]) => {
      calls.push([...keys]);
      await gate;
      return new Map(keys.map((k) => [k, calls.length]));
    }, 0);
    const first = lookup('ann');
    await Promise.resolve();
    await Promise.resolve();
    const joined = lookup('ann');
    const other = lookup('bo');
    release();
    expect(await Promise.all([first, joined, other])).toEqual([2, 2, 2]);
    expect(calls).toEqual([['ann'], ['bo']]);
  });

  it('fails every lookup of a failed batch, and the next turn tries again', async () => {
    let fail = true;
    const lookup = batchByKey(
      (keys: readonly string[]) =>
        fail ? Promise.reject(new Error('database down')) : Promise.resolve(new Map(keys.map((k) => [k, 1]))),
      0,
    );
    const results = await Promise.allSettled([lookup('ann'), lookup('bo')]);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : r.value))).toEqual([
      'database down',
      'database down',
    ]);
    fail = false;
    expect(await lookup('ann')).toBe(1);
  });
});
