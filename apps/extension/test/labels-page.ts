import type { Fixture } from './labels-fixtures';

/** The JSDOM instance behind vitest's jsdom environment (it can move the document to another address). */
const dom = (globalThis as unknown as { jsdom: { reconfigure(o: { url: string }): void } }).jsdom;

/** Shows a fixture page in the test's document, at the fixture's address. */
export function loadPage(fixture: Fixture): void {
  dom.reconfigure({ url: fixture.url });
  document.head.innerHTML = fixture.head ?? '';
  document.body.innerHTML = fixture.body;
  document.body.removeAttribute('style');
  document.documentElement.removeAttribute('style');
}
