/**
 * Readability 0.6 assigns HTML strings to `innerHTML` twice, which Firefox's add-on linter reports as unsafe
 * (UNSAFE_VAR_ASSIGNMENT; it ignores the library's own eslint-disable comments). Neither can run a page's
 * script — Readability works on a clone of the page — but the same work without HTML strings is as short:
 * - `grabArticle` keeps the page's HTML to start again after an attempt that found too little text: here it keeps
 *   a clone of the page's nodes and puts a fresh copy of them back (no serialising, no parsing);
 * - `_unwrapNoscriptImages` parses a `<noscript>`'s markup to find its image: here with DOMParser, whose
 *   document is inert (no script, no loading), and moves the parsed nodes in.
 * The build applies these to `@mozilla/readability/Readability.js` as it bundles the capture script, and fails if
 * a Readability update changed a line below (decision 161); `test/readability-patch.test.ts` checks the patched
 * library extracts what the original does.
 */
import { readFile } from 'node:fs/promises';
import type * as esbuild from 'esbuild';

export const READABILITY_PATCHES = [
  { find: 'var pageCacheHtml = page.innerHTML;', replace: 'var pageCacheNodes = page.cloneNode(true);' },
  {
    find: 'page.innerHTML = pageCacheHtml;',
    replace: 'page.replaceChildren(...pageCacheNodes.cloneNode(true).childNodes);',
  },
  {
    find: 'tmp.innerHTML = noscript.innerHTML;',
    replace:
      'tmp.replaceChildren(...new DOMParser().parseFromString(noscript.innerHTML, "text/html").body.childNodes);',
  },
] as const;

/** Readability's source with the patches applied; throws when one does not match exactly once. */
export function patchReadability(source: string): string {
  let out = source;
  for (const { find, replace } of READABILITY_PATCHES) {
    const count = out.split(find).length - 1;
    if (count !== 1) {
      throw new Error(
        `@mozilla/readability changed: expected "${find}" once, found it ${count} times; update scripts/readability-patch.ts`,
      );
    }
    out = out.replace(find, replace);
  }
  if (/\.innerHTML\s*=[^=]/.test(out)) throw new Error('@mozilla/readability assigns innerHTML somewhere new; update scripts/readability-patch.ts');
  return out;
}

/** The esbuild plugin that bundles the patched Readability. */
export const readabilityPatchPlugin: esbuild.Plugin = {
  name: 'readability-without-innerhtml',
  setup(build) {
    build.onLoad({ filter: /[\\/]@mozilla[\\/]readability[\\/]Readability\.js$/ }, async (args) => ({
      contents: patchReadability(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
