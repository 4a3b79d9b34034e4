/**
 * `npm run bench`: imports every bench/*.bench.ts, runs them one after the other, prints a table and writes
 * bench/results/latest.json. Figures, not tests: nothing here fails on time.
 * Run one: `npm run bench -- healthz`.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchRow } from './lib/types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv.slice(2);

const files = (await readdir(here))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)))
  .sort();

const results: Record<string, BenchRow[] | { error: string }> = {};
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  process.stdout.write(`running ${name}…\n`);
  try {
    const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { default: () => Promise<BenchRow[]> };
    results[name] = await mod.default();
  } catch (error) {
    results[name] = { error: error instanceof Error ? error.message : String(error) };
  }
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toPrecision(4));
const lines: string[][] = [['bench', 'figure', 'value', 'baseline', 'ratio', 'goal']];
for (const [bench, rows] of Object.entries(results)) {
  if ('error' in rows) {
    lines.push([bench, 'ERROR', rows.error, '', '', '']);
    continue;
  }
  for (const r of rows) {
    lines.push([
      bench,
      r.name,
      `${fmt(r.value)} ${r.unit}`,
      r.baseline ? `${fmt(r.baseline.value)} ${r.unit} (${r.baseline.name})` : '',
      r.ratio === undefined ? '' : r.ratio.toFixed(3),
      r.goal ?? '',
    ]);
  }
}
const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length)));
for (const [i, l] of lines.entries()) {
  console.log(l.map((c, j) => c.padEnd(widths[j]!)).join('  ').trimEnd());
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}

await mkdir(path.join(here, 'results'), { recursive: true });
await writeFile(
  path.join(here, 'results/latest.json'),
  JSON.stringify({ at: new Date().toISOString(), node: process.version, results }, null, 2),
);
console.log(`\nwritten: bench/results/latest.json`);
// A bench that failed half-way may leave a handle open; the run is over either way.
process.exit(0);
