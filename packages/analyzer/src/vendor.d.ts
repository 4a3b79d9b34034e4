declare module 'vader-sentiment/src/vader_lexicon.js' {
  /** VADER's valence lexicon (word or emoticon → mean rating, −4..4), as shipped by the vader-sentiment package. */
  export const lexicon: Record<string, number>;
}

declare module 'vader-sentiment' {
  interface PolarityScores {
    neg: number;
    neu: number;
    pos: number;
    compound: number;
  }
  const vader: { SentimentIntensityAnalyzer: { polarity_scores(text: string): PolarityScores } };
  export default vader;
}
