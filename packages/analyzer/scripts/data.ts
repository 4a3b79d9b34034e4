/** Loaders for ../shared/data (relative to the repository root). Scripts only: the core never reads files. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');
/** `../shared/data` next to the repository, or the folder MEDIADIET_DATA names (e.g. from a second worktree). */
export const DATA_DIR = process.env.MEDIADIET_DATA ? path.resolve(process.env.MEDIADIET_DATA) : path.resolve(REPO_ROOT, '../shared/data');

export function dataPath(...parts: string[]): string {
  return path.join(DATA_DIR, ...parts);
}

export function hasData(): boolean {
  return ['goemotions/train.tsv', 'goemotions/dev.tsv', 'emobank/emobank-dev.csv', 'nyt-editorials/sentences-dev.tsv']
    .map((p) => dataPath(p))
    .every((p) => existsSync(p));
}

export const GOEMOTION_LABELS = readLines('goemotions/labels.txt', true);

function readLines(file: string, optional = false): string[] {
  const p = dataPath(file);
  if (optional && !existsSync(p)) return [];
  return readFileSync(p, 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
}

export interface GoEmotionsRow {
  id: string;
  text: string;
  labels: string[];
}

export function loadGoEmotions(split: 'train' | 'dev'): GoEmotionsRow[] {
  return readLines(`goemotions/${split}.tsv`).map((line) => {
    const [text = '', ids = '', id = ''] = line.split('\t');
    return { id, text, labels: ids.split(',').map((i) => GOEMOTION_LABELS[Number(i)] ?? '?') };
  });
}

export interface NytSentence {
  article: string;
  index: number;
  valence: number;
  text: string;
}

export function loadNyt(): NytSentence[] {
  return readLines('nyt-editorials/sentences-dev.tsv')
    .slice(1)
    .map((line) => {
      const [id = '', valence = '', text = ''] = line.split('\t');
      const [article = '', index = '0'] = id.split('_');
      return { article, index: Number(index), valence: Number(valence), text };
    });
}

export interface NytArticle {
  id: string;
  text: string;
  /** Mean of the sentence ratings, −4..4. */
  valence: number;
}

export function nytArticles(sentences: readonly NytSentence[]): NytArticle[] {
  const by = new Map<string, NytSentence[]>();
  for (const s of sentences) by.set(s.article, [...(by.get(s.article) ?? []), s]);
  return [...by.entries()].map(([id, ss]) => {
    const sorted = [...ss].sort((a, b) => a.index - b.index);
    return {
      id,
      text: sorted.map((s) => s.text).join(' '),
      valence: sorted.reduce((a, s) => a + s.valence, 0) / sorted.length,
    };
  });
}

/** Minimal RFC 4180 CSV parser (quoted fields, doubled quotes, newlines inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export interface EmoBankRow {
  id: string;
  genre: string;
  text: string;
  /** Reader valence, 1..5. */
  readerV: number;
}

export function loadEmoBank(): EmoBankRow[] {
  const [header = [], ...rows] = parseCsv(readFileSync(dataPath('emobank/emobank-dev.csv'), 'utf8'));
  const col = (name: string): number => header.indexOf(name);
  return rows
    .filter((r) => r.length === header.length)
    .map((r) => ({
      id: r[col('id')] ?? '',
      genre: r[col('genre')] ?? '',
      text: r[col('text')] ?? '',
      readerV: Number(r[col('reader_V')]),
    }))
    .filter((r) => Number.isFinite(r.readerV) && r.text.trim() !== '');
}

export interface VaderSentence {
  text: string;
  valence: number;
}

/** VADER study ground truth: id \t mean rating (−4..4) \t text. */
export function loadVaderSentences(file: string): VaderSentence[] {
  return readLines(`vader-sentences/${file}`, true).map((line) => {
    const [, valence = '', ...text] = line.split('\t');
    return { valence: Number(valence), text: text.join('\t') };
  });
}

/** Eval/training category map: our category ← GoEmotions labels. */
export const EVAL_MAP = {
  anger: ['anger', 'annoyance'],
  disgust: ['disgust'],
  fear: ['fear', 'nervousness'],
  sadness: ['sadness', 'grief', 'disappointment', 'remorse'],
  joy: ['joy', 'amusement', 'excitement'],
  gratitude: ['gratitude'],
  curiosity: ['curiosity'],
  compassion: ['caring'],
  hope: ['optimism'],
  calm: ['relief'],
  awe: ['admiration', 'surprise'],
} as const;

/** Proxies for the categories GoEmotions has no label for (training only; see README). */
export const PROXY_MAP = {
  outrage: ['disapproval'],
  anxiety: ['nervousness'],
  envy: ['desire'],
} as const;

export interface Headline {
  id: string;
  text: string;
  /** Mean felt ratings of six annotators, 0..100. */
  felt: Record<'anger' | 'disgust' | 'fear' | 'joy' | 'sadness' | 'surprise', number>;
  /** Mean valence rating, −100..100. */
  valence: number;
}

/** SemEval-2007 Task 14 headlines (evaluation and calibration only: commit nothing derived from them). */
export function loadHeadlines(): Headline[] {
  return readLines('semeval2007/headlines-dev.tsv', true)
    .slice(1)
    .map((line) => {
      const [id = '', anger, disgust, fear, joy, sadness, surprise, valence, text = ''] = line.split('\t');
      return {
        id,
        text,
        felt: { anger: Number(anger), disgust: Number(disgust), fear: Number(fear), joy: Number(joy), sadness: Number(sadness), surprise: Number(surprise) },
        valence: Number(valence),
      };
    });
}
