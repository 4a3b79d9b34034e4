/**
 * Product listings (README "Listings", model 2.4.0): a shop result, a spec sheet or a price list is read for its
 * facts and felt as nothing much. Scored sentence by sentence like news, its product words took a side: "auto
 * shut-off" read as anger ("shut" is an anger cue and topic word), "knife set" and "fire extinguisher" as fear
 * (Empath's weapon and fire words), "dishwasher safe, suitable for all hobs. Free delivery." and "best before" as
 * joy (VADER rates "safe", "free" and "best"; joy follows any positive sentence).
 *
 * A page reads as a listing when its headline holds a spec or shop signal of its own and the whole page holds a
 * shop signal (a shop phrase such as "free delivery" or "in stock", a count of what is sold, a size, a product
 * attribute such as "cordless"), LISTING_MIN_SIGNALS signals in all and one per LISTING_WORDS_PER_SIGNAL words.
 * Signals that news shares with shops (a number with a unit, a price, a model code, a list of short items) count
 * towards that but never make a listing alone. In a listing, a sentence with no narrative clause (no auxiliary or
 * modal verb, reporting verb, subordinator, relative or third-person pronoun: "Cordless base, limescale filter,
 * auto shut-off.") carries no reader-felt evidence; a sentence that tells what happened or what someone said ("It
 * stopped working after a week") keeps its own. Pure functions over the text; no I/O.
 */

import { WORD } from './text.ts';

/** A number: 2200, 1.7, 1,440, 2.0. */
const NUM = String.raw`\d+(?:[.,]\d+)*`;
/** Not inside a number or a price ("£1m", "$1.65bn" are amounts of money, not units or codes). */
const START = String.raw`(?<![\w.,£$€¥₹])`;

/**
 * Signals that news shares with shops: a number with a unit ("2200 W", "1.7 litres", "100 mph", "30°C"), a price
 * ("£79.99", "75p"), a model or part code mixing letters and digits ("S24", "i7", "H5N1"), a duration used as an
 * adjective ("10-year", "30-day"; not "10-year-old"); and a list of short items (`isSpecList`: "Cordless base,
 * limescale filter, auto shut-off", but also "Storm kills 3, injures 40, leaves 20,000 without power"). A page needs
 * a shop signal besides these to read as a listing.
 */
export const SHARED_SIGNALS: readonly RegExp[] = [
  new RegExp(
    String.raw`${START}${NUM}\s?-?(?:k?W|V|m?Ah|k?Wh|[GTM]B|[GM]?Hz|MP|dB|rpm|mph|km/h|K|mm|cm|km|m|m²|inch|inches|ft|"|″|kg|g|mg|lbs?|oz|L|l|ml|mL|cl|litres?|liters?|pints?|°[CF]?|mi|miles)(?![\w²])`,
    'g',
  ),
  new RegExp(String.raw`[£$€¥₹]\s?${NUM}|${START}${NUM}p\b`, 'g'),
  new RegExp(String.raw`${START}(?=[A-Za-z]*\d)(?=\d*[A-Za-z])(?!\d+(?:st|nd|rd|th|s|am|pm|m|bn|k)\b)[A-Za-z\d]{2,}\b`, 'g'),
  /\b\d+-(?:year|month|week|day|hour|minute)(?!-old)\b/gi,
];

/**
 * Signals of a shop or a spec sheet: a count of what is sold ("6 pieces", "pack of 12", "2-slice", "3-seater"),
 * sizes and ages ("Sizes S–XXL", "Ages 6+"), dimensions ("28 x 18 x 20 cm"), a product's attributes ("cordless",
 * "rechargeable", "shock-proof", "water-resistant", "dishwasher-safe"), a book or record's format ("paperback",
 * "vinyl") and the shop's own phrases ("free delivery", "in stock", "add to trolley", "per kg", "Includes …",
 * "… included.").
 */
export const SHOP_SIGNALS: readonly RegExp[] = [
  new RegExp(
    String.raw`${START}${NUM}\s?-?(?:pieces?|pcs|slices?|slots?|seater|door|speeds?|star|ports?|devices?|place settings)\b|\b(?:pack|set|box) of \d+`,
    'gi',
  ),
  /\bsizes?\s+[\dSMLX]|\bages?\s+\d|\b\d+\+(?!\w)|\b\d+(?:[.,]\d+)?\s?x\s?\d/gi,
  /\b(?:cordless|wireless|rechargeable|removable|detachable|adjustable|foldable|extendable|reusable|washable|waterproof|stainless|non-stick|unlocked|refurbished|built-in)\b/gi,
  /\b\w+-(?:proof|resistant|safe|ready|tested|compatible|adjustable|cancelling|canceling)\b/gi,
  /\b(?:paperback|hardback|hardcover|board book|blu-ray|vinyl|isbn)\b/gi,
  new RegExp(
    [
      String.raw`\bfree (?:uk |next-day |)(?:delivery|shipping|postage|p&p|returns|cancellation|trial|installation|click and collect)`,
      String.raw`\b(?:in|out of|limited) stock\b`,
      String.raw`\bonly \d+ left\b`,
      String.raw`\badd to (?:basket|cart|trolley|bag|wishlist)\b`,
      String.raw`\b(?:buy|shop|order) now\b`,
      String.raw`\border (?:by|before|today)\b`,
      String.raw`\b(?:next|same)[- ]day delivery\b`,
      String.raw`\b(?:dispatched|ships|delivered) (?:in|within|today)\b`,
      String.raw`\bsold (?:by|separately)\b`,
      String.raw`\bwarranty\b`,
      String.raw`\b(?:lifetime|money-back|price) guarantee\b`,
      String.raw`\bsubscribe and save\b`,
      String.raw`\bsave (?:up to (?:\d+%|[£$€]\d)|\d+%)`,
      String.raw`\bwas [£$€]${NUM},? now [£$€]\d`,
      String.raw`\d+% off\b`,
      String.raw`\bper (?:kg|litre|liter|100 ?g|100 ?ml|month|night|person|pack)\b`,
      String.raw`\bclick and collect\b`,
      String.raw`\bfinance available\b`,
      String.raw`\bpart exchange\b`,
      String.raw`\bbest before\b`,
      String.raw`\bassembly required\b`,
      String.raw`\bmachine washable\b`,
      String.raw`\bhand wash only\b`,
      String.raw`\bproduct details\b`,
      String.raw`\bdimensions\b`,
      String.raw`\bcolou?rs?:`,
      String.raw`\b\d+(?:\.\d)? stars\b`,
      String.raw`\b${NUM} reviews\b`,
      String.raw`\ball-inclusive\b`,
      String.raw`\bhalf board\b`,
      String.raw`^(?:includes|included|supplied with|comes with|available in|suitable for)\b`,
      String.raw`\bincluded\.?$`,
    ].join('|'),
    'gim',
  ),
];

