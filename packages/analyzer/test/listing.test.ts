import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from '@mediadiet/contract/categories';
import { AffectModel, analyze } from '../src/index.ts';
import { isNarrative, isSpecList, listingSentences, listingSignals, readsAsListing } from '../src/listing.ts';
import { MODEL_TABLE } from '../src/model/index.ts';
import { splitSentences } from '../src/text.ts';

const KETTLE = {
  title: 'Stainless steel kettle, 1.7 litres, 2200 W',
  text: 'Boils 1.7 litres in about four minutes. Cordless base, limescale filter, auto shut-off.',
};
const sentencesOf = (title: string, text: string) => [...splitSentences(title), ...splitSentences(text)];
const strongest = (title: string, text: string) => {
  const r = analyze({ title, text });
  return Math.max(...CATEGORY_IDS.map((id) => r.categoryScores[id].BaseScore));
};

describe('listing signals', () => {
  it('counts units, prices and codes as signals news shares, shop phrases and counts of what is sold as a shop’s', () => {
    expect(listingSignals(['Stainless steel kettle, 1.7 litres, 2200 W'])).toEqual({ shared: 3, shop: 1 });
    expect(listingSignals(['Pack of 6 for £5.40. Free delivery, in stock.'])).toEqual({ shared: 1, shop: 3 });
    expect(listingSignals(['Samsung Galaxy S24, 256 GB'])).toEqual({ shared: 2, shop: 0 });
  });

  it('does not read amounts, ages or counts of people as specs', () => {
    // Prices ("£1", "$1.65") but no unit or code in "1m" or "65bn", no duration in "10-year-old", nothing in a decade.
    expect(listingSignals(['Charity raises £1m in a $1.65bn year'])).toEqual({ shared: 2, shop: 0 });
    expect(listingSignals(['A 10-year-old boy saw 3 million cars in the 1990s'])).toEqual({ shared: 0, shop: 0 });
  });

  it('a spec list is three or more short items without a narrative clause; a comma inside a number splits nothing', () => {
    expect(isSpecList('Cordless base, limescale filter, auto shut-off.')).toBe(true);
    expect(isSpecList('With our volunteers, we maintain 1,400 miles of trails.')).toBe(false);
    expect(isSpecList('Gunmen attacked the village at night, killing dozens and leaving families grieving.')).toBe(false);
    expect(isSpecList('Police, who were called at 3 am, found cars, vans and bikes.')).toBe(false);
  });

  it('a narrative clause: an auxiliary or modal, a reporting verb, a subordinator, a relative or third-person pronoun', () => {
    expect(isNarrative('The kettles can overheat, the regulator said.')).toBe(true);
    expect(isNarrative('Recall of 2 million kettles after fires kill three')).toBe(true);
    expect(isNarrative('It stopped working and they never answered my emails.')).toBe(true);
    expect(isNarrative('Trade in your old phone and save up to £200.')).toBe(false);
    expect(isNarrative('Kills 99.9% of germs.')).toBe(false);
  });
});

describe('pages that read as product listings', () => {
  it('a shop result whose headline holds a spec and whose text holds a shop signal', () => {
    expect(readsAsListing(sentencesOf(KETTLE.title, KETTLE.text))).toBe(true);
    expect(readsAsListing(sentencesOf('Stainless steel saucepan, 20 cm', 'Dishwasher safe, suitable for all hobs. Free delivery.'))).toBe(true);
  });

  it('not news that names a product, a price or a size', () => {
    const news = [
      ['Recall of 2 million kettles after fires kill three', ''],
      ['Recall of 2 million kettles after fires kill three', 'The 2200 W kettles, sold for £29.99 between 2019 and 2021, can overheat and catch fire, the regulator said.'],
      ['Toaster maker donates 10,000 meals to flood victims', ''],
      ['Toaster maker donates 10,000 meals to flood victims', 'The company, which sells 800 W toasters for £25, delivered the food parcels to families who lost their homes.'],
      ['E-bike battery fire kills family of four', 'The 48 V battery, bought online for £150 with free delivery, was charging overnight.'],
      ['Storm kills 3, injures 40, leaves 20,000 without power', 'Winds of 100 mph tore roofs off homes.'],
      ['Heatwave: 40°C, hospitals full, crops dying', 'Temperatures hit 41°C in the south; farmers lost 30% of the harvest.'],
      ['Man jailed for selling fake £5 chargers that started house fires', 'The 65 W chargers, sold online for £5, caught fire in two homes, the court heard.'],
    ] as const;
    for (const [title, text] of news) {
      expect(readsAsListing(sentencesOf(title, text), splitSentences(title).length), title).toBe(false);
    }
  });

  it('in a listing only the sentences without a narrative clause are left without evidence', () => {
    const sentences = sentencesOf(KETTLE.title, `${KETTLE.text} It stopped working after a week and the seller ignored me.`);
    expect(listingSentences(sentences)).toEqual([true, true, true, false]);
    expect(listingSentences(sentencesOf('Recall of 2 million kettles after fires kill three', ''))).toEqual([false]);
  });
});

describe('analyze on a product listing', () => {
  it('reads the kettle of the store screenshots as neutral, with nothing felt (it was draining by anger 35)', () => {
    const r = analyze(KETTLE);
    expect(r.verdict).toBe('neutral');
    expect(strongest(KETTLE.title, KETTLE.text)).toBeLessThan(MODEL_TABLE.felt.verdict.strength / 2);
  });

  it('weighs a listing sentence as a sentence without words: read, felt as nothing', () => {
    const m = new AffectModel(MODEL_TABLE);
    const page = m.evidence(KETTLE.title, KETTLE.text);
    const blank = m.sentence('');
    expect(page.sentences.map((s) => s.text)).toEqual(sentencesOf(KETTLE.title, KETTLE.text));
    for (const s of page.sentences) expect({ ...s, text: '' }).toEqual(blank);
  });

  it('keeps the felt evidence of a listing’s narrative sentence', () => {
    const review = 'It stopped working after a week and the seller ignored my complaints.';
    const r = analyze({ title: KETTLE.title, text: `${KETTLE.text} ${review}` });
    const alone = analyze({ text: review });
    expect(r.categoryScores.anger.BaseScore).toBeGreaterThan(0.25 * alone.categoryScores.anger.BaseScore);
  });

  it('leaves news about products as it was: the kettle recall stays draining', () => {
    expect(analyze({ title: 'Recall of 2 million kettles after fires kill three', text: '' }).verdict).toBe('draining');
    expect(
      analyze({
        title: 'Recall of 2 million kettles after fires kill three',
        text: 'The 2200 W kettles, sold for £29.99 between 2019 and 2021, can overheat and catch fire, the regulator said.',
      }).verdict,
    ).toBe('draining');
  });
});
