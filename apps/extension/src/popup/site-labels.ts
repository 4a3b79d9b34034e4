/**
 * The popup's "Label links on this site" (decision 159): the site's switch, written to the labels settings at
 * once (the labels content script and the background follow them, so open tabs change without a reload), and the
 * links that open the options page.
 */
import type { BrowserApi } from '../browser';
import { changeLabelSettings, LABELS_STORAGE_KEY, loadLabelSettings, withSiteLabels } from '../labels/settings';
import { renderSiteLabels } from './view';

/** Shows and wires the switch for the site `host()` names (null: no web page); resolves once it is shown. */
export function setUpSiteLabels(doc: Document, browser: BrowserApi, host: () => string | null): Promise<void> {
  const storage = browser.storage.local;
  const fail = (error: unknown) => console.error('Media Diet popup:', error);
  const show = () => loadLabelSettings(storage).then((settings) => renderSiteLabels(doc, settings, host()));
  doc.getElementById('site-labels')?.addEventListener('change', (event) => {
    const site = host();
    if (!site) return;
    const on = (event.target as HTMLInputElement).checked;
    void changeLabelSettings(storage, (s) => withSiteLabels(s, site, on))
      .then((settings) => renderSiteLabels(doc, settings, site))
      .catch(fail);
  });
  browser.storage.onChanged?.addListener((changes, area) => {
    if (area === 'local' && LABELS_STORAGE_KEY in changes) void show().catch(fail);
  });
  // The browser's own way to the options page (it shows the tab when one is open); the link's address otherwise.
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a.options-link')) {
    link.addEventListener('click', (event) => {
      if (!browser.runtime.openOptionsPage) return;
      event.preventDefault();
      void browser.runtime.openOptionsPage().then(() => doc.defaultView?.close(), fail);
    });
  }
  return show().catch(fail);
}
