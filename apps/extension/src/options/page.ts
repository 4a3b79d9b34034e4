/**
 * The options page (decision 162): link labels (read and written through src/labels/settings.ts, which the
 * labels content script and the background follow), the pause, the keyboard shortcut that pauses, and the
 * ignored sites (the account's list through the background, which holds the key; sites ignored on this browser).
 * Plain DOM over options.html, as the popup.
 */
import { VERDICTS, type Verdict } from '@mediadiet/contract/analysis';
import type { BrowserApi } from '../browser';
import {
  addedSites,
  builtInSite,
  BUILT_IN_SITES,
  changeLabelSettings,
  LABELS_STORAGE_KEY,
  loadLabelSettings,
  withSiteLabels,
  type LabelSettings,
} from '../labels/settings';
import { PAUSE_SHORTCUT } from '../manifest';
import { sendInternal, type OptionsState } from '../messaging';
import { PAUSE_CHOICES, pauseRequest, pauseStatusText } from '../pause-time';
import { VERDICT_TEXT } from '../popup/view';
import { readTypedSite } from '../typed-site';

const el = <T extends HTMLElement = HTMLElement>(doc: Document, id: string) => doc.getElementById(id) as T;

/** Which browser the page runs in, for the way to its shortcuts page. */
export type BrowserKind = 'chromium' | 'firefox';

export function browserKind(browser: Pick<BrowserApi, 'runtime'>): BrowserKind {
  return browser.runtime.getURL?.('').startsWith('moz-extension:') ? 'firefox' : 'chromium';
}

/** Chromium's page of extension shortcuts (Edge opens its own from this address). */
export const CHROMIUM_SHORTCUTS_URL = 'chrome://extensions/shortcuts';

/** The pause shortcut as the browser has it (the person may have changed or cleared it); null: none set. */
export function pauseShortcut(commands: { name?: string; shortcut?: string }[]): string | null {
  const shortcut = commands.find((c) => c.name === PAUSE_SHORTCUT.name)?.shortcut?.trim();
  return shortcut ? shortcut : null;
}

/** What the shortcut section says: the shortcut and what it does, and how to change it in this browser. */
export function shortcutTexts(shortcut: string | null, kind: BrowserKind): { current: string; how: string } {
  return {
    current: shortcut
      ? `${shortcut} pauses reading for 1 hour, or resumes it when paused.`
      : 'No shortcut is set for pausing. You can choose one.',
    how:
      kind === 'firefox'
        ? 'To change it, open about:addons, choose the gear button, then Manage Extension Shortcuts.'
        : `To change it, open ${CHROMIUM_SHORTCUTS_URL} (in Edge: edge://extensions/shortcuts).`,
  };
}

/** A built-in site's own switch: its stored choice, or its default. */
function builtInOn(settings: LabelSettings, host: string, byDefault: boolean): boolean {
  return settings.sites[host] ?? byDefault;
}

/** Builds the switches that never change (the built-in sites, the verdicts), once. */
function setUp(doc: Document): void {
  if (el(doc, 'search-sites').childElementCount > 0) return;
  for (const site of BUILT_IN_SITES) {
    const li = doc.createElement('li');
    const label = doc.createElement('label');
    label.className = 'toggle';
    const input = doc.createElement('input');
    input.type = 'checkbox';
    input.id = `site-${site.host}`;
    input.dataset.site = site.host;
    const name = doc.createElement('span');
    const host = doc.createElement('span');
    host.className = 'host-hint';
    host.textContent = site.host;
    name.append(`${site.name} `, host);
    label.append(input, name);
    li.append(label);
    el(doc, site.kind === 'search' ? 'search-sites' : 'news-sites').append(li);
  }
  for (const verdict of VERDICTS) {
    const li = doc.createElement('li');
    const label = doc.createElement('label');
    label.className = 'toggle';
    const input = doc.createElement('input');
    input.type = 'checkbox';
    input.id = `verdict-${verdict}`;
    input.dataset.verdict = verdict;
    const name = doc.createElement('span');
    const strong = doc.createElement('strong');
    strong.textContent = VERDICT_TEXT[verdict].name;
    name.append(strong, `: ${VERDICT_TEXT[verdict].meaning}`);
    label.append(input, name);
    li.append(label);
    el(doc, 'verdicts').append(li);
  }
}

