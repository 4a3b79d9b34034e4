import { listingSentences } from '@mediadiet/analyzer';
import { CATEGORY_IDS } from '@mediadiet/contract/categories';
import { describe, expect, it } from 'vitest';
import type { Sensitivities, SiteHistory } from '../src/labels/label';
import { linkLabel } from '../scripts/eval-labels';
import { results } from './labels-fixtures';
import { LISTINGS_CORE, LISTINGS_DEV, type Listing } from './listings-dev';

function labelOf(...args: Parameters<typeof linkLabel>) {
  const label = linkLabel(...args);
  if (!label) throw new Error('the analyzer gave no verdict');
  return label;
}

const VERY_SENSITIVE_TO_ALL: Sensitivities = Object.fromEntries(CATEGORY_IDS.map((id) => [id, 0.9]));
const USUALLY_DRAINING: SiteHistory = { pages: 10, draining: 8, uplifting: 0 };
const USUALLY_UPLIFTING: SiteHistory = { pages: 10, draining: 0, uplifting: 8 };

describe('product listings read as neutral (decision 164)', () => {
  it.each(LISTINGS_CORE.map((l) => [l.headline, l] as const))(
    '%s: neutral, for a person very sensitive to every category and on a site usually draining or uplifting',
    (_, { headline, snippet }: Listing) => {
      expect(labelOf(headline, snippet).verdict).toBe('neutral');
      expect(labelOf(headline, snippet, VERY_SENSITIVE_TO_ALL).verdict).toBe('neutral');
      expect(labelOf(headline, snippet, null, USUALLY_DRAINING).verdict).toBe('neutral');
      expect(labelOf(headline, snippet, null, USUALLY_UPLIFTING).verdict).toBe('neutral');
    },
  );

  it('at least 90 % of the development set (shops, spec sheets, price lists) neutral', () => {
    const sided = LISTINGS_DEV.filter((l) => labelOf(l.headline, l.snippet).verdict !== 'neutral');
    expect(LISTINGS_DEV.length).toBeGreaterThanOrEqual(40);
    expect(
      LISTINGS_DEV.length - sided.length,
      sided.map((l) => l.headline).join('; '),
    ).toBeGreaterThanOrEqual(Math.ceil(0.9 * LISTINGS_DEV.length));
  });

  it("the result pages' kettle (labels-fixtures.ts) is neutral", () => {
    const kettle = results().find((r) => r.url.includes('/kettles/'));
    expect(kettle).toBeDefined();
    expect(labelOf(kettle!.title, kettle!.snippet).verdict).toBe('neutral');
  });
});

describe('news that names a product keeps its side', () => {
  const RECALL = 'Recall of 2 million kettles after fires kill three';

  it('a recall after deaths is draining, with or without a snippet full of specs and prices', () => {
    expect(labelOf(RECALL, '').verdict).toBe('draining');
    expect(
      labelOf(
        RECALL,
        'The 2200 W kettles, sold for £29.99 between 2019 and 2021, can overheat and catch fire, the regulator said.',
      ).verdict,
    ).toBe('draining');
    expect(
      labelOf(
        'E-bike battery fire kills family of four',
        'The 48 V lithium battery, bought online for £150, was charging overnight in the hallway.',
      ).verdict,
    ).toBe('draining');
  });

  it('good news from a maker of kettles is uplifting', () => {
    expect(labelOf('Kettle maker gives every worker a £1,000 bonus', '').verdict).toBe('uplifting');
  });

  it('a toaster maker’s donation to flood victims is not read as a listing: its label is the analyzer’s reading of the news', () => {
    for (const snippet of [
      '',
      'The company, which sells 800 W toasters for £25, delivered food parcels to families who lost their homes.',
    ]) {
      const sentences = [
        'Toaster maker donates 10,000 meals to flood victims',
        ...(snippet ? [snippet] : []),
      ];
      expect(listingSentences(sentences)).toEqual(sentences.map(() => false));
    }
  });
});
