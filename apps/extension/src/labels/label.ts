/**
 * The label rule (decision 159): a link's label from the analyzer's result on its headline and snippet, the
 * person's sensitivities and the site's history with them; or, for a page the person read, their own verdict.
 * Pure: no I/O. Of the analyzer only its verdict rules (`@mediadiet/analyzer/felt`, a few kB), never its model: the
 * background does not bundle that (decision 124).
 */
import type { Verdict } from '@mediadiet/contract/analysis';
import { leanVerdict, verdictDrivers } from '@mediadiet/analyzer/felt';
import {
  CATEGORIES,
  CATEGORY_IDS,
  type CategoryId,
  type Classification,
} from '@mediadiet/contract/categories';
import type { HeadlineResult } from '../analyzer/protocol';
import type { LinkLabel } from './protocol';
import type { LabelSettings } from './settings';

/**
 * The analyzer's verdict thresholds (packages/analyzer README "Verdict", model 2.3.0): a headline leans uplifting
 * at lean ≥ τ₊ (`uplifting`) and draining at lean ≤ −τ₋ (`draining`), lean = valence + β (strongest pro −
 * strongest mal) / 100 (`balance`); the leaning side's strongest category must reach s (`strength`), and "mixed"
 * needs both sides at m (`mixed`). Copied, not imported (the model table is megabytes); the labels test fails when
 * the model's table says otherwise.
 */
export const VERDICT_THRESHOLDS = {
  uplifting: 0.075,
  draining: 0.125,
  balance: 0.25,
  strength: 10,
  mixed: 30,
} as const;

/** A sensitivity at or above this is "very sensitive" (the population's own values for fear and anxiety are 0.8). */
export const VERY_SENSITIVE = 0.7;
/** A sensitivity at or below this is "barely sensitive". */
export const BARELY_SENSITIVE = 0.2;
/** A site leans a label when at least this share of the person's pages from it had that verdict … */
export const SITE_LEAN_SHARE = 0.6;
/** … over at least this many pages. */
export const SITE_LEAN_MIN_PAGES = 5;
/**
 * "Neutral by a hair": a neutral headline that got at least this part of the way to a verdict, both on the lean
 * (−τ₋/2 for draining, τ₊/2 for uplifting) and on that side's strongest category (s/2).
 */
export const HAIR = 0.5;

/** The person's sensitivities (0–1), from the Premium personality profile; a category without one is unknown. */
export type Sensitivities = Partial<Record<CategoryId, number>>;

/** The person's pages from one site, and how many of them were draining and uplifting. */
export interface SiteHistory {
  pages: number;
  draining: number;
  uplifting: number;
}

/** A page the person read, with their verdict of it. */
export interface ReadVerdict {
  verdict: Verdict;
  drivers: CategoryId[];
}

type Scores = Partial<Record<CategoryId, number>>;
type Ranked = { id: CategoryId; score: number }[];

/** A side's categories, strongest first (ties in the analyzer's table order, which is CATEGORY_IDS'). */
function side(scores: Scores, classification: Classification): Ranked {
  return CATEGORY_IDS.filter((id) => CATEGORIES[id].classification === classification)
    .map((id) => ({ id, score: scores[id] ?? 0 }))
    .sort((a, b) => b.score - a.score);
}

export interface Decided extends ReadVerdict {
  lean: number;
  pro: Ranked;
  mal: Ranked;
}

/** The analyzer's `decideVerdict` (packages/analyzer/src/felt.ts) on a valence and category scores. */
export function decideVerdict(valence: number, scores: Scores): Decided {
  const pro = side(scores, 'pro');
  const mal = side(scores, 'mal');
  const topPro = pro[0]?.score ?? 0;
  const topMal = mal[0]?.score ?? 0;
  const lean = valence + (VERDICT_THRESHOLDS.balance * (topPro - topMal)) / 100;
  const t = VERDICT_THRESHOLDS;
  const verdict = leanVerdict(
    { valence: t.uplifting, drainingValence: t.draining, strength: t.strength, mixed: t.mixed },
    lean,
    topPro,
    topMal,
  );
  const driving = verdictDrivers(verdict, pro, mal);
  return { verdict, drivers: driving, lean, pro, mal };
}

/** The sides a verdict stands on: draining the mal side, uplifting the pro side, mixed both, neutral none. */
const SIDES: Record<Verdict, readonly Classification[]> = {
  draining: ['mal'],
  uplifting: ['pro'],
  mixed: ['mal', 'pro'],
  neutral: [],
};
const weakerOrEqual = (next: Verdict, before: Verdict) => SIDES[next].every((s) => SIDES[before].includes(s));

const nameOf = (id: CategoryId) => CATEGORIES[id]?.name ?? id;

/** The categories a label names: the strongest driver; for mixed, the draining side's and the uplifting side's. */
function categoriesText(verdict: Verdict, drivers: readonly CategoryId[]): string {
  if (verdict === 'neutral' || drivers.length === 0) return '';
  const named = verdict === 'mixed' ? drivers.slice(0, 2) : drivers.slice(0, 1);
  return named.map((id) => nameOf(id).toLowerCase()).join(' and ');
}

function label(
  verdict: Verdict,
  drivers: readonly CategoryId[],
  source: LinkLabel['source'],
  text: string,
): LinkLabel {
  return { verdict, category: drivers[0] ? nameOf(drivers[0]) : null, source, text, hide: false };
}