/** A list item: the site, and a Remove button naming it. */
function siteItem(doc: Document, host: string, removeData: 'label' | 'local', extra?: string): HTMLLIElement {
  const li = doc.createElement('li');
  const name = doc.createElement('span');
  name.className = 'host';
  name.textContent = host;
  li.append(name);
  if (extra) {
    const hint = doc.createElement('span');
    hint.className = 'host-hint';
    hint.textContent = extra;
    li.append(hint);
  }
  const remove = doc.createElement('button');
  remove.type = 'button';
  remove.className = 'quiet';
  remove.dataset.remove = removeData;
  remove.dataset.host = host;
  remove.textContent = 'Remove';
  remove.setAttribute('aria-label', `Remove ${host}`);
  li.append(remove);
  return li;
}

/** The labels section from the stored settings; enables its controls. */
export function renderLabels(doc: Document, settings: LabelSettings): void {
  setUp(doc);
  const enabled = el<HTMLInputElement>(doc, 'labels-enabled');
  enabled.checked = settings.enabled;
  enabled.disabled = false;
  el(doc, 'labels-off-note').hidden = settings.enabled;
  for (const site of BUILT_IN_SITES) {
    el<HTMLInputElement>(doc, `site-${site.host}`).checked = builtInOn(settings, site.host, site.on);
  }
  const added = addedSites(settings);
  el(doc, 'added-sites').replaceChildren(
    ...added.map((s) => siteItem(doc, s.host, 'label', s.on ? undefined : 'not labelled')),
  );
  el(doc, 'added-sites-empty').hidden = added.length > 0;
  for (const verdict of VERDICTS) el<HTMLInputElement>(doc, `verdict-${verdict}`).checked = settings.verdicts[verdict];
  const hide = el<HTMLInputElement>(doc, 'hide-draining');
  hide.checked = settings.hideDraining;
  hide.disabled = false;
}

/** The pause and the ignored sites, as the background answered; enables their controls. */
export function renderOptionsState(doc: Document, s: OptionsState, now: number): void {
  const paused = s.pausedUntil > now;
  el(doc, 'pause-status').textContent = pauseStatusText(s.pausedUntil, now);
  for (const choice of PAUSE_CHOICES) el<HTMLButtonElement>(doc, choice.id).disabled = false;
  const resume = el<HTMLButtonElement>(doc, 'resume');
  resume.hidden = !paused;
  resume.disabled = false;

  const note = el(doc, 'account-note');
  const list = el(doc, 'account-sites');
  if (!s.connected) {
    note.textContent =
      'This browser is not connected to your account. Sites you add are ignored on this browser until you connect it.';
  } else if (s.account === null) {
    note.textContent = 'Your account could not be reached, so its list cannot be shown now.';
  } else {
    note.textContent = s.account.length === 0 ? 'No sites yet.' : '';
  }
  note.hidden = note.textContent === '';
  list.replaceChildren(
    ...(s.account ?? []).map((host) => {
      const li = doc.createElement('li');
      const name = doc.createElement('span');
      name.className = 'host';
      name.textContent = host;
      li.append(name);
      return li;
    }),
  );
  list.hidden = (s.account ?? []).length === 0;
  // The extension's key may add to the account's list, never remove from it (the contract's authAlternatives).
  el(doc, 'account-remove').hidden = !s.connected;
  el<HTMLAnchorElement>(doc, 'manage-link').href = s.manageUrl;
  el<HTMLInputElement>(doc, 'ignored-site').disabled = false;
  el<HTMLButtonElement>(doc, 'ignored-site-add').disabled = false;

  el(doc, 'local-block').hidden = s.local.length === 0;
  el(doc, 'local-sites').replaceChildren(...s.local.map((host) => siteItem(doc, host, 'local')));
}

/** The shortcut section: the current shortcut, how to change it, and a button to the browser's page when it can. */
export function renderShortcut(doc: Document, shortcut: string | null, kind: BrowserKind, canOpen: boolean): void {
  const texts = shortcutTexts(shortcut, kind);
  el(doc, 'shortcut-current').textContent = texts.current;
  el(doc, 'shortcut-how').textContent = texts.how;
  el(doc, 'shortcut-open').hidden = !canOpen;
}

