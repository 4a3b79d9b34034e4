/**
 * Analyzer speed and footprint. Prints figures; never fails on time.
 *  - 2,000-word article: our analyze() vs VADER-JS polarity_scores on the same text, same run (ratio, goal ≤ 0.5)
 *  - the shipped model table's size (goal ≤ 3 MB)
 *  - memory of importing the analyzer (lexicons + weights + tokenizer), in a fresh child process (goal ≤ 30 MB)
 *  - first analyze() call after import, in a fresh child process (goal ≤ 200 ms)
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vaderModule from 'vader-sentiment';
import { analyze } from '@mediadiet/analyzer';
import type { BenchRow } from './lib/types.ts';

interface VaderJs {
  SentimentIntensityAnalyzer: { polarity_scores(text: string): { compound: number } };
}
const vader = vaderModule as unknown as VaderJs;

const PARAGRAPH = [
  'The city council voted on Tuesday to expand the program, after months of angry debate about its cost.',
  'Supporters said the plan would help thousands of families who have struggled since the factory closed.',
  'Critics warned that the budget is already stretched and that taxes might have to rise next year.',
  'Residents were hopeful but cautious; many remembered earlier promises that were never kept.',
  'At the meeting, a teacher thanked volunteers who had kept the library open during the crisis.',
  'Police reported that the storm damaged several homes, though nobody was seriously hurt.',
  'Why the delay took so long remains a mystery, and officials promised a full explanation.',
  'The mayor called the result a remarkable victory for the community and a reason for real pride.',
].join(' ');

/** A deterministic article of exactly `words` words. */
export function article(words = 2000): string {
  const base = PARAGRAPH.split(/\s+/);
  const out: string[] = [];
  for (let i = 0; out.length < words; i++) out.push(base[i % base.length]!);
  return out.join(' ');
}

function medianMs(fn: () => unknown, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

interface ChildFigures {
  heapMB: number;
  rssMB: number;
  lexiconHeapMB: number;
  importMs: number;
  firstCallMs: number;
}

function child(): ChildFigures {
  const code = `
    globalThis.gc(); const m0 = process.memoryUsage();
    const t0 = performance.now();
    await import('gpt-tokenizer/encoding/o200k_base');
    await import('@mediadiet/contract/categories');
    globalThis.gc(); const mDeps = process.memoryUsage();
    const { analyze } = await import('@mediadiet/analyzer');
    const importMs = performance.now() - t0;
    globalThis.gc(); const m1 = process.memoryUsage();
    const t1 = performance.now();
    analyze({ title: 'A title', text: ${JSON.stringify(article(2000))} });
    const firstCallMs = performance.now() - t1;
    console.log(JSON.stringify({ heapMB: (m1.heapUsed - m0.heapUsed) / 1e6, rssMB: (m1.rss - m0.rss) / 1e6, lexiconHeapMB: (m1.heapUsed - mDeps.heapUsed) / 1e6, importMs, firstCallMs }));
  `;
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', code], {
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as ChildFigures;
}

export default async function run(): Promise<BenchRow[]> {
  const text = article(2000);
  for (let i = 0; i < 5; i++) {
    analyze({ text });
    vader.SentimentIntensityAnalyzer.polarity_scores(text);
  }
  const ours = medianMs(() => analyze({ text }), 30);
  const base = medianMs(() => vader.SentimentIntensityAnalyzer.polarity_scores(text), 30);
  const c = child();
  return Promise.resolve([
    {
      name: 'analyzer: 2,000-word article',
      value: ours,
      unit: 'ms',
      baseline: { name: 'VADER-JS polarity_scores, same article', value: base },
      ratio: ours / base,
      goal: 'ratio ≤ 0.5',
    },
    {
      name: 'analyzer: lexicon load (heapUsed delta of the analyzer after tokenizer + contract)',
      value: c.lexiconHeapMB,
      unit: 'MB',
      goal: '≤ 30 MB',
    },
    {
      name: 'analyzer: shipped model table (src/model/weights.json)',
      value: statSync(fileURLToPath(new URL('model/weights.json', import.meta.resolve('@mediadiet/analyzer')))).size / 1e6,
      unit: 'MB',
      goal: '≤ 3 MB',
    },
    { name: 'analyzer: whole import incl. o200k tokenizer, zod, tsx transform (heapUsed delta)', value: c.heapMB, unit: 'MB' },
    { name: 'analyzer: memory after import (RSS delta)', value: c.rssMB, unit: 'MB' },
    { name: 'analyzer: import time', value: c.importMs, unit: 'ms' },
    { name: 'analyzer: first call after import (2,000 words)', value: c.firstCallMs, unit: 'ms', goal: '≤ 200 ms' },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await run()) console.info(JSON.stringify(row));
}
