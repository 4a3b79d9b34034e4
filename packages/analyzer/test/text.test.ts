import { describe, expect, it } from 'vitest';
import { cueWords, splitSentences } from '../src/text.ts';

describe('splitSentences', () => {
  it('splits on sentence ends and line breaks, not after abbreviations', () => {
    expect(splitSentences('Mr. Smith went to Washington. He met Dr. Jones in the U.S. Senate!\nA title\n\nWhy? Because.')).toEqual([
      'Mr. Smith went to Washington.',
      'He met Dr. Jones in the U.S. Senate!',
      'A title',
      'Why?',
      'Because.',
    ]);
  });
  it('returns nothing for blank text', () => {
    expect(splitSentences('  \n ')).toEqual([]);
  });
});

describe('cueWords', () => {
  it('lower-cases, drops possessive s, de-duplicates, skips words in a negation scope', () => {
    expect(cueWords("Joy's joy! I am not happy at all, but calm")).toEqual(['joy', 'i', 'am', 'but', 'calm']);
    expect(cueWords("I don't love this cruel world")).toEqual(['i', 'world']);
  });
});
