/**
 * Evaluation on the dev data, side by side with plain VADER (the vader-sentiment package) in the same run.
 * Usage: npm run eval -w packages/analyzer   (needs ../shared/data; see README "Data")
 */
import vader from 'vader-sentiment';
import type { CATEGORY_IDS } from '@mediadiet/contract/categories';
import { analyze, MODEL_VERSION } from '../src/index.ts';
import { MODEL_TABLE } from '../src/model/index.ts';
import { pearson } from '../src/stats.ts';
import { CATEGORIES, CATEGORY_IDS as IDS } from '@mediadiet/contract/categories';
import { EVAL_MAP, hasData, loadEmoBank, loadGoEmotions, loadHeadlines, loadNyt, nytArticles } from './data.ts';
import { labelledVerdict, macroF1 } from './felt.ts';
import { rocAuc } from './metrics.ts';

export interface EvalFigures {
  nytArticle: { ours: number; vader: number; n: number };
  nytSentence: { ours: number; vader: number; n: number };
  emobankAll: { ours: number; vader: number; n: number };
  emobankNews: { ours: number; vader: number; n: number };
  goemotions: { category: string; ours: number; vader: number; positives: number }[];
  macroAuc: { ours: number; vader: number };
  headlines: { category: string; ours: number; vader: number }[];
  headlinesMean: { ours: number; vader: number };
  headlinesValence: { ours: number; vader: number; n: number };
  /** Median strongest mal BaseScore of GoEmotions dev texts labelled only neutral, and of negative ones. */
  neutralMal: { ours: number; vader: number };
  negativeMal: { ours: number; vader: number };
  verdictF1: { goemotions: number; headlines: number };
}