/** A page the person read: their stored verdict wins ("Draining when you read it: fear"). */
export function visitedLabel(read: ReadVerdict): LinkLabel {
  const named = categoriesText(read.verdict, read.drivers);
  return label(
    read.verdict,
    read.drivers,
    'visited',
    `${read.verdict.charAt(0).toUpperCase()}${read.verdict.slice(1)} when you read it${named ? `: ${named}` : ''}`,
  );
}

/**
 * A link's label from the analyzer's result on its headline and snippet (decision 159):
 *
 * 1. The analyzer's verdict and drivers: "Likely draining: fear", "Likely uplifting: joy", "Likely neutral",
 *    "Likely mixed: fear and joy".
 * 2. With the person's own sensitivities (null without a profile; a category missing from it is unknown):
 *    a. a category they are barely sensitive to (≤ BARELY_SENSITIVE) counts as absent: the verdict is decided
 *       again without it, and taken when that takes a side away ("Likely neutral for you" for a headline draining
 *       only by anger, to a person anger barely moves) or names the same verdict by other categories, never when
 *       it would add a side;
 *    b. a neutral headline that leans negative (lean < 0) with a category they are very sensitive to
 *       (≥ VERY_SENSITIVE) at the analyzer's own strength s is draining for them ("Likely draining for you:
 *       fear"); the same on the positive side for uplifting.
 * 3. A headline still neutral by a hair (lean at least half-way to the threshold and the side's strongest
 *    category at s/2 or more) from a site whose pages the person read were draining (uplifting) at least
 *    SITE_LEAN_SHARE of the time over SITE_LEAN_MIN_PAGES pages or more leans that way: "Likely draining: fear
 *    (this site is usually draining for you)".
 */
export function labelFor(
  result: HeadlineResult,
  sensitivities: Sensitivities | null,
  site: SiteHistory | null,
): LinkLabel {
  let verdict = result.verdict;
  let drivers: readonly CategoryId[] = result.drivers;
  let forYou = false;
  let scores: Scores = result.scores;

  if (sensitivities) {
    const barely = CATEGORY_IDS.filter((id) => {
      const s = sensitivities[id];
      return typeof s === 'number' && s <= BARELY_SENSITIVE && (scores[id] ?? 0) > 0;
    });
    if (barely.length > 0) scores = { ...scores, ...Object.fromEntries(barely.map((id) => [id, 0])) };
  }
  const personal = decideVerdict(result.valence, scores);
  if (scores !== result.scores && verdict !== 'neutral' && weakerOrEqual(personal.verdict, verdict)) {
    // The same verdict is named by the categories that move the person; a weaker one is theirs ("for you").
    forYou = personal.verdict !== verdict;
    verdict = personal.verdict;
    drivers = personal.drivers;
  }

  if (sensitivities && verdict === 'neutral') {
    const felt = (ranked: Ranked) =>
      ranked.find(
        (c) => (sensitivities[c.id] ?? 0) >= VERY_SENSITIVE && c.score >= VERDICT_THRESHOLDS.strength,
      );
    const mal = personal.lean < 0 ? felt(personal.mal) : undefined;
    const pro = personal.lean > 0 ? felt(personal.pro) : undefined;
    const strong = mal ?? pro;
    if (strong) {
      const next: Verdict = mal ? 'draining' : 'uplifting';
      return label(
        next,
        [strong.id],
        'headline',
        `Likely ${next} for you: ${nameOf(strong.id).toLowerCase()}`,
      );
    }
  }

  if (verdict === 'neutral' && site && site.pages >= SITE_LEAN_MIN_PAGES) {
    const t = VERDICT_THRESHOLDS;
    const topMal = personal.mal[0];
    const topPro = personal.pro[0];
    const leanTo: Verdict | null =
      site.draining / site.pages >= SITE_LEAN_SHARE &&
      personal.lean <= -HAIR * t.draining &&
      (topMal?.score ?? 0) >= HAIR * t.strength
        ? 'draining'
        : site.uplifting / site.pages >= SITE_LEAN_SHARE &&
            personal.lean >= HAIR * t.uplifting &&
            (topPro?.score ?? 0) >= HAIR * t.strength
          ? 'uplifting'
          : null;
    const driver = leanTo === 'draining' ? topMal : leanTo === 'uplifting' ? topPro : undefined;
    if (leanTo && driver) {
      return label(
        leanTo,
        [driver.id],
        'site',
        `Likely ${leanTo}: ${nameOf(driver.id).toLowerCase()} (this site is usually ${leanTo} for you)`,
      );
    }
  }

  const named = categoriesText(verdict, drivers);
  return label(
    verdict,
    drivers,
    'headline',
    `Likely ${verdict}${forYou ? ' for you' : ''}${named ? `: ${named}` : ''}`,
  );
}

/** The person's switches on a label: null when its verdict is switched off; `hide` for draining ones if chosen. */
export function withSettings(
  label: LinkLabel,
  settings: Pick<LabelSettings, 'verdicts' | 'hideDraining'>,
): LinkLabel | null {
  if (!settings.verdicts[label.verdict]) return null;
  return { ...label, hide: settings.hideDraining && label.verdict === 'draining' };
}

/** Every site's history with the person, from their read pages (keyed by site, host without `www.`). */
export function siteHistories(
  pages: Iterable<{ site: string | null; verdict: Verdict }>,
): Map<string, SiteHistory> {
  const out = new Map<string, SiteHistory>();
  for (const { site, verdict } of pages) {
    if (!site) continue;
    const h = out.get(site) ?? { pages: 0, draining: 0, uplifting: 0 };
    h.pages++;
    if (verdict === 'draining') h.draining++;
    if (verdict === 'uplifting') h.uplifting++;
    out.set(site, h);
  }
  return out;
}
