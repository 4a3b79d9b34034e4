import { Readability } from '@mozilla/readability';

/**
 * The contract's TOUCHPOINT_TEXT_MAX, repeated so the content script does not bundle zod (the contract module
 * defines schemas at load); a unit test keeps the two equal.
 */
export const TEXT_MAX = 200_000;

export interface ExtractedPage {
  title: string;
  text: string;
}

/**
 * Control characters (U+0000–U+001F and U+007F) other than whitespace can sit in a page's text nodes but mean
 * nothing to a reader, and the server refuses NUL (PostgreSQL text cannot hold it): they are dropped.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000E-\u001F\u007F]/g;
const collapse = (s: string) => s.replace(CONTROL, '').replace(/\s+/g, ' ').trim();

/**
 * The readable title and text of a page: Readability on a clone (it mutates the document it gets), falling
 * back to the body's text when Readability finds no article. Text is capped at TEXT_MAX.
 */
export function extractReadable(doc: Document): ExtractedPage | null {
  let title = '';
  let text = '';
  try {
    const article = new Readability(doc.cloneNode(true) as Document, { charThreshold: 200 }).parse();
    title = collapse(article?.title ?? '');
    text = collapse(article?.textContent ?? '');
  } catch {
    // Readability throws on odd documents; the fallback below covers them.
  }
  if (!text) text = collapse(doc.body?.textContent ?? '');
  if (!title) title = collapse(doc.title);
  if (!text) return null;
  return { title: title.slice(0, 1000), text: text.slice(0, TEXT_MAX) };
}
