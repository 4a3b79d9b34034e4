import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyze } from '@mediadiet/analyzer';
import type { CategoryId } from '@mediadiet/contract/categories';
import { describe, expect, it } from 'vitest';
import { headlineResult, type HeadlineResult } from '../src/analyzer/protocol';
import {
  decideVerdict,
  labelFor,
  siteHistories,
  VERDICT_THRESHOLDS,
  visitedLabel,
  withSettings,
  type SiteHistory,
} from '../src/labels/label';
import { DEFAULT_LABEL_SETTINGS } from '../src/labels/settings';

/** A headline's result with the analyzer's own verdict for these numbers (the rule recomputes the lean from them). */
function result(valence: number, scores: Partial<Record<CategoryId, number>>): HeadlineResult {
  const { verdict, drivers } = decideVerdict(valence, scores);
  return { verdict, drivers, valence, scores: scores as Record<CategoryId, number> };
}

describe("the analyzer's verdict, as the labels recompute it", () => {
  it("uses the model table's thresholds", () => {
    const weights = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/analyzer/src/model/weights.json');
    const table = JSON.parse(readFileSync(weights, 'utf8')) as {
      felt: { verdict: { valence: number; drainingValence: number; balance: number; strength: number; mixed: number } };
    };
    const v = table.felt.verdict;
    expect(VERDICT_THRESHOLDS).toEqual({
      uplifting: v.valence,
      draining: v.drainingValence,
      balance: v.balance,
      strength: v.strength,
      mixed: v.mixed,
    });
  });

  it("agrees with the analyzer's verdict and drivers on real headlines, and labels them so without a profile", () => {
    const headlines = [
      ['Gunman kills 12 in school massacre', 'Police say the attacker opened fire on students and teachers.'],
      ['Rescued puppy finds a loving home', 'Volunteers cheered as the little dog was adopted by a family.'],
      ['Stainless steel saucepan, 20 cm', 'Dishwasher safe, suitable for all hobs. Free delivery.'],
      ['Two Hussein allies are hanged, Iraqi official says', ''],
      ['Test to predict breast cancer relapse is approved', ''],
      ['Storm leaves thousands without power', 'Crews worked through the night as flooding spread.'],
      ['Local bakery celebrates 50 years with free cake', 'Neighbours thanked the family for decades of kindness.'],
      ['Council approves new budget for road repairs', 'The plan covers resurfacing on three streets.'],
      ['Fears grow over layoffs as factory closes', 'Workers worry about their families and their future.'],
      ['Hope and grief as survivors are pulled from rubble', 'Rescuers celebrated each life saved amid the devastation.'],
    ] as const;
    const verdicts = new Set<string>();
    for (const [title, text] of headlines) {
      const r = analyze({ title, text });
      const scores = Object.fromEntries(Object.entries(r.categoryScores).map(([id, s]) => [id, s.BaseScore]));
      const decided = decideVerdict(r.valence, scores);
      expect({ verdict: decided.verdict, drivers: decided.drivers }, title).toEqual({ verdict: r.verdict, drivers: r.drivers });
      const label = labelFor(headlineResult(r)!, null, null);
      expect(label.verdict, title).toBe(r.verdict);
      verdicts.add(r.verdict);
    }
    // The check covers more than one verdict.
    expect(verdicts.size).toBeGreaterThanOrEqual(3);
  });
});

describe('labelFor without a profile or a site history: the analyzer speaks', () => {
  it('names the verdict and its strongest category', () => {
    const draining = labelFor(result(-0.3, { fear: 40, anxiety: 25 }), null, null);
    expect(draining).toEqual({ verdict: 'draining', category: 'Fear', source: 'headline', text: 'Likely draining: fear', hide: false });
    expect(labelFor(result(0.2, { joy: 30 }), null, null).text).toBe('Likely uplifting: joy');
    expect(labelFor(result(0.01, {}), null, null)).toMatchObject({ verdict: 'neutral', category: null, text: 'Likely neutral' });
  });

  it('names both sides of a mixed headline: the draining one first', () => {
    // lean = 0 + 0.25 (32 − 35) / 100 = −0.0075: no side; both at 30 or more.
    const mixed = labelFor(result(0, { fear: 35, joy: 32 }), null, null);
    expect(mixed).toMatchObject({ verdict: 'mixed', category: 'Fear', text: 'Likely mixed: fear and joy' });
  });

  it('takes the verdict the analyzer gave', () => {
    const given: HeadlineResult = { verdict: 'draining', drivers: ['sadness'], valence: 0, scores: {} as Record<CategoryId, number> };
    expect(labelFor(given, null, null).text).toBe('Likely draining: sadness');
  });
});

