/**
 * Evaluation on the dev data, side by side with plain VADER (the vader-sentiment package) in the same run.
 * Usage: npm run eval -w packages/analyzer   (needs ../shared/data; see README "Data")
 */
import vader from 'vader-sentiment';
import type { CATEGORY_IDS } from '@mediadiet/contract/categories';
import { analyze, MODEL_VERSION } from '../src/index.ts';
import { MODEL_TABLE } from '../src/model/index.ts';
import { pearson } from '../src/stats.ts';
import { EVAL_MAP, hasData, loadEmoBank, loadGoEmotions, loadNyt, nytArticles } from './data.ts';
import { rocAuc } from './metrics.ts';

export interface EvalFigures {
  nytArticle: { ours: number; vader: number; n: number };
  nytSentence: { ours: number; vader: number; n: number };
  emobankAll: { ours: number; vader: number; n: number };
  emobankNews: { ours: number; vader: number; n: number };
  goemotions: { category: string; ours: number; vader: number; positives: number }[];
  macroAuc: { ours: number; vader: number };
}

const vaderCompound = (text: string): number => vader.SentimentIntensityAnalyzer.polarity_scores(text).compound;

function valenceRow(items: { text: string; y: number }[]): { ours: number; vader: number; n: number } {
  const ys = items.map((i) => i.y);
  return {
    ours: pearson(items.map((i) => analyze({ text: i.text }).valence), ys),
    vader: pearson(items.map((i) => vaderCompound(i.text)), ys),
    n: items.length,
  };
}

export function evaluate(): EvalFigures {
  const nyt = loadNyt();
  const articles = nytArticles(nyt);
  const emobank = loadEmoBank();
  const dev = loadGoEmotions('dev');
  const results = dev.map((r) => analyze({ text: r.text }));
  const vaderDev = dev.map((r) => vaderCompound(r.text));
  const goemotions = Object.entries(EVAL_MAP).map(([category, labels]) => {
    const y = dev.map((r) => labels.some((l) => r.labels.includes(l)));
    const id = category as (typeof CATEGORY_IDS)[number];
    const sign = results[0]!.categoryScores[id].Classification === 'pro' ? 1 : -1;
    return {
      category,
      ours: rocAuc(results.map((r) => r.categoryScores[id].BaseScore), y),
      // VADER has no categories: its signed compound (positive for pro, negative for mal) is the baseline.
      vader: rocAuc(vaderDev.map((v) => sign * v), y),
      positives: y.filter(Boolean).length,
    };
  });
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    nytArticle: valenceRow(articles.map((a) => ({ text: a.text, y: a.valence }))),
    nytSentence: valenceRow(nyt.map((s) => ({ text: s.text, y: s.valence }))),
    emobankAll: valenceRow(emobank.map((r) => ({ text: r.text, y: r.readerV }))),
    emobankNews: valenceRow(emobank.filter((r) => r.genre === 'newspaper').map((r) => ({ text: r.text, y: r.readerV }))),
    goemotions,
    macroAuc: { ours: mean(goemotions.map((g) => g.ours)), vader: mean(goemotions.map((g) => g.vader)) },
  };
}

function main(): void {
  if (!hasData()) {
    console.error('eval: ../shared/data is missing (see packages/analyzer/README.md, "Data").');
    process.exit(1);
  }
  const f = evaluate();
  const pad = (s: string, n: number): string => s.padEnd(n);
  const num = (v: number): string => v.toFixed(3).padStart(7);
  console.info(`modelVersion ${MODEL_VERSION}\n`);
  // In-sample: the committed model on the dev files it was fitted on (the NYT sentences are in the lexicon's
  // training set, so that figure is optimistic). CV: K-fold figures computed by scripts/train.ts, each fold's NYT
  // articles left out of the lexicon and the 4-number valence fit, each fold's EmoBank sentences out of the fit.
  const cv = MODEL_TABLE.valenceCv;
  console.info(`${pad('valence (Pearson r)', 44)}${'ours'.padStart(7)}${`CV(${cv.folds ?? '?'})`.padStart(7)}${'VADER'.padStart(7)}   n     goal`);
  const rows: [string, { ours: number; vader: number; n: number }, number | undefined, string][] = [
    ['NYT editorials, article level', f.nytArticle, cv.nytArticle, '≥ 0.72'],
    ['NYT editorials, sentence level', f.nytSentence, cv.nytSentence, ''],
    ['EmoBank reader valence, all genres', f.emobankAll, cv.emobankAll, ''],
    ['EmoBank reader valence, newspaper', f.emobankNews, cv.emobankNews, '≥ 0.50'],
  ];
  for (const [name, r, c, goal] of rows) {
    console.info(`${pad(name, 44)}${num(r.ours)}${c === undefined ? '      –' : num(c)}${num(r.vader)}   ${String(r.n).padEnd(6)}${goal}`);
  }
  console.info('  ours: in-sample (NYT sentences are in the lexicon training set); CV: cross-validated, see README');
  console.info(`\n${pad('GoEmotions dev ROC AUC (VADER: signed compound)', 44)}${'ours'.padStart(7)}${'VADER'.padStart(7)}   positives`);
  for (const g of f.goemotions) console.info(`${pad(`  ${g.category}`, 44)}${num(g.ours)}${num(g.vader)}   ${g.positives}`);
  console.info(`${pad('  macro AUC (11 mapped categories)', 44)}${num(f.macroAuc.ours)}${num(f.macroAuc.vader)}   goal ≥ 0.85`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
