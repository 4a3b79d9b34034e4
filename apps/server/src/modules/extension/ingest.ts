import { createHash } from 'node:crypto';
import type { TouchpointRequest } from '@mediadiet/contract/extension';
import { messages } from '@mediadiet/contract/messages';
import { DEFAULT_PROTECTED_DOMAINS, isHostIgnored } from '@mediadiet/contract/urls';
import type { Db } from '../../db/database.ts';
import { badRequest, httpError } from '../../http/errors.ts';
import type { UsageService } from '../billing/usage-service.ts';
import * as urlsRepo from '../urls/repository.ts';
import * as repo from './touchpoints-repository.ts';

/**
 * Touch-point ingest (decision 061): validate, refuse ignored/protected sites and our own pages, check the
 * plan's allowance (402 early), then store the row — the acknowledgement is given only once the row is
 * committed, so nothing acknowledged is lost. Scoring happens in the worker.
 */

/** 200 KB of page text (UTF-8 bytes); the contract also caps characters (TOUCHPOINT_TEXT_MAX). */
export const TOUCHPOINT_TEXT_MAX_BYTES = 200 * 1024;
/** The same user, URL and content within this window answer the first touch point's id. */
export const DEDUPE_WINDOW_MS = 30 * 60_000;
const MODEL_VERSION_MAX = 100;

export interface IngestService {
  ingest(userId: string, body: TouchpointRequest): Promise<{ id: string; created: boolean }>;
}

export function createIngestService(deps: {
  db: Db;
  usage: UsageService;
  /** The web app's own address: its pages are never captured. */
  publicUrl: string;
  /** Called after a new row is committed (wakes the local worker). */
  onQueued?: () => void;
}): IngestService {
  const { db, usage } = deps;
  const ownHost = new URL(deps.publicUrl).hostname.toLowerCase();

  return {
    async ingest(userId, body) {
      let parsed: URL;
      try {
        parsed = new URL(body.url);
      } catch {
        throw badRequest(`url: ${messages.server.touchpointUrlScheme}`);
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        throw badRequest(`url: ${messages.server.touchpointUrlScheme}`);
      }
      if (body.text !== undefined && Buffer.byteLength(body.text, 'utf8') > TOUCHPOINT_TEXT_MAX_BYTES) {
        throw badRequest(`text: ${messages.server.touchpointTextTooLarge}`);
      }
      if (body.scores?.modelVersion !== undefined && body.scores.modelVersion.length > MODEL_VERSION_MAX) {
        throw badRequest(`scores.modelVersion: ${messages.server.touchpointInvalidScores}`);
      }
      const host = parsed.hostname.toLowerCase();
      if (host === ownHost) throw httpError(422, messages.server.touchpointOwnSite);
      const userList = await urlsRepo.listDomains(db, userId);
      if (isHostIgnored(host, userList, DEFAULT_PROTECTED_DOMAINS)) {
        throw httpError(422, messages.server.touchpointIgnoredSite);
      }

      // Early refusal; the authoritative check-and-add (tryRecord) runs in the worker's transaction. For text
      // the tokens are not counted yet: a lower bound (English prose runs ~4–5 bytes per o200k token) refuses
      // a page that cannot fit, so the extension learns of the cap at once and never a page that could fit.
      const decision = await usage.canAccept(userId, body.scores?.tokens ?? minTokens(body.text ?? ''));
      if (!decision.ok) throw httpError(decision.statusCode, decision.message);

      // Device mode: the scores are the analysis; text (if also sent) is not needed and not stored.
      const scores = body.scores ?? null;
      const text = scores ? null : (body.text ?? '');
      const contentHash = createHash('sha256')
        .update(body.title)
        .update('\u0000')
        .update(scores ? `scores:${JSON.stringify(scores)}` : `text:${text}`)
        .digest('hex');

      // Fragments never change the page; keep the URL without one.
      parsed.hash = '';
      const result = await repo.insertOrFindRecent(
        db,
        {
          userId,
          url: parsed.toString(),
          host,
          title: body.title,
          text,
          scores,
          contentHash,
          capturedAt: new Date(body.capturedAt),
        },
        DEDUPE_WINDOW_MS,
      );
      if (result.created) deps.onQueued?.();
      return result;
    },
  };
}

/** A lower bound of a text's token count, without tokenizing it: one token per 8 bytes of UTF-8. */
export function minTokens(text: string): number {
  return Math.floor(Buffer.byteLength(text, 'utf8') / 8);
}
