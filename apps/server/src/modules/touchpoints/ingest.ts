import { createHash } from 'node:crypto';
import { captureUrlProblem, cleanCaptureUrl } from '@mediadiet/contract/capture';
import { TOKENS_PER_TOUCHPOINT, TOUCHPOINT_TEXT_MIN } from '@mediadiet/contract/constants';
import { implausibleScores, type TouchpointRequest } from '@mediadiet/contract/extension';
import { messages } from '@mediadiet/contract/messages';
import { isHostProtected } from '@mediadiet/contract/urls';
import type { Db } from '../../db/database.ts';
import { badRequest, httpError } from '../../http/errors.ts';
import { DAY, HOUR, systemClock, type Clock } from '../../lib/clock.ts';
import { groupBatches } from '../../lib/group-batches.ts';
import type { UsageService } from '../billing/usage-service.ts';
import * as repo from './repository.ts';

/**
 * Touch-point ingest (decision 061): validate, refuse what is never captured (decisions 112 and 165: private hosts,
 * credentials, search pages), ignored/protected sites and our own pages, check the plan's allowance (402 early)
 * and store the row, in one statement — the acknowledgement is given once the row is committed, so nothing
 * acknowledged is lost. Scoring happens in the worker.
 */

/** 200 KB of page text (UTF-8 bytes); the contract also caps characters (TOUCHPOINT_TEXT_MAX). */
export const TOUCHPOINT_TEXT_MAX_BYTES = 200 * 1024;
/** The same user, URL and content within this window answer the first touch point's id. */
export const DEDUPE_WINDOW_MS = 30 * 60_000;
const MODEL_VERSION_MAX = 100;
/** A capture time is accepted from this long ago (a page read offline waits in the extension's queue)… */
export const CAPTURED_AT_MAX_AGE_DAYS = 30;
/** …up to this far ahead of the server's clock (a device clock that runs a little fast). */
const CAPTURED_AT_MAX_AHEAD_MS = HOUR;

/**
 * What an upload is billed (decision 114). Server mode: the worker counts the text's tokens. Device mode: the
 * server cannot count them, so the extension's claim is taken within bounds — at least one whole touch point
 * per page (a claim of 0 tokens buys nothing), and never more than a page can hold (checked before).
 */
export function deviceBilledTokens(claimed: number): number {
  return Math.max(TOKENS_PER_TOUCHPOINT, Math.round(claimed));
}

export interface IngestService {
  ingest(userId: string, body: TouchpointRequest): Promise<{ id: string; created: boolean }>;
  /** When one of the user's touch points was last updated (a done one: analysed and billed), inside `tx`; null if none. */
  billedAtIn(tx: Db, userId: string, id: string): Promise<Date | null>;
  /** Removes one of the user's touch points inside `tx` ("Forget this page": its analysis goes with it). */
  removeIn(tx: Db, userId: string, id: string): Promise<void>;
}

