import { DEFAULT_TIME_ZONE } from '@mediadiet/contract/preferences';

/**
 * IANA time zones in the browser (decisions 154, 155): the browser's own, the list Settings offers, and
 * comparing two names. The server keeps a zone in the spelling its runtime calls canonical, which need not be
 * the browser's (Node says "Asia/Calcutta" where a newer browser says "Asia/Kolkata"): compare with `sameZone`.
 */

export { DEFAULT_TIME_ZONE };

/** The browser's zone ("Europe/Berlin"); UTC when it cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

const canonical = new Map<string, string | null>();

/** The browser's canonical spelling of a zone; null when the browser does not know it. */
export function canonicalZone(zone: string): string | null {
  let known = canonical.get(zone);
  if (known === undefined) {
    try {
      known = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      known = null;
    }
    canonical.set(zone, known);
  }
  return known;
}

const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/UCT', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu']);

/** UTC under any of its names. */
export function isUtc(zone: string): boolean {
  return UTC_NAMES.has(zone) || UTC_NAMES.has(canonicalZone(zone) ?? '');
}

/** Whether two names are the same zone. */
export function sameZone(a: string, b: string): boolean {
  if (a === b) return true;
  if (isUtc(a) && isUtc(b)) return true;
  const ca = canonicalZone(a);
  return ca !== null && ca === canonicalZone(b);
}

/** The zones Settings offers: the browser's list, with UTC first (the browser's list leaves it out). */
export function listTimeZones(): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return [DEFAULT_TIME_ZONE, ...zones.filter((zone) => !isUtc(zone))];
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `now`, as people write it: "GMT+1", "GMT-3:30", "GMT". */
export function zoneOffsetLabel(zone: string, now: Date = new Date()): string {
  let format = offsetFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' });
    } catch {
      return '';
    }
    offsetFormats.set(zone, format);
  }
  return format.formatToParts(now).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** The time of day at `now` in `zone`: "2:05 PM". */
export function timeIn(zone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(
      now,
    );
  } catch {
    return '';
  }
}

/** The calendar day `now` falls on in `zone` (`YYYY-MM-DD`); the browser's zone when none is given. */
export function dayIn(now: Date, zone?: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** A zone as a person reads it: "America/New_York" → "America/New York". */
export function zoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ');
}