describe('labelFor with the personality profile', () => {
  // lean = −0.05 + 0.25 (0 − 12) / 100 = −0.08: not draining (needs ≤ −0.125), fear 12 ≥ s = 10.
  const nearlyDraining = result(-0.05, { fear: 12 });

  it('a category the person is very sensitive to (≥ 0.7), clearly present, makes a negative-leaning neutral headline draining for them', () => {
    expect(labelFor(nearlyDraining, null, null).text).toBe('Likely neutral');
    expect(labelFor(nearlyDraining, { fear: 0.8 }, null)).toMatchObject({
      verdict: 'draining',
      category: 'Fear',
      source: 'headline',
      text: 'Likely draining for you: fear',
    });
    expect(labelFor(nearlyDraining, { fear: 0.7 }, null).verdict).toBe('draining');
    expect(labelFor(nearlyDraining, { fear: 0.69 }, null).text).toBe('Likely neutral');
  });

  it('not when the category is below the strength s, the headline leans positive, or the person has no profile', () => {
    expect(labelFor(result(-0.05, { fear: 9.99 }), { fear: 0.9 }, null).verdict).toBe('neutral');
    // lean = 0.05 − 0.03 = 0.02 > 0.
    expect(labelFor(result(0.05, { fear: 12 }), { fear: 0.9 }, null).verdict).toBe('neutral');
    // The population's own fear sensitivity is 0.8: without a profile nothing is assumed.
    expect(labelFor(nearlyDraining, null, null).verdict).toBe('neutral');
    expect(labelFor(nearlyDraining, {}, null).verdict).toBe('neutral');
  });

  it('the same on the positive side: uplifting for them', () => {
    // lean = 0.04 + 0.25 · 12 / 100 = 0.07 < 0.075.
    const nearlyUplifting = result(0.04, { joy: 12 });
    expect(labelFor(nearlyUplifting, null, null).verdict).toBe('neutral');
    expect(labelFor(nearlyUplifting, { joy: 0.75 }, null).text).toBe('Likely uplifting for you: joy');
  });

  it('a category the person is barely sensitive to (≤ 0.2) does not by itself make a headline draining', () => {
    // lean = −0.2 − 0.25 · 25 / 100 = −0.2625, anger 25: draining by anger. Without anger: fear 5 < s.
    const byAnger = result(-0.2, { anger: 25, fear: 5 });
    expect(labelFor(byAnger, null, null).text).toBe('Likely draining: anger');
    expect(labelFor(byAnger, { anger: 0.1 }, null)).toMatchObject({ verdict: 'neutral', category: null, text: 'Likely neutral for you' });
    expect(labelFor(byAnger, { anger: 0.2 }, null).verdict).toBe('neutral');
    expect(labelFor(byAnger, { anger: 0.25 }, null).text).toBe('Likely draining: anger');
  });

  it('a headline still draining by other categories is named by them', () => {
    // Without anger: fear 15, lean = −0.2 − 0.0375 = −0.2375: still draining, by fear.
    expect(labelFor(result(-0.2, { anger: 25, fear: 15 }), { anger: 0.1, fear: 0.5 }, null).text).toBe('Likely draining: fear');
  });

  it('a mixed headline whose uplifting side barely moves the person is draining for them', () => {
    // lean = −0.05 + 0.25 (32 − 35) / 100 = −0.0575: mixed. Without joy: −0.05 − 0.0875 = −0.1375, fear 35: draining.
    const mixed = result(-0.05, { fear: 35, joy: 32 });
    expect(labelFor(mixed, null, null).verdict).toBe('mixed');
    expect(labelFor(mixed, { joy: 0.1 }, null).text).toBe('Likely draining for you: fear');
  });

  it('leaving a category out never adds a side', () => {
    // lean = 0.07 + 0.25 (12 − 12) / 100 = 0.07: neutral. Without fear it would lean uplifting (0.1): not taken.
    expect(labelFor(result(0.07, { joy: 12, fear: 12 }), { fear: 0.1 }, null).text).toBe('Likely neutral');
  });
});

