/**
 * The labels content script's messages as the background accepts them (decision 159): their shape checked, their
 * sizes capped. A request that does not fit is refused whole, with the reason in words; a headline or snippet
 * longer than the cap is cut (the content script cuts at the same lengths, `content/labels-sites.ts`).
 */
import { VERDICTS, type Verdict } from '@mediadiet/contract/analysis';
import { z } from 'zod';
import { LABEL_BATCH_MAX, type LabelEvents, type LabelRequest } from './protocol';

/** The longest headline and snippet labelled; longer ones are cut. */
export const HEADLINE_MAX = 300;
export const SNIPPET_MAX = 400;
/** The longest address accepted (a search engine's wrapped result link is long, a page's own far shorter). */
export const LABEL_URL_MAX = 8192;
/** The most labels of one verdict one report of events may count (a page reports every few seconds). */
export const LABEL_EVENTS_MAX = 10_000;

/** Whitespace folded, then cut to `max` characters. */
const text = (max: number) =>
  z.string().transform((s) => s.slice(0, max * 4).replace(/\s+/g, ' ').trim().slice(0, max));

const LinkSchema = z.object({
  url: z.string().max(LABEL_URL_MAX, `a link's address is longer than ${LABEL_URL_MAX} characters`),
  headline: text(HEADLINE_MAX),
  snippet: text(SNIPPET_MAX),
});

export const LabelRequestSchema = z.object({
  pageUrl: z.string().max(LABEL_URL_MAX, `the page's address is longer than ${LABEL_URL_MAX} characters`),
  links: z.array(LinkSchema).max(LABEL_BATCH_MAX, `at most ${LABEL_BATCH_MAX} links a request`),
});

const Count = z.number().int().min(0).max(LABEL_EVENTS_MAX);
const CountsSchema = z.strictObject(
  Object.fromEntries(VERDICTS.map((v) => [v, Count.optional()])) as Record<Verdict, z.ZodOptional<typeof Count>>,
);

export const LabelEventsSchema = z.object({ shown: CountsSchema, opened: CountsSchema });

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function parsed<T>(what: string, result: { success: true; data: T } | { success: false; error: z.ZodError }): Parsed<T> {
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { ok: false, error: `The ${what} is malformed (${where}${issue?.message ?? 'unknown shape'})` };
}

/** A `labelLinks` message: its page and links (cut to the caps), or why it is refused. */
export function parseLabelRequest(message: unknown): Parsed<LabelRequest> {
  return parsed('labels request', LabelRequestSchema.safeParse(message));
}

/** A `labelEvents` message: its counts by verdict, or why it is refused. */
export function parseLabelEvents(message: unknown): Parsed<LabelEvents> {
  return parsed('labels report', LabelEventsSchema.safeParse(message));
}