export function createIngestService(deps: {
  db: Db;
  usage: UsageService;
  /** The web app's own address: its pages are never captured. */
  publicUrl: string;
  /** The server's clock (capture times are bounded by it). */
  clock?: Clock;
  /** Called after a new row is committed (wakes the local worker). */
  onQueued?: () => void;
  /** The database is one connection that runs each statement alone (PGlite): one batch at a time. */
  singleConnection?: boolean;
}): IngestService {
  const { db, usage } = deps;
  const ownHost = new URL(deps.publicUrl).hostname.toLowerCase();
  const singleConnection = deps.singleConnection ?? false;
  const clock = deps.clock ?? systemClock;
  // Concurrent uploads share statements (group commit): one statement per batch — the ignored lists, the
  // allowance, the duplicates and the insert (repository.ts `enqueueMany`, decision 098). PGlite runs
  // one statement at a time anyway, so one batch at a time; PostgreSQL runs a few at once.
  const concurrency = singleConnection ? 1 : 4;
  const store = groupBatches(
    (rows: readonly repo.MeteredTouchpoint[]) =>
      repo.enqueueMany(db, rows, { windowMs: DEDUPE_WINDOW_MS, allowance: usage.terms }),
    { maxItems: 32, concurrency, weight: (row) => row.text?.length ?? 0, maxWeight: 2_000_000 },
  );

  return {
    async ingest(userId, body) {
      let parsed: URL;
      try {
        parsed = new URL(body.url);
      } catch {
        throw badRequest(`url: ${messages.server.touchpointUrlScheme}`);
      }
      // The capture rules every extension applies (decision 112), enforced here for old or modified ones.
      const problem = captureUrlProblem(parsed);
      if (problem === 'not-http') throw badRequest(`url: ${messages.server.touchpointUrlScheme}`);
      if (problem === 'credentials') throw httpError(422, messages.server.touchpointCredentials);
      if (problem === 'private-network') throw httpError(422, messages.server.touchpointPrivateNetwork);
      if (problem === 'search') throw httpError(422, messages.server.touchpointSearchPage);
      const capturedAt = new Date(body.capturedAt);
      const now = clock().getTime();
      if (
        !(capturedAt.getTime() >= now - CAPTURED_AT_MAX_AGE_DAYS * DAY) ||
        capturedAt.getTime() > now + CAPTURED_AT_MAX_AHEAD_MS
      ) {
        throw badRequest(`capturedAt: ${messages.server.touchpointCapturedAt(CAPTURED_AT_MAX_AGE_DAYS)}`);
      }
      // One pass over the text for its size; the token lower bound below is derived from it.
      const textBytes = body.text === undefined ? 0 : Buffer.byteLength(body.text, 'utf8');
      if (textBytes > TOUCHPOINT_TEXT_MAX_BYTES) {
        throw badRequest(`text: ${messages.server.touchpointTextTooLarge}`);
      }
      if (body.scores?.modelVersion !== undefined && body.scores.modelVersion.length > MODEL_VERSION_MAX) {
        throw badRequest(`scores.modelVersion: ${messages.server.touchpointInvalidScores}`);
      }
      if (body.scores) {
        const implausible = implausibleScores(body.scores);
        if (implausible) {
          throw badRequest(`scores.${implausible.path}: ${messages.server.touchpointInvalidScores}: ${implausible.reason}`);
        }
      } else if (!hasReadableText(body.text ?? '', TOUCHPOINT_TEXT_MIN)) {
        // A near-empty page ("No results") is neither stored, analysed nor billed.
        throw httpError(422, messages.server.touchpointTooShort(TOUCHPOINT_TEXT_MIN));
      }
      const host = parsed.hostname.toLowerCase();
      if (host === ownHost) throw httpError(422, messages.server.touchpointOwnSite);
      if (isHostProtected(host)) throw httpError(422, messages.server.touchpointIgnoredSite);

      // Device mode: the scores are the analysis; text (if also sent) is not needed and not stored.
      const scores = body.scores ? { ...body.scores, tokens: deviceBilledTokens(body.scores.tokens) } : null;
      const text = scores ? null : (body.text ?? '');
      const hash = createHash('sha256').update(body.title).update('\u0000');
      // Fed in parts: the page text is never copied into a bigger string.
      if (scores) hash.update(`scores:${JSON.stringify(scores)}`);
      else hash.update('text:').update(text ?? '');
      const contentHash = hash.digest('hex');

      // One statement, shared with the uploads of the same batch (repository.ts `enqueueMany`), answered
      // once committed. Its allowance check is the early refusal (402 at once); the authoritative check-and-add
      // runs in the worker's transaction. For text the tokens are not counted yet: a lower bound (English prose
      // runs ~4–5 bytes per o200k token) refuses a page that cannot fit, so the extension learns of the cap at
      // once and never a page that could fit. An ignored site answers 422 whatever the allowance.
      const result = await store({
        userId,
        // Without credentials, fragment and query (but the site's content parameters): decision 112.
        url: cleanCaptureUrl(parsed),
        host,
        title: body.title,
        text,
        scores,
        contentHash,
        capturedAt,
        tokens: scores?.tokens ?? Math.floor(textBytes / MIN_BYTES_PER_TOKEN),
      });
      if (result.kind === 'ignored') throw httpError(422, messages.server.touchpointIgnoredSite);
      if (result.kind === 'refused') {
        const refusal = usage.refusal(result.subscription);
        throw httpError(refusal.statusCode, refusal.message);
      }
      if (result.kind === 'created') deps.onQueued?.();
      return { id: result.id, created: result.kind === 'created' };
    },
    async billedAtIn(tx, userId, id) {
      return (await repo.findTouchpoint(tx, userId, id))?.updatedAt ?? null;
    },
    removeIn: (tx, userId, id) => repo.deleteTouchpoint(tx, userId, id),
  };
}

/**
 * Whether `text` holds at least `min` characters once runs of whitespace count as one and the ends are trimmed
 * (what the extension sends is already collapsed). Stops as soon as it has seen enough: no copy of the page.
 */
function hasReadableText(text: string, min: number): boolean {
  let count = 0;
  let pendingSpace = false;
  for (let i = 0; i < text.length && count < min; i++) {
    if (/\s/.test(text[i]!)) {
      pendingSpace = count > 0;
      continue;
    }
    count += pendingSpace ? 2 : 1;
    pendingSpace = false;
  }
  return count >= min;
}

/** No o200k token of UTF-8 text is longer than this many bytes on average (the early check's lower bound). */
const MIN_BYTES_PER_TOKEN = 8;

/** A lower bound of a text's token count, without tokenizing it: one token per 8 bytes of UTF-8. */
export function minTokens(text: string): number {
  return Math.floor(Buffer.byteLength(text, 'utf8') / MIN_BYTES_PER_TOKEN);
}
