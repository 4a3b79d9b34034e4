import { describe, expect, it } from 'vitest';
import { agreement, labelVerdict, listingAgreement, readerClass } from '../scripts/eval-labels';

describe('eval:labels', () => {
  it('sorts readers by the task’s coarse valence classes: ≤ −50 negative, ≥ +50 positive', () => {
    expect(readerClass(-50)).toBe('negative');
    expect(readerClass(-49.9)).toBe('neither');
    expect(readerClass(49.9)).toBe('neither');
    expect(readerClass(50)).toBe('positive');
  });

  it('labels a headline as the extension does: a massacre draining, a rescued puppy uplifting', () => {
    expect(labelVerdict('Gunmen massacre 40 villagers in overnight attack')).toBe('draining');
    expect(labelVerdict('Firefighters rescue puppy, reunite it with overjoyed family')).toBe('uplifting');
  });

  it('counts the confusion table and the two shares', () => {
    const a = agreement([
      { valence: -80, text: 'Gunmen massacre 40 villagers in overnight attack' },
      { valence: -60, text: 'Council approves new bus timetable' },
      { valence: 70, text: 'Firefighters rescue puppy, reunite it with overjoyed family' },
      { valence: 0, text: 'Council approves new bus timetable' },
    ]);
    expect(a.n).toBe(4);
    expect(a.negativeDraining).toEqual({ share: 0.5, of: 2 });
    expect(a.positiveUplifting).toEqual({ share: 1, of: 1 });
    expect(a.table.negative.draining).toBe(1);
    expect(a.table.positive.uplifting).toBe(1);
    expect(Object.values(a.table.neither).reduce((s, x) => s + x, 0)).toBe(1);
  });

  it('counts the product listings labelled neutral and names the ones that got a side', () => {
    const kettle = {
      headline: 'Stainless steel kettle, 1.7 litres, 2200 W',
      snippet: 'Boils 1.7 litres in about four minutes. Cordless base, limescale filter, auto shut-off.',
    };
    const massacre = { headline: 'Gunmen massacre 40 villagers in overnight attack', snippet: '' };
    expect(listingAgreement([kettle, massacre])).toEqual({
      neutral: 1,
      of: 2,
      sided: [{ listing: massacre, verdict: 'draining' }],
    });
  });
});
