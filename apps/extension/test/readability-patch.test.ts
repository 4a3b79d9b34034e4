// @vitest-environment jsdom
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { patchReadability, READABILITY_PATCHES } from '../scripts/readability-patch';

const require = createRequire(import.meta.url);
const original = readFileSync(require.resolve('@mozilla/readability/Readability.js'), 'utf8');

type ReadabilityClass = new (doc: Document, options?: Record<string, unknown>) => {
  parse(): { title: string; textContent: string; content: string } | null;
};

const dir = mkdtempSync(path.join(tmpdir(), 'mediadiet-readability-'));
let loaded = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** The library's constructor from its source (CommonJS: it assigns module.exports), from a file of its own. */
function load(source: string): ReadabilityClass {
  const file = path.join(dir, `Readability-${(loaded += 1)}.cjs`);
  writeFileSync(file, source);
  return require(file) as ReadabilityClass;
}

const parse = (Readability: ReadabilityClass, html: string) =>
  new Readability(new DOMParser().parseFromString(html, 'text/html')).parse();

const paragraph = (n: number) =>
  `<p>Paragraph ${n}: the council met on Tuesday, and the long debate about the river, the bridge and the budget, went on well into the night, with residents, shopkeepers and teachers speaking in turn.</p>`;

/** An article with an image inside <noscript> after its lazy placeholder (Readability moves the real one out). */
const ARTICLE = `<html><head><title>Council debate</title></head><body>
  <nav class="menu"><a href="/">Home</a> <a href="/news">News</a></nav>
  <article><h1>Council debate</h1>
    <figure><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" class="lazy"><noscript><img src="https://news.example.com/bridge.jpg" alt="The bridge"></noscript></figure>
    ${[1, 2, 3, 4, 5, 6].map(paragraph).join('\n')}
  </article>
  <footer class="footer">Contact · Privacy</footer>
</body></html>`;

/** Too little text for the first attempts: Readability starts again from the kept page, more than once. */
const SHORT = `<html><head><title>Note</title></head><body>
  <div class="sidebar"><p>Related: a story about the weather this week and the week after.</p></div>
  <div class="content"><p>A short note on the library's new opening hours, from Monday on.</p></div>
</body></html>`;

describe('Readability without innerHTML (decision 161)', () => {
  it('the patched source assigns innerHTML nowhere; each patch matched once', () => {
    const patched = patchReadability(original);
    expect(original).toMatch(/\.innerHTML\s*=[^=]/);
    expect(patched).not.toMatch(/\.innerHTML\s*=[^=]/);
    for (const { replace } of READABILITY_PATCHES) expect(patched).toContain(replace);
  });

  it('refuses a source a patch does not match (a Readability update), naming the line', () => {
    expect(() => patchReadability(original.replace('tmp.innerHTML = noscript.innerHTML;', 'tmp.innerHTML = x;'))).toThrow(
      /expected "tmp\.innerHTML = noscript\.innerHTML;" once, found it 0 times/,
    );
  });

  it.each([
    ['an article with a <noscript> image', ARTICLE],
    ['a page too short for the first attempts', SHORT],
  ])('extracts from %s what the original does', (_name, html) => {
    const before = parse(load(original), html);
    const after = parse(load(patchReadability(original)), html);
    expect(after).toEqual(before);
    if (html === ARTICLE) {
      expect(after?.textContent).toContain('Paragraph 6');
      expect(after?.content).toContain('https://news.example.com/bridge.jpg');
    }
  });
});
