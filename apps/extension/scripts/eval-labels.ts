/**
 * `npm run eval:labels -w apps/extension`: how far link labels agree with readers, on the SemEval-2007 Task 14
 * news headlines (250 headlines, each rated by six annotators for the valence a reader feels, −100..100). Each
 * headline is labelled exactly as the extension labels a link: the analyzer on the headline as the title and the
 * snippet as the text (headlines have none), the same `headlineResult` the analyzer's worker keeps and the same
 * `labelFor` rule the background applies (src/labels/label.ts), with no personality profile and no site history.
 *
 * Readers' classes follow the task's own coarse-grained valence evaluation (Strapparava & Mihalcea 2007): mean
 * valence ≤ −50 is clearly negative, ≥ +50 clearly positive, anything between is neither. Prints the share of
 * clearly negative headlines labelled draining, of clearly positive ones labelled uplifting, and the whole
 * confusion table.
 *
 * The data is read at run time from ../shared/data/semeval2007/headlines-dev.tsv (or the folder MEDIADIET_DATA
 * names): research data without a stated licence, for evaluation only; nothing of it is kept in the repository.
 *
 * Also the share of product listings labelled neutral (decision 164), on the project's own shop and spec-sheet
 * results (headline + snippet): the development set the listing rule was chosen on (test/listings-dev.ts) and the
 * check set written apart from it (test/listings-check.ts). These need no data folder.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyze } from '@mediadiet/analyzer';
import { dataPath, loadHeadlines } from '@mediadiet/analyzer/data';
import { VERDICTS, type Verdict } from '@mediadiet/contract/analysis';
import { headlineResult } from '../src/analyzer/protocol.ts';
import { labelFor, type Sensitivities, type SiteHistory } from '../src/labels/label.ts';
import type { LinkLabel } from '../src/labels/protocol.ts';
import { LISTINGS_CHECK } from '../test/listings-check.ts';
import { LISTINGS_DEV, type Listing } from '../test/listings-dev.ts';

const FILE = dataPath('semeval2007/headlines-dev.tsv');

/** The task's coarse-grained valence classes. */
export const CLEARLY = { negative: -50, positive: 50 } as const;
export type ReaderClass = 'negative' | 'neither' | 'positive';

export function readerClass(valence: number): ReaderClass {
  return valence <= CLEARLY.negative ? 'negative' : valence >= CLEARLY.positive ? 'positive' : 'neither';
}

/** A link's label as the extension makes it: the analyzer on headline + snippet, the worker's result, the rule. */
export function linkLabel(
  headline: string,
  snippet = '',
  sensitivities: Sensitivities | null = null,
  site: SiteHistory | null = null,
): LinkLabel | null {
  const result = headlineResult(analyze({ title: headline, text: snippet }));
  return result ? labelFor(result, sensitivities, site) : null;
}

/** A link's label verdict (no profile, no site history), as the extension computes it. */
export function labelVerdict(headline: string, snippet = ''): Verdict | null {
  return linkLabel(headline, snippet)?.verdict ?? null;
}

export interface Agreement {
  n: number;
  /** Readers' class × label verdict → headlines. */
  table: Record<ReaderClass, Record<Verdict, number>>;
  negativeDraining: { share: number; of: number };
  positiveUplifting: { share: number; of: number };
}

export function agreement(rows: readonly { valence: number; text: string }[]): Agreement {
  const empty = () => Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  const table: Agreement['table'] = { negative: empty(), neither: empty(), positive: empty() };
  for (const row of rows) {
    const verdict = labelVerdict(row.text);
    if (!verdict) throw new Error('the analyzer gave no verdict');
    table[readerClass(row.valence)][verdict]++;
  }
  const total = (c: ReaderClass) => VERDICTS.reduce((s, v) => s + table[c][v], 0);
  const share = (c: ReaderClass, v: Verdict) => ({
    share: total(c) ? table[c][v] / total(c) : Number.NaN,
    of: total(c),
  });
  return {
    n: rows.length,
    table,
    negativeDraining: share('negative', 'draining'),
    positiveUplifting: share('positive', 'uplifting'),
  };
}

export interface ListingAgreement {
  neutral: number;
  of: number;
  /** The listings that got a side, with it. */
  sided: { listing: Listing; verdict: Verdict }[];
}

/** How many product listings are labelled neutral, as the extension labels a link (no profile, no site history). */
export function listingAgreement(listings: readonly Listing[]): ListingAgreement {
  const sided: ListingAgreement['sided'] = [];
  for (const listing of listings) {
    const verdict = labelVerdict(listing.headline, listing.snippet);
    if (!verdict) throw new Error('the analyzer gave no verdict');
    if (verdict !== 'neutral') sided.push({ listing, verdict });
  }
  return { neutral: listings.length - sided.length, of: listings.length, sided };
}

function main(): void {
  for (const [name, listings] of [
    ['development set', LISTINGS_DEV],
    ['check set', LISTINGS_CHECK],
  ] as const) {
    const a = listingAgreement(listings);
    console.info(`product listings labelled neutral, ${name}: ${a.neutral} of ${a.of}`);
    for (const { listing, verdict } of a.sided) console.info(`  ${verdict}: ${listing.headline}`);
  }
  console.info('');
  if (!existsSync(FILE)) {
    console.error(
      `eval:labels: ${FILE} is missing (the shared data folder next to the repository, or MEDIADIET_DATA).`,
    );
    process.exit(1);
  }
  const a = agreement(loadHeadlines());
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  console.info(
    `Link labels against readers: SemEval-2007 headlines (dev, n = ${a.n}), no profile, no snippet`,
  );
  console.info(
    `clearly negative (valence ≤ ${CLEARLY.negative}) labelled draining:  ${pct(a.negativeDraining.share)} (of ${a.negativeDraining.of})`,
  );
  console.info(
    `clearly positive (valence ≥ +${CLEARLY.positive}) labelled uplifting: ${pct(a.positiveUplifting.share)} (of ${a.positiveUplifting.of})`,
  );
  console.info('');
  const cols = ['readers \\ label', ...VERDICTS, 'total'];
  const rows: string[][] = (['negative', 'neither', 'positive'] as const).map((c) => {
    const counts = VERDICTS.map((v) => a.table[c][v]);
    const name =
      c === 'negative' ? `≤ ${CLEARLY.negative}` : c === 'positive' ? `≥ +${CLEARLY.positive}` : 'between';
    return [name, ...counts.map(String), String(counts.reduce((s, x) => s + x, 0))];
  });
  const widths = cols.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.info(line(cols));
  for (const r of rows) console.info(line(r));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
