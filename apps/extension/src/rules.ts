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
  /** Sites ignored from the popup. */
  localIgnored: readonly string[];
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
  if (isHostProtected(u.hostname)) return 'protected';
  if (isHostIgnored(u.hostname, ctx.disabledDomains, ctx.localIgnored)) return 'ignored';
  if (ctx.pausedUntil > ctx.now) return 'paused';
  return null;
}

/** The host shown in the popup and added by "Ignore this site" (without a leading `www.`). */
export function siteHost(url: string): string | null {
  const u = parse(url);
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) return null;
  return u.hostname.replace(/^www\./, '').toLowerCase();
}
