import { describe, expect, it } from 'vitest';
import vader from 'vader-sentiment';
import { vaderScores, vaderTokens } from '../src/vader.ts';

const SENTENCES = [
  'VADER is smart, handsome, and funny.',
  'VADER is smart, handsome, and funny!',
  'VADER is very smart, handsome, and funny.',
  'VADER is VERY SMART, handsome, and FUNNY!!!',
  'VADER is not smart, handsome, nor funny.',
  'The book was good.',
  'At least it isn\'t a horrible book.',
  'The book was only kind of good.',
  'The plot was good, but the characters are uncompelling and the dialog is not great.',
  'Today SUX!',
  'Today only kinda sux! But I\'ll get by, lol',
  'Make sure you :) or :D today!',
  'Not bad at all',
  'It was never so good, and this is the bomb.',
  'He is the least happy person I know, at least today.',
  'Catch utf-8 emoji such as 💘 and 💋 and 😁',
  'What?? Why would they do that???',
  '"Hello," she said -- "it\'s wonderful!"',
  'The government\'s budget plan was a disaster for the poor.',
  '',
];

describe('VADER port', () => {
  it.each(SENTENCES)('matches vader-sentiment on %j', (s) => {
    const expected = vader.SentimentIntensityAnalyzer.polarity_scores(s);
    const got = vaderScores(s);
    expect(got.compound).toBeCloseTo(expected.compound, 4);
    expect(got.pos).toBeCloseTo(expected.pos, 3);
    expect(got.neg).toBeCloseTo(expected.neg, 3);
    expect(got.neu).toBeCloseTo(expected.neu, 3);
  });

  it('strips one leading or trailing punctuation mark, keeps emoticons and contractions', () => {
    expect(vaderTokens("Hello, world! :) isn't (it) a")).toEqual(['Hello', 'world', ':)', "isn't", '(it)']);
  });
});
