import { captureUrlProblem } from '@mediadiet/contract/capture';
import { isHostIgnored, isHostProtected } from '@mediadiet/contract/urls';

import type { SkipReason } from './skip-reasons';

export type { SkipReason };

export interface CaptureContext {
  webOrigin: string;
  apiBase: string;
  incognito: boolean;
  pausedUntil: number;
  now: number;
  /** The server's disabled list (the user's sites and the default protected ones). */
  disabledDomains: readonly string[];
  /** Sites ignored from the popup on this browser only (before the account's list took them, or offline). */
  localIgnored: readonly string[];
  /** Whether the person agreed to what the extension reads and sends (the consent page, decision 115). */
  consented: boolean;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The first rule that forbids capturing `url`, or null. Order: the most fundamental reason first. */
export function skipReason(url: string, ctx: CaptureContext): SkipReason | null {
  const u = parse(url);
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) return 'not-http';
  if (u.origin === ctx.webOrigin || u.origin === new URL(ctx.apiBase).origin) return 'web-app';
  if (ctx.incognito) return 'private';
  // The contract's capture rules (decisions 112 and 165), the same the server enforces: private hosts, credentials
  // and search results pages, before the site's lists (a search page of an ignored engine is still a search page).
  const problem = captureUrlProblem(u);
  if (problem === 'credentials' || problem === 'private-network' || problem === 'search') return problem;
  if (isHostProtected(u.hostname)) return 'protected';
  if (isHostIgnored(u.hostname, ctx.disabledDomains, ctx.localIgnored)) return 'ignored';
  if (ctx.pausedUntil > ctx.now) return 'paused';
  if (!ctx.consented) return 'no-consent';
  return null;
}

/** The host shown in the popup and added by "Ignore this site" (without a leading `www.`). */
export function siteHost(url: string): string | null {
  const u = parse(url);
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) return null;
  return u.hostname.replace(/^www\./, '').toLowerCase();
}
