/**
 * Sentence composition rules on top of VADER's (README "Valence"): event words and the reversal scope.
 *
 * Reversal scope: a verb or noun that stops, removes or overcomes something bad turns the bad
 * thing it acts on into good news for the reader ("rights group halts violent strikes", "vaccine prevents deaths",
 * "miners survive collapse"). It is handled like VADER's negation scope: a *negative* word valence within
 * `REVERSAL_SCOPE` words after a reverser is multiplied by `REVERSAL_FACTOR` (VADER's own negation scalar, −0.74).
 * Positive words in the scope keep their sign ("ends the peace talks" is not made good news). Applied to VADER's
 * per-token valences (so to compound and pos − neg) and to the extended word valence ṽ; the learned corrections δ
 * are left as fitted.
 */
import { N_SCALAR, vaderScoresOf, vaderTokens, vaderValences, type VaderScores } from './vader.ts';

/** How many following words a reverser acts on (chosen by 5-fold CV on NYT articles and EmoBank: 3 / 4 / 5 words). */
export const REVERSAL_SCOPE = 4;
/** Factor on a negative valence in a reversal scope: VADER's negation scalar. */
export const REVERSAL_FACTOR = N_SCALAR;

const forms = (...words: string[]): string[] => words;

/**
 * Reversers, all inflections written out (no stemming): halting, ending, stopping, curbing, easing, banning,
 * outlawing, abolishing, defeating, beating, overcoming, surviving, escaping, curing, healing, preventing, averting,
 * thwarting, foiling, fighting, combating, tackling, countering, reducing, cutting, slashing, lowering, lifting,
 * relieving, alleviating, freeing, eliminating, eradicating, quelling, resolving, blocking, avoiding, rescuing and
 * recovering; nouns "relief", "prevention", "cure", "end", "ban", "halt", "curb", "cut", "fight", "defeat".
 */
export const REVERSERS: ReadonlySet<string> = new Set([
  ...forms('halt', 'halts', 'halted', 'halting'),
  ...forms('end', 'ends', 'ended', 'ending'),
  ...forms('stop', 'stops', 'stopped', 'stopping'),
  ...forms('curb', 'curbs', 'curbed', 'curbing'),
  ...forms('ease', 'eases', 'eased', 'easing'),
  ...forms('ban', 'bans', 'banned', 'banning'),
  ...forms('outlaw', 'outlaws', 'outlawed', 'outlawing'),
  ...forms('abolish', 'abolishes', 'abolished', 'abolishing'),
  ...forms('defeat', 'defeats', 'defeated', 'defeating'),
  ...forms('beat', 'beats', 'beaten', 'beating'),
  ...forms('overcome', 'overcomes', 'overcame', 'overcoming'),
  ...forms('survive', 'survives', 'survived', 'surviving'),
  ...forms('escape', 'escapes', 'escaped', 'escaping'),
  ...forms('cure', 'cures', 'cured', 'curing'),
  ...forms('heal', 'heals', 'healed', 'healing'),
  ...forms('prevent', 'prevents', 'prevented', 'preventing', 'prevention'),
  ...forms('avert', 'averts', 'averted', 'averting'),
  ...forms('thwart', 'thwarts', 'thwarted', 'thwarting'),
  ...forms('foil', 'foils', 'foiled', 'foiling'),
  ...forms('fight', 'fights', 'fought', 'fighting'),
  ...forms('combat', 'combats', 'combating', 'combatting'),
  ...forms('tackle', 'tackles', 'tackled', 'tackling'),
  ...forms('counter', 'counters', 'countered', 'countering'),
  ...forms('reduce', 'reduces', 'reduced', 'reducing'),
  ...forms('cut', 'cuts', 'cutting'),
  ...forms('slash', 'slashes', 'slashed', 'slashing'),
  ...forms('lower', 'lowers', 'lowered', 'lowering'),
  ...forms('lift', 'lifts', 'lifted', 'lifting'),
  ...forms('relieve', 'relieves', 'relieved', 'relieving', 'relief'),
  ...forms('alleviate', 'alleviates', 'alleviated', 'alleviating'),
  ...forms('free', 'frees', 'freed', 'freeing'),
  ...forms('eliminate', 'eliminates', 'eliminated', 'eliminating'),
  ...forms('eradicate', 'eradicates', 'eradicated', 'eradicating'),
  ...forms('quell', 'quells', 'quelled', 'quelling'),
  ...forms('resolve', 'resolves', 'resolved', 'resolving'),
  ...forms('block', 'blocks', 'blocked', 'blocking'),
  ...forms('avoid', 'avoids', 'avoided', 'avoiding'),
  ...forms('rescue', 'rescues', 'rescued', 'rescuing'),
  ...forms('recover', 'recovers', 'recovered', 'recovering'),
]);

/**
 * Applies the reversal scope to per-word valences: `words` lower-cased, `valences` aligned with them. Returns a new
 * array in which every negative valence within REVERSAL_SCOPE words after a reverser is multiplied by
 * REVERSAL_FACTOR (once, however many reversers reach it).
 */
export function reverseScope(words: readonly string[], valences: readonly number[]): number[] {
  const out = [...valences];
  let until = -1;
  for (let i = 0; i < words.length; i++) {
    if (i <= until && (out[i] as number) < 0) out[i] = (out[i] as number) * REVERSAL_FACTOR;
    if (REVERSERS.has(words[i] as string)) until = i + REVERSAL_SCOPE;
  }
  return out;
}

/**
 * Event words (README "Valence"): news reports harm with words VADER's lexicon lacks or that are not in it in the
 * reported form ("dies", "bombing", "layoffs", "flood"). A word VADER lacks whose extended valence ṽ_w (VADER's
 * ratings carried through embeddings, ṽ/4 scale, 0 = the median word) lies below −EVENT_DEAD_ZONE gets the VADER
 * rating 4·(ṽ_w + EVENT_DEAD_ZONE) and goes through VADER's rules (negation, boosters, "but", reversal scope).
 * Only the negative side: positive extensions did not help under cross-validation. The dead zone was chosen by
 * 5-fold CV on NYT articles and EmoBank (0.2 / 0.3 / 0.4 / 0.5).
 */
export const EVENT_DEAD_ZONE = 0.3;

/** The VADER-scale rating of a word VADER lacks, from its extended valence (undefined: none). */
export function eventRating(extended: number | undefined): number | undefined {
  return extended !== undefined && extended < -EVENT_DEAD_ZONE ? 4 * (extended + EVENT_DEAD_ZONE) : undefined;
}

/**
 * VADER's scores of a sentence with the event words rated from `extended` (word → ṽ_w; none without it) and the
 * reversal scope applied to its per-token valences.
 */
export function composedVaderScores(text: string, extended?: ReadonlyMap<string, number>): VaderScores {
  const tokens = vaderTokens(text);
  const extra =
    extended === undefined
      ? undefined
      : (word: string): number | undefined => eventRating(extended.get(word.endsWith("'s") ? word.slice(0, -2) : word));
  const valences = reverseScope(
    tokens.map((t) => t.toLowerCase()),
    vaderValences(tokens, extra),
  );
  return vaderScoresOf(text, tokens.length, valences);
}