/** A listing holds at least this many signals, one at least a shop signal … */
export const LISTING_MIN_SIGNALS = 2;
/** … and at least one signal per this many words. */
export const LISTING_WORDS_PER_SIGNAL = 12;
/** A spec list: at least this many comma-separated items … */
export const SPEC_LIST_ITEMS = 3;
/** … of at most this many words each. */
export const SPEC_LIST_ITEM_WORDS = 4;

/**
 * Words that mark a narrative clause (a sentence that tells what happened or what someone said): auxiliary and
 * modal verbs, reporting verbs, subordinators, relative pronouns, third-person pronouns. A shop's own voice
 * ("you", "your", "we", "our") is not among them.
 */
export const NARRATIVE_WORDS: ReadonlySet<string> = new Set([
  'is', 'are', 'was', 'were', 'been', 'being', 'has', 'have', 'had', 'will', 'would', 'could', 'should', 'may',
  'might', 'must', 'can',
  'said', 'says', 'say', 'told', 'tells', 'reported', 'reports', 'announced', 'announces', 'according', 'claimed',
  'claims', 'warned', 'warns', 'confirmed', 'revealed', 'admitted', 'admits', 'accused', 'urged', 'urges',
  'after', 'amid', 'despite', 'because', 'since', 'while', 'when', 'following',
  'who', 'whom', 'whose', 'which', 'that',
  'he', 'she', 'they', 'his', 'her', 'hers', 'their', 'theirs', 'him', 'them',
]);

const count = (patterns: readonly RegExp[], text: string): number =>
  patterns.reduce((n, p) => n + (text.match(p)?.length ?? 0), 0);

/** The words of a text (letters only: "1.7" and "£20" are not words). */
export function wordCount(text: string): number {
  return text.toLowerCase().match(WORD)?.length ?? 0;
}

/** A sentence with a narrative clause: one of NARRATIVE_WORDS. */
export function isNarrative(sentence: string): boolean {
  for (const m of sentence.toLowerCase().matchAll(WORD)) if (NARRATIVE_WORDS.has(m[0])) return true;
  return false;
}

/** A sentence that is a list of specs: SPEC_LIST_ITEMS or more items of SPEC_LIST_ITEM_WORDS words at most. */
export function isSpecList(sentence: string): boolean {
  const items = sentence.split(/,(?!\d)|(?<!\d),|;|\s(?:and|&)\s/).filter((item) => item.trim() !== '');
  return (
    items.length >= SPEC_LIST_ITEMS &&
    items.every((item) => wordCount(item) <= SPEC_LIST_ITEM_WORDS) &&
    !isNarrative(sentence)
  );
}

/** The signals of some sentences: shared with news (spec lists among them), and of a shop. */
export function listingSignals(sentences: readonly string[]): { shared: number; shop: number } {
  const text = sentences.join('\n');
  return {
    shared: count(SHARED_SIGNALS, text) + sentences.filter(isSpecList).length,
    shop: count(SHOP_SIGNALS, text),
  };
}

/**
 * Whether a page reads as a product listing: its headline (the first `headline` sentences: the title) holds a
 * signal of its own, and the page holds a shop signal, LISTING_MIN_SIGNALS signals in all and one per
 * LISTING_WORDS_PER_SIGNAL words. A news story with a price or a size in it ("E-bike battery fire kills family of
 * four … bought online for £150") is not one: its headline holds no signal and its text no shop phrase.
 */
export function readsAsListing(sentences: readonly string[], headline = 1): boolean {
  const title = listingSignals(sentences.slice(0, headline));
  if (title.shared + title.shop === 0) return false;
  const { shared, shop } = listingSignals(sentences);
  const signals = shared + shop;
  const words = sentences.reduce((n, s) => n + wordCount(s), 0);
  return shop >= 1 && signals >= LISTING_MIN_SIGNALS && signals * LISTING_WORDS_PER_SIGNAL >= words;
}

/**
 * Per sentence of a page (the headline's `headline` sentences first): true when it carries no reader-felt evidence,
 * because the page reads as a listing and the sentence has no narrative clause.
 */
export function listingSentences(sentences: readonly string[], headline = 1): boolean[] {
  if (!readsAsListing(sentences, headline)) return sentences.map(() => false);
  return sentences.map((s) => !isNarrative(s));
}
