import { ANALYSIS_SCORE_DECIMALS, INSIGHT_SCORE_DECIMALS } from '@mediadiet/contract/constants';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const zonedFormats = new Map<string, Intl.DateTimeFormat>();
const countFormat = new Intl.NumberFormat('en-US');
const longDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

function zonedFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = zonedFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      });
    } catch {
      return null;
    }
    zonedFormats.set(timeZone, format);
  }
  return format;
}

/**
 * "Jan 15, 2025, 10:00 AM" in the reader's time zone; with `timeZone` (the account's, when it is not the
 * browser's: lib/preferences.ts `useDisplayTimeZone`) in that zone and naming it, "Jan 15, 2025, 2:00 AM PST",
 * so that a page listed under a month shows a date of that month. An unreadable date is shown as given.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const format = timeZone === undefined ? dateTimeFormat : (zonedFormat(timeZone) ?? dateTimeFormat);
  return format.format(date);
}

/** "November 28, 2026": a day in the reader's time zone, written out (the printed report's date). */
export function formatLongDate(date: Date): string {
  return longDateFormat.format(date);
}

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/**
 * `value` with `decimals` decimals, rounding half away from zero on the number as it is written: 55.55 →
 * "55.6" (plain `toFixed` gives "55.5", because the double behind 55.55 is 55.549999…).
 */
export function toFixedDecimal(value: number, decimals: number): string {
  const written = String(Math.abs(value));
  if (!Number.isFinite(value) || written.includes('e')) return value.toFixed(decimals);
  const rounded = Math.round(Number(`${written}e${decimals}`));
  const text = Number(`${rounded}e-${decimals}`).toFixed(decimals);
  return value < 0 && rounded !== 0 ? `-${text}` : text;
}

/** A 0–100 analysis score as percent with 3 decimals (spec §3, §9): 42.5 → "42.500%". */
export function formatAnalysisScore(score: number): string {
  return `${toFixedDecimal(score, ANALYSIS_SCORE_DECIMALS)}%`;
}

/** A 0–1 probability as percent with 3 decimals: 0.76 → "76.000%". */
export function formatProbability(probability: number): string {
  return formatAnalysisScore(probability * 100);
}

/** A 0–100 insight score with one decimal (spec §9): 55 → "55.0%". */
export function formatInsightScore(score: number): string {
  return `${toFixedDecimal(score, INSIGHT_SCORE_DECIMALS)}%`;
}

/** A statistic (correlation, Bayes factor) with 3 decimals: 0.45 → "0.450". */
export function formatFigure(value: number): string {
  return toFixedDecimal(value, ANALYSIS_SCORE_DECIMALS);
}

/** EffectiveN is a count of evidence units, possibly fractional: "12" or "12.3". */
export function formatEffectiveN(value: number): string {
  return Number.isInteger(value) ? String(value) : toFixedDecimal(value, 1);
}

/**
 * The one form a site is shown in, everywhere (History and insight cards, the detail, Top Domains):
 * lower case, without a leading "www.".
 */
export function displayHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, '');
}

/** The site of a page: "https://www.news.example.com/a" → "news.example.com"; not a URL → as given. */
export function hostnameOf(url: string): string {
  try {
    return displayHost(new URL(url).hostname) || url;
  } catch {
    return url;
  }
}

/** A page title worth leading with (History cards, the detail): any text but blanks; otherwise the site leads. */
export function hasTitle(title: string | undefined): title is string {
  return title !== undefined && title.trim() !== '';
}
