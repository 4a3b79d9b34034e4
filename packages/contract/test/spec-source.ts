import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The product spec, when this checkout has it next to the repository (`../shared/spec/product-spec.md`
 * seen from the repository root). A user's clone may not: then tests use their embedded lists only.
 */
const here = dirname(fileURLToPath(import.meta.url));
const CANDIDATES = [
  process.env.MEDIADIET_SPEC,
  // relative to the package root (packages/contract): ../../../shared
  resolve(here, '..', '../../../shared/spec/product-spec.md'),
  // relative to src/ or test/
  resolve(here, '../../../shared/spec/product-spec.md'),
].filter((p): p is string => typeof p === 'string' && p.length > 0);

export const specPath: string | undefined = CANDIDATES.find((p) => existsSync(p));
export const specText: string | undefined = specPath ? readFileSync(specPath, 'utf8') : undefined;

/** The text of section `n` (from its `## n.` heading to the next `## ` heading). */
export function specSection(text: string, n: number): string {
  const start = text.search(new RegExp(`^## ${n}\\.`, 'm'));
  if (start === -1) throw new Error(`Spec section ${n} not found`);
  const rest = text.slice(start + 1);
  const next = rest.search(/^## /m);
  return next === -1 ? text.slice(start) : text.slice(start, start + 1 + next);
}

/** The rows of spec §7's call table as `METHOD path`. */
export function parseCallTable(text: string): string[] {
  const rows: string[] = [];
  for (const line of specSection(text, 7).split('\n')) {
    const m = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s+(\/\S*)\s*\|/.exec(line);
    if (m) rows.push(`${m[1]} ${m[2]}`);
  }
  return rows;
}

/** Single-quoted strings of a text (an apostrophe inside a word does not open or close a quote). */
export function singleQuoted(text: string): string[] {
  return [...text.matchAll(/(?<![\w])'(.+?)'(?![\w])/g)].map((m) => m[1]!);
}
