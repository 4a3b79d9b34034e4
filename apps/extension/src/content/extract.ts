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

/** The private parts of Readability 0.6 this module replaces on its instance (see `textReadability`). */
interface ReadabilityInternals {
  _isValidByline?: (node: Element, matchString: string) => boolean;
  _fixRelativeUris?: (articleContent: Element) => void;
  REGEXPS?: { byline?: RegExp };
}

/**
 * Readability for the article's text only, with the work that cannot change the text left out
 * (decision 139); the extracted text is the same:
 * - the byline check asks every element it visits, until it has a byline, `textContent.trim().length`
 *   first and only then whether the element can be a byline at all (rel="author", itemprop "author", a
 *   class/id like "byline"); on a page whose byline comes late or not at all that reads the text of every
 *   container. Here the cheap conditions come first and the text is read only for a candidate;
 * - links and images are not rewritten to absolute addresses (`_fixRelativeUris`: attributes only);
 * - classes are kept (`keepClasses`) and the article is not serialised to HTML (`serializer`): only its
 *   `textContent` is used.
 * If a Readability update renames a private method, it is not replaced and extraction is only slower.
 */
function textReadability(doc: Document): Readability<Element> {
  const reader = new Readability(doc, {
    charThreshold: 200,
    keepClasses: true,
    serializer: (element) => element as Element,
  });
  const internals = reader as unknown as ReadabilityInternals;
  const byline = internals.REGEXPS?.byline;
  if (typeof internals._isValidByline === 'function' && byline instanceof RegExp) {
    internals._isValidByline = (node, matchString) => {
      const rel = node.getAttribute('rel');
      const itemprop = node.getAttribute('itemprop');
      if (!(rel === 'author' || itemprop?.includes('author') || byline.test(matchString))) return false;
      const length = (node.textContent ?? '').trim().length;
      return length > 0 && length < 100;
    };
  }
  if (typeof internals._fixRelativeUris === 'function') internals._fixRelativeUris = () => undefined;
  return reader;
}

/**
 * The readable title and text of a page: Readability on a clone (it mutates the document it gets), falling
 * back to the body's text when Readability finds no article. Text is capped at TEXT_MAX.
 */
export function extractReadable(doc: Document): ExtractedPage | null {
  let title = '';
  let text = '';
  try {
    const article = textReadability(doc.cloneNode(true) as Document).parse();
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