const FELT = ['anger', 'disgust', 'fear', 'joy', 'sadness'] as const;
const NEGATIVE_LABELS = ['anger', 'annoyance', 'disgust', 'fear', 'nervousness', 'sadness', 'grief'];
const MAL = IDS.filter((id) => CATEGORIES[id].classification === 'mal');
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
/** Verdict a reader gave a headline: valence beyond ±25 leans; joy and a negative feeling both ≥ 25 is mixed. */
export function headlineVerdict(h: { valence: number; felt: Record<string, number> }): 'uplifting' | 'neutral' | 'mixed' | 'draining' {
  const negative = Math.max(h.felt.anger!, h.felt.disgust!, h.felt.fear!, h.felt.sadness!);
  if (h.felt.joy! >= 25 && negative >= 25 && Math.abs(h.valence) < 25) return 'mixed';
  return h.valence <= -25 ? 'draining' : h.valence >= 25 ? 'uplifting' : 'neutral';
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
  const heads = loadHeadlines();
  const headRes = heads.map((h) => analyze({ text: h.text }));
  const headVader = heads.map((h) => vader.SentimentIntensityAnalyzer.polarity_scores(h.text));
  // VADER has no categories: its positive proportion is the baseline for joy, its negative one for the others.
  const headlines = FELT.map((c) => ({
    category: c,
    ours: pearson(headRes.map((r) => r.categoryScores[c].BaseScore), heads.map((h) => h.felt[c])),
    vader: pearson(headVader.map((v) => (c === 'joy' ? v.pos : v.neg)), heads.map((h) => h.felt[c])),
  }));
  const strongestMal = (r: (typeof results)[number]): number => Math.max(...MAL.map((id) => r.categoryScores[id].BaseScore));
  const vaderDevNeg = dev.map((r) => 100 * vader.SentimentIntensityAnalyzer.polarity_scores(r.text).neg);
  const isNeutral = (labels: string[]): boolean => labels.length === 1 && labels[0] === 'neutral';
  const isNegative = (labels: string[]): boolean => labels.some((l) => NEGATIVE_LABELS.includes(l));
  return {
    headlines,
    headlinesMean: { ours: mean(headlines.map((h) => h.ours)), vader: mean(headlines.map((h) => h.vader)) },
    headlinesValence: {
      ours: pearson(headRes.map((r) => r.valence), heads.map((h) => h.valence)),
      vader: pearson(headVader.map((v) => v.compound), heads.map((h) => h.valence)),
      n: heads.length,
    },
    neutralMal: {
      ours: median(results.filter((_, i) => isNeutral(dev[i]!.labels)).map(strongestMal)),
      vader: median(vaderDevNeg.filter((_, i) => isNeutral(dev[i]!.labels))),
    },
    negativeMal: {
      ours: median(results.filter((_, i) => isNegative(dev[i]!.labels)).map(strongestMal)),
      vader: median(vaderDevNeg.filter((_, i) => isNegative(dev[i]!.labels))),
    },
    verdictF1: {
      goemotions: macroF1(dev.map((r) => labelledVerdict(r.labels)), results.map((r) => r.verdict)),
      headlines: macroF1(heads.map(headlineVerdict), headRes.map((r) => r.verdict)),
    },
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
    ['NYT editorials, article level', f.nytArticle, cv.nytArticle, '≥ 0.75 (CV)'],
    ['NYT editorials, sentence level', f.nytSentence, cv.nytSentence, ''],
    ['EmoBank reader valence, all genres', f.emobankAll, cv.emobankAll, '≥ 0.62 (CV)'],
    ['EmoBank reader valence, newspaper', f.emobankNews, cv.emobankNews, '≥ 0.50'],
  ];
  for (const [name, r, c, goal] of rows) {
    console.info(`${pad(name, 44)}${num(r.ours)}${c === undefined ? '      –' : num(c)}${num(r.vader)}   ${String(r.n).padEnd(6)}${goal}`);
  }
  console.info('  ours: in-sample (NYT sentences are in the lexicon training set); CV: cross-validated, see README');
  console.info(`\n${pad('GoEmotions dev ROC AUC (VADER: signed compound)', 44)}${'ours'.padStart(7)}${'VADER'.padStart(7)}   positives`);
  for (const g of f.goemotions) console.info(`${pad(`  ${g.category}`, 44)}${num(g.ours)}${num(g.vader)}   ${g.positives}`);
  console.info(`${pad('  macro AUC (11 mapped categories)', 44)}${num(f.macroAuc.ours)}${num(f.macroAuc.vader)}   goal ≥ 0.88`);
  console.info(`\n${pad('Headlines, felt rating r (VADER: pos / neg)', 44)}${'ours'.padStart(7)}${'VADER'.padStart(7)}   n ${f.headlinesValence.n}`);
  for (const h of f.headlines) console.info(`${pad(`  ${h.category}`, 44)}${num(h.ours)}${num(h.vader)}`);
  console.info(`${pad('  mean over the five', 44)}${num(f.headlinesMean.ours)}${num(f.headlinesMean.vader)}   goal ≥ 0.45`);
  console.info(`${pad('  valence', 44)}${num(f.headlinesValence.ours)}${num(f.headlinesValence.vader)}   goal ≥ 0.68`);
  const ratio = (r: { ours: number; vader: number }, n: { ours: number; vader: number }) => ({ ours: r.ours / n.ours, vader: r.vader / n.vader });
  console.info(`\n${pad('GoEmotions dev, strongest mal (VADER: 100·neg)', 44)}${'ours'.padStart(7)}${'VADER'.padStart(7)}`);
  console.info(`${pad('  median, labelled only neutral', 44)}${num(f.neutralMal.ours)}${num(f.neutralMal.vader)}   goal ≤ 4`);
  console.info(`${pad('  median, labelled negative', 44)}${num(f.negativeMal.ours)}${num(f.negativeMal.vader)}`);
  const q = ratio(f.negativeMal, f.neutralMal);
  console.info(`${pad('  negative ÷ neutral', 44)}${num(q.ours)}${num(q.vader)}   goal ≥ 8`);
  console.info(`\n${pad('Verdict macro-F1 (4 classes)', 44)}${'ours'.padStart(7)}`);
  console.info(`${pad('  GoEmotions dev (label groups)', 44)}${num(f.verdictF1.goemotions)}`);
  console.info(`${pad('  headlines (ratings: ±25 valence, mixed)', 44)}${num(f.verdictF1.headlines)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