describe("labelFor with the site's history", () => {
  // lean = −0.045 − 0.25 · 8 / 100 = −0.065 ≤ −τ₋/2 = −0.0625, fear 8 ≥ s/2 = 5: neutral by a hair.
  const byAHair = result(-0.045, { fear: 8 });
  const site = (pages: number, draining: number, uplifting = 0): SiteHistory => ({ pages, draining, uplifting });

  it('a neutral-by-a-hair headline from a site usually draining for the person (≥ 60 % over ≥ 5 pages) leans draining', () => {
    expect(labelFor(byAHair, null, null).verdict).toBe('neutral');
    expect(labelFor(byAHair, null, site(5, 3))).toEqual({
      verdict: 'draining',
      category: 'Fear',
      source: 'site',
      text: 'Likely draining: fear (this site is usually draining for you)',
      hide: false,
    });
  });

  it('not over fewer than 5 pages, under 60 %, or for a headline further from draining', () => {
    expect(labelFor(byAHair, null, site(4, 4)).verdict).toBe('neutral');
    expect(labelFor(byAHair, null, site(10, 5)).verdict).toBe('neutral');
    // lean = −0.03 − 0.02 = −0.05 > −0.0625.
    expect(labelFor(result(-0.03, { fear: 8 }), null, site(10, 10)).verdict).toBe('neutral');
    // fear 4 < 5 (lean −0.055 − 0.01 = −0.065 would do).
    expect(labelFor(result(-0.055, { fear: 4 }), null, site(10, 10)).verdict).toBe('neutral');
  });

  it('the same towards uplifting', () => {
    // lean = 0.03 + 0.25 · 6 / 100 = 0.045 ≥ τ₊/2 = 0.0375, joy 6 ≥ 5, below 0.075: neutral by a hair.
    expect(labelFor(result(0.03, { joy: 6 }), null, site(6, 0, 4)).text).toBe('Likely uplifting: joy (this site is usually uplifting for you)');
  });

  it('never changes a headline that is not neutral', () => {
    expect(labelFor(result(0.2, { joy: 30 }), null, site(20, 20)).verdict).toBe('uplifting');
  });

  it('is counted per site from the pages read', () => {
    const histories = siteHistories([
      { site: 'news.example.com', verdict: 'draining' },
      { site: 'news.example.com', verdict: 'uplifting' },
      { site: 'news.example.com', verdict: 'draining' },
      { site: 'other.example.org', verdict: 'neutral' },
      { site: null, verdict: 'draining' },
    ]);
    expect(histories.get('news.example.com')).toEqual({ pages: 3, draining: 2, uplifting: 1 });
    expect(histories.get('other.example.org')).toEqual({ pages: 1, draining: 0, uplifting: 0 });
    expect(histories.size).toBe(2);
  });
});

describe('a page the person read', () => {
  it('says so, with their verdict and its categories', () => {
    expect(visitedLabel({ verdict: 'draining', drivers: ['fear', 'anxiety'] })).toEqual({
      verdict: 'draining',
      category: 'Fear',
      source: 'visited',
      text: 'Draining when you read it: fear',
      hide: false,
    });
    expect(visitedLabel({ verdict: 'mixed', drivers: ['fear', 'joy'] }).text).toBe('Mixed when you read it: fear and joy');
    expect(visitedLabel({ verdict: 'neutral', drivers: [] }).text).toBe('Neutral when you read it');
  });
});

describe("the person's switches", () => {
  const draining = labelFor(result(-0.3, { fear: 40 }), null, null);
  const neutral = labelFor(result(0, {}), null, null);

  it('a verdict switched off gets no label; "Hide draining results" hides only draining ones', () => {
    const off = { ...DEFAULT_LABEL_SETTINGS, verdicts: { ...DEFAULT_LABEL_SETTINGS.verdicts, draining: false } };
    expect(withSettings(draining, off)).toBeNull();
    expect(withSettings(neutral, off)).toEqual(neutral);
    const hide = { ...DEFAULT_LABEL_SETTINGS, hideDraining: true };
    expect(withSettings(draining, hide)?.hide).toBe(true);
    expect(withSettings(neutral, hide)?.hide).toBe(false);
    expect(withSettings(draining, DEFAULT_LABEL_SETTINGS)?.hide).toBe(false);
  });
});