/** A form's message under its field: what is wrong (the field is marked invalid), or nothing. */
function fieldError(doc: Document, inputId: string, error: string | null): void {
  const input = el<HTMLInputElement>(doc, inputId);
  el(doc, `${inputId}-error`).textContent = error ?? '';
  if (error) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

export interface OptionsPage {
  /** Resolves when the page has shown what it loaded. */
  ready: Promise<void>;
}

/** Loads, renders and wires the options page. */
export function startOptions(doc: Document, browser: BrowserApi, now: () => number = Date.now): OptionsPage {
  const storage = browser.storage.local;
  const kind = browserKind(browser);
  let state: OptionsState | null = null;
  let pauseTimer: ReturnType<typeof setTimeout> | undefined;

  const showLabels = async () => renderLabels(doc, await loadLabelSettings(storage));
  const showState = (next: OptionsState) => {
    state = next;
    renderOptionsState(doc, next, now());
    // The page says "Not paused" once the pause ends by itself.
    clearTimeout(pauseTimer);
    if (next.pausedUntil > now()) {
      pauseTimer = setTimeout(() => state && showState(state), Math.min(next.pausedUntil - now() + 500, 2 ** 31 - 1));
    }
  };
  const change = (fn: (s: LabelSettings) => LabelSettings) =>
    changeLabelSettings(storage, fn).then((s) => {
      renderLabels(doc, s);
      return s;
    });
  const fail = (error: unknown) => console.error('Media Diet options:', error);

  // Labels: every switch writes the settings at once; open tabs follow them without a reload.
  el(doc, 'labels-enabled').addEventListener('change', (e) => {
    const on = (e.target as HTMLInputElement).checked;
    void change((s) => ({ ...s, enabled: on })).catch(fail);
  });
  for (const id of ['search-sites', 'news-sites']) {
    el(doc, id).addEventListener('change', (e) => {
      const input = e.target as HTMLInputElement;
      if (input.dataset.site) void change((s) => withSiteLabels(s, input.dataset.site!, input.checked)).catch(fail);
    });
  }
  el(doc, 'verdicts').addEventListener('change', (e) => {
    const input = e.target as HTMLInputElement;
    const verdict = input.dataset.verdict as Verdict | undefined;
    if (verdict) void change((s) => ({ ...s, verdicts: { ...s.verdicts, [verdict]: input.checked } })).catch(fail);
  });
  el(doc, 'hide-draining').addEventListener('change', (e) => {
    const on = (e.target as HTMLInputElement).checked;
    void change((s) => ({ ...s, hideDraining: on })).catch(fail);
  });
  el(doc, 'added-sites').addEventListener('click', (e) => {
    const button = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-remove="label"]');
    const host = button?.dataset.host;
    if (!host) return;
    void change((s) => {
      const { [host]: _removed, ...sites } = s.sites;
      return { ...s, sites };
    }).then(() => {
      el(doc, 'label-site-status').textContent = `Removed ${host}: its links are no longer labelled.`;
      el(doc, 'label-site').focus();
    }, fail);
  });
  el(doc, 'label-site-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = el<HTMLInputElement>(doc, 'label-site');
    const site = readTypedSite(input.value);
    if (!site.ok) {
      fieldError(doc, 'label-site', site.error);
      input.focus();
      return;
    }
    fieldError(doc, 'label-site', null);
    const builtIn = builtInSite(site.host);
    void change((s) => withSiteLabels(s, site.host, true)).then((s) => {
      input.value = '';
      el(doc, 'label-site-status').textContent =
        (builtIn ? `${builtIn.name} is in the list above; its switch is now on.` : `Added ${site.host}: its links get labels.`) +
        (s.enabled ? '' : ' Labels are off everywhere: switch on "Label links" to see them.');
    }, fail);
  });

  // Pause: the background keeps it (and the badge shows "II").
  const pause = (req: { minutes: number } | { until: number }, focusAfter?: string) => {
    for (const choice of PAUSE_CHOICES) el<HTMLButtonElement>(doc, choice.id).disabled = true;
    el<HTMLButtonElement>(doc, 'resume').disabled = true;
    void sendInternal(browser, { kind: 'pause', ...req })
      .then(() => sendInternal(browser, { kind: 'optionsState' }))
      .then((next) => {
        showState(next);
        if (focusAfter) el(doc, focusAfter).focus();
      })
      .catch((error: unknown) => {
        fail(error);
        if (state) showState(state);
      });
  };
  for (const choice of PAUSE_CHOICES) {
    el(doc, choice.id).addEventListener('click', () =>
      pause(pauseRequest(choice.minutes, now())),
    );
  }
  // Resume hides its own button: the focus goes to the first pause choice.
  el(doc, 'resume').addEventListener('click', () => pause({ minutes: 0 }, PAUSE_CHOICES[0].id));

  // The shortcut: Chromium's page opens from an extension; Firefox 137+ opens its own.
  el(doc, 'shortcut-open').addEventListener('click', () => {
    const open =
      kind === 'firefox'
        ? browser.commands?.openShortcutSettings?.()
        : browser.tabs?.create({ url: CHROMIUM_SHORTCUTS_URL });
    void Promise.resolve(open).catch(fail);
  });

  // Ignored sites: added through the background (it holds the key); the account's list is removed from in the web app.
  el(doc, 'ignored-site-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = el<HTMLInputElement>(doc, 'ignored-site');
    const site = readTypedSite(input.value);
    if (!site.ok) {
      fieldError(doc, 'ignored-site', site.error);
      input.focus();
      return;
    }
    const add = el<HTMLButtonElement>(doc, 'ignored-site-add');
    add.disabled = true;
    void sendInternal(browser, { kind: 'ignoredSiteAdd', domain: site.host })
      .then((result) => {
        if (!result.success) {
          fieldError(doc, 'ignored-site', result.error);
          input.focus();
          return;
        }
        fieldError(doc, 'ignored-site', null);
        input.value = '';
        showState(result.state);
        el(doc, 'ignored-site-status').textContent =
          result.where === 'account' ? `Added ${result.domain} to your account's ignored sites.` : (result.note ?? '');
      })
      .catch((error: unknown) => {
        fail(error);
        fieldError(doc, 'ignored-site', 'The site could not be added. Please try again.');
      })
      .finally(() => {
        add.disabled = false;
      });
  });
  el(doc, 'local-sites').addEventListener('click', (e) => {
    const button = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-remove="local"]');
    const host = button?.dataset.host;
    if (!host) return;
    button.disabled = true;
    void sendInternal(browser, { kind: 'ignoredSiteRemove', domain: host }).then((next) => {
      showState(next);
      el(doc, 'ignored-site-status').textContent = `${host} is no longer ignored on this browser.`;
      el(doc, 'ignored-site').focus();
    }, fail);
  });

  // Changes made elsewhere (the popup, the shortcut, the web app's list) show here at once.
  browser.storage.onChanged?.addListener((changes, area) => {
    if (area !== 'local') return;
    if (LABELS_STORAGE_KEY in changes) void showLabels().catch(fail);
    if (['settings', 'disabled', 'localIgnored', 'apiKey'].some((key) => key in changes)) {
      void sendInternal(browser, { kind: 'optionsState' }).then(showState, fail);
    }
  });

  const canOpenShortcuts =
    kind === 'firefox' ? typeof browser.commands?.openShortcutSettings === 'function' : Boolean(browser.tabs);
  const shortcutShown = Promise.resolve(browser.commands?.getAll() ?? [])
    .then((commands) => renderShortcut(doc, pauseShortcut(commands), kind, canOpenShortcuts))
    .catch((error: unknown) => {
      fail(error);
      renderShortcut(doc, null, kind, canOpenShortcuts);
    });
  const loaded = Promise.all([
    showLabels(),
    // The account's list is asked of the server when the page opens (one GET with the key).
    sendInternal(browser, { kind: 'optionsState', refresh: true }).then(showState),
  ]).catch((error: unknown) => {
    fail(error);
    el(doc, 'load-error').hidden = false;
  });
  return { ready: Promise.all([shortcutShown, loaded]).then(() => undefined) };
}
