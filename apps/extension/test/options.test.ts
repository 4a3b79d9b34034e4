// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { handleInternal } from '../src/background/index';
import { IGNORED_SITES_PATH } from '../src/background/options';
import type { MessageSender } from '../src/browser';
import { DEFAULT_LABEL_SETTINGS, LABELS_STORAGE_KEY, type LabelSettings } from '../src/labels/settings';
import { isInternalMessage } from '../src/messaging';
import { CHROMIUM_SHORTCUTS_URL, pauseShortcut, shortcutTexts, startOptions } from '../src/options/page';
import { nextLocalMidnight, pauseStatusText } from '../src/pause-time';
import { readTypedSite } from '../src/typed-site';
import type { fakeFetch } from './fakes';
import { setup, TEST_CONFIG } from './fakes';

// Found from this file, not the working directory: `npm run test:unit` runs every workspace from the root.
const html = readFileSync(path.join(import.meta.dirname, '../src/options/options.html'), 'utf8');

const KEY = 'mdx_key';
const OPTIONS_PAGE: MessageSender = { id: 'self-id', url: 'chrome-extension://self-id/options/options.html' };

beforeEach(() => {
  document.documentElement.innerHTML = new DOMParser().parseFromString(html, 'text/html').documentElement.innerHTML;
});

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const box = (id: string) => $<HTMLInputElement>(id);
const settle = async () => {
  for (let i = 0; i < 6; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * The options page over a fake browser whose messages go to the real background (as from the options page), with
 * `commands` answering `shortcut`.
 */
async function open(
  opts: {
    labels?: Partial<LabelSettings>;
    connected?: boolean;
    account?: string[] | 'network';
    post?: Parameters<typeof fakeFetch>[0];
    shortcut?: string;
    firefox?: boolean;
  } = {},
) {
  const account = opts.account ?? [];
  const t = setup({
    routes: {
      'GET /api/extension/disabled':
        account === 'network'
          ? 'network'
          : { status: 200, body: { success: true, urls: { current: account, defaults: [{ category: 'Banking', urls: ['paypal.com'] }] } } },
      ...opts.post,
    },
  });
  if (opts.connected ?? true) t.data.apiKey = KEY;
  if (opts.labels) t.data[LABELS_STORAGE_KEY] = { ...DEFAULT_LABEL_SETTINGS, ...opts.labels };
  const sent: unknown[] = [];
  if (opts.firefox) t.browser.runtime.getURL = (p) => `moz-extension://self-id/${p}`;
  const sender: MessageSender = { id: 'self-id', url: t.browser.runtime.getURL!('options/options.html') };
  t.browser.runtime.sendMessage = (message) => {
    sent.push(message);
    if (!isInternalMessage(message)) throw new Error('not an internal message');
    return handleInternal(t.ctx, message, sender);
  };
  t.browser.commands = {
    getAll: () =>
      Promise.resolve([
        { name: '_execute_action', shortcut: '' },
        { name: 'toggle-pause', shortcut: opts.shortcut ?? 'Alt+Shift+Q', description: 'Pause' },
      ]),
    onCommand: { addListener: () => undefined },
  };
  const page = startOptions(document, t.browser, t.now);
  await page.ready;
  const labels = () => t.data[LABELS_STORAGE_KEY] as LabelSettings;
  return { ...t, sent, labels };
}

const listed = (id: string) => [...$(id).querySelectorAll('li .host')].map((e) => e.textContent);
const submit = async (form: string, input: string, value: string) => {
  $<HTMLInputElement>(input).value = value;
  $<HTMLFormElement>(form).requestSubmit();
  await settle();
};

describe('options page: labels on links', () => {
  it('renders the defaults: labels on, the search engines on, news sites off, every verdict, draining not hidden', async () => {
    await open();
    expect(box('labels-enabled').checked).toBe(true);
    expect($('labels-off-note').hidden).toBe(true);
    const on = (host: string) => box(`site-${host}`).checked;
    expect(['google.com', 'bing.com', 'duckduckgo.com'].map(on)).toEqual([true, true, true]);
    expect(['news.google.com', 'news.ycombinator.com', 'reddit.com'].map(on)).toEqual([false, false, false]);
    // Each switch is named by the site.
    expect(box('site-news.ycombinator.com').closest('label')!.textContent).toContain('Hacker News');
    for (const v of ['uplifting', 'neutral', 'mixed', 'draining']) expect(box(`verdict-${v}`).checked, v).toBe(true);
    expect(box('hide-draining').checked).toBe(false);
    expect($($('hide-draining').getAttribute('aria-describedby')!).textContent).toMatch(/folded into one line/);
    expect(document.querySelector('.privacy')!.textContent).toBe(
      'Labels are made on this device: nothing about the links leaves your browser.',
    );
    expect($('added-sites-empty').hidden).toBe(false);
  });

  it('renders what is stored: off everywhere (and says so), a news site on, Bing off, a site added, a verdict off', async () => {
    await open({
      labels: {
        enabled: false,
        sites: { 'reddit.com': true, 'bing.com': false, 'example.org': true },
        verdicts: { ...DEFAULT_LABEL_SETTINGS.verdicts, neutral: false },
        hideDraining: true,
      },
    });
    expect(box('labels-enabled').checked).toBe(false);
    expect($('labels-off-note').hidden).toBe(false);
    expect(box('site-reddit.com').checked).toBe(true);
    expect(box('site-bing.com').checked).toBe(false);
    expect(listed('added-sites')).toEqual(['example.org']);
    expect($('added-sites-empty').hidden).toBe(true);
    expect(box('verdict-neutral').checked).toBe(false);
    expect(box('hide-draining').checked).toBe(true);
  });

  it('each switch writes its own setting', async () => {
    const t = await open({ labels: { sites: { 'example.org': true } } });
    box('labels-enabled').click();
    await settle();
    expect(t.labels().enabled).toBe(false);
    box('site-reddit.com').click();
    await settle();
    box('site-google.com').click();
    await settle();
    expect(t.labels().sites).toEqual({ 'example.org': true, 'reddit.com': true, 'google.com': false });
    box('verdict-draining').click();
    await settle();
    expect(t.labels().verdicts).toEqual({ uplifting: true, neutral: true, mixed: true, draining: false });
    box('hide-draining').click();
    await settle();
    expect(t.labels().hideDraining).toBe(true);
    const remove = $('added-sites').querySelector<HTMLButtonElement>('button')!;
    expect(remove.getAttribute('aria-label')).toBe('Remove example.org');
    remove.click();
    await settle();
    expect(t.labels().sites).toEqual({ 'reddit.com': true, 'google.com': false });
    expect(listed('added-sites')).toEqual([]);
    expect(document.activeElement).toBe($('label-site'));
    // Nothing else changed on the way.
    expect(t.labels()).toMatchObject({ enabled: false, hideDraining: true });
  });

  it('adds a typed site (an address pasted whole gives its host) and refuses what is not a site, saying why', async () => {
    const t = await open();
    await submit('label-site-form', 'label-site', 'https://www.Example.org/news?id=1');
    expect(t.labels().sites).toEqual({ 'example.org': true });
    expect(listed('added-sites')).toEqual(['example.org']);
    expect($('label-site-status').textContent).toBe('Added example.org: its links get labels.');
    expect($<HTMLInputElement>('label-site').value).toBe('');

    await submit('label-site-form', 'label-site', 'my news');
    expect($('label-site-error').textContent).toBe('A domain has no spaces, for example example.com.');
    expect($('label-site').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe($('label-site'));
    expect(t.labels().sites).toEqual({ 'example.org': true });

    // A built-in site is switched on where it is listed, not added twice.
    await submit('label-site-form', 'label-site', 'old.reddit.com');
    expect($('label-site-error').textContent).toBe('');
    expect($('label-site').hasAttribute('aria-invalid')).toBe(false);
    expect(t.labels().sites).toEqual({ 'example.org': true, 'reddit.com': true });
    expect(box('site-reddit.com').checked).toBe(true);
    expect($('label-site-status').textContent).toBe('Reddit is in the list above; its switch is now on.');
  });

  it('follows a change made elsewhere (the popup) without a reload', async () => {
    const changed: ((changes: Record<string, { newValue?: unknown }>, area: string) => void)[] = [];
    const t = setup();
    t.browser.storage.onChanged = { addListener: (l) => changed.push(l) };
    t.browser.runtime.sendMessage = (m) => handleInternal(t.ctx, m as never, OPTIONS_PAGE);
    await startOptions(document, t.browser, t.now).ready;
    expect(box('site-bing.com').checked).toBe(true);
    t.data[LABELS_STORAGE_KEY] = { ...DEFAULT_LABEL_SETTINGS, sites: { 'bing.com': false } };
    for (const l of changed) l({ [LABELS_STORAGE_KEY]: { newValue: t.data[LABELS_STORAGE_KEY] } }, 'local');
    await settle();
    expect(box('site-bing.com').checked).toBe(false);
  });
});

describe('typed sites (the contract’s domain rules, in words)', () => {
  it('names what is wrong', () => {
    const error = (typed: string) => {
      const r = readTypedSite(typed);
      return r.ok ? null : r.error;
    };
    expect(error('   ')).toBe('Please enter a website domain');
    expect(error('news example.com')).toBe('A domain has no spaces, for example example.com.');
    expect(error('192.168.1.20')).toBe('An IP address is not a site name. Type its domain, for example example.com.');
    expect(error('http://[::1]/')).toBe('An IP address is not a site name. Type its domain, for example example.com.');
    expect(error('my_site.com')).toBe('A domain cannot contain "_". Use letters, digits, hyphens and dots.');
    expect(error('*.example.com')).toBe('A domain cannot contain "*". Use letters, digits, hyphens and dots.');
    expect(error('localhost')).toBe('"localhost" has no ending such as .com. Type the whole domain, for example example.com.');
    expect(error('example.c')).toBe('Please enter a valid domain (e.g., example.com)');
    expect(error('-bad-.com')).toBe('Please enter a valid domain (e.g., example.com)');
  });

  it('reads a site from what people type or paste', () => {
    const host = (typed: string) => {
      const r = readTypedSite(typed);
      return r.ok ? r.host : r.error;
    };
    expect(host(' BBC.co.uk ')).toBe('bbc.co.uk');
    expect(host('www.example.com')).toBe('example.com');
    expect(host('https://news.ycombinator.com/item?id=1')).toBe('news.ycombinator.com');
    expect(host('example.com/news/today')).toBe('example.com');
    expect(host('example.com:8080')).toBe('example.com');
    expect(host('x.com.')).toBe('x.com');
  });
});

describe('options page: pause', () => {
  it('"until tomorrow" ends at the next midnight in the browser’s zone', () => {
    for (const at of [new Date(2026, 2, 1, 10, 0), new Date(2026, 2, 1, 23, 59, 59, 999), new Date(2026, 2, 1, 0, 0), new Date(2026, 11, 31, 18, 0)]) {
      const end = new Date(nextLocalMidnight(at.getTime()));
      expect([end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()], at.toString()).toEqual([0, 0, 0, 0]);
      const next = new Date(at.getFullYear(), at.getMonth(), at.getDate() + 1);
      expect([end.getFullYear(), end.getMonth(), end.getDate()]).toEqual([next.getFullYear(), next.getMonth(), next.getDate()]);
    }
  });

  it('says until when, in the browser’s words', () => {
    const now = new Date(2026, 2, 1, 10, 0).getTime();
    const time = (d: Date) => d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    const later = new Date(2026, 2, 1, 10, 15);
    expect(pauseStatusText(0, now)).toBe('Not paused.');
    expect(pauseStatusText(later.getTime(), now)).toBe(`Paused until ${time(later)}.`);
    expect(pauseStatusText(nextLocalMidnight(now), now)).toBe('Paused until midnight.');
    const tomorrowMorning = new Date(2026, 2, 2, 8, 30);
    expect(pauseStatusText(tomorrowMorning.getTime(), now)).toBe(`Paused until tomorrow, ${time(tomorrowMorning)}.`);
    const inTwoDays = new Date(2026, 2, 3, 9, 0);
    expect(pauseStatusText(inTwoDays.getTime(), now)).toBe(
      `Paused until ${inTwoDays.toLocaleDateString([], { weekday: 'long' })}, ${time(inTwoDays)}.`,
    );
  });

  it('pauses for 15 minutes, 1 hour or until tomorrow, and resumes', async () => {
    const t = await open();
    const pausedUntil = () => (t.data.settings as { pausedUntil: number }).pausedUntil;
    expect($('pause-status').textContent).toBe('Not paused.');
    expect($('resume').hidden).toBe(true);

    $('pause-15').click();
    await settle();
    expect(pausedUntil()).toBe(t.now() + 15 * 60_000);
    expect($('pause-status').textContent).toBe(pauseStatusText(t.now() + 15 * 60_000, t.now()));
    expect($('resume').hidden).toBe(false);

    $('pause-60').click();
    await settle();
    expect(pausedUntil()).toBe(t.now() + 60 * 60_000);

    $('pause-tomorrow').click();
    await settle();
    expect(pausedUntil()).toBe(nextLocalMidnight(t.now()));
    expect(new Date(pausedUntil()).getHours()).toBe(0);
    expect($('pause-status').textContent).toBe('Paused until midnight.');
    expect(t.sent.at(-2)).toEqual({ kind: 'pause', until: nextLocalMidnight(t.now()) });

    $('resume').focus();
    $('resume').click();
    await settle();
    expect(pausedUntil()).toBe(0);
    expect($('pause-status').textContent).toBe('Not paused.');
    expect($('resume').hidden).toBe(true);
    // The button that had the focus is gone: the focus goes to the first choice.
    expect(document.activeElement).toBe($('pause-15'));
  });
});

describe('options page: keyboard shortcut', () => {
  it('shows the browser’s current shortcut and how to change it (Chromium: its shortcuts page opens)', async () => {
    const t = await open({ shortcut: 'Alt+Shift+Q' });
    expect($('shortcut-current').textContent).toBe('Alt+Shift+Q pauses reading for 1 hour, or resumes it when paused.');
    expect($('shortcut-how').textContent).toContain('chrome://extensions/shortcuts');
    expect($('shortcut-open').hidden).toBe(false);
    $('shortcut-open').click();
    await settle();
    expect(t.opened).toEqual([CHROMIUM_SHORTCUTS_URL]);
  });

  it('says when none is set, and Firefox’s way to change it', async () => {
    await open({ shortcut: '', firefox: true, account: ['a-forum.org'] });
    expect($('load-error').hidden).toBe(true);
    expect(listed('account-sites')).toEqual(['a-forum.org']);
    expect($('shortcut-current').textContent).toBe('No shortcut is set for pausing. You can choose one.');
    expect($('shortcut-how').textContent).toBe(
      'To change it, open about:addons, choose the gear button, then Manage Extension Shortcuts.',
    );
    // Firefox before 137 cannot open that page for the extension: the words are the way.
    expect($('shortcut-open').hidden).toBe(true);
  });

  it('reads the pause command among the others', () => {
    expect(pauseShortcut([{ name: 'toggle-pause', shortcut: 'Ctrl+Shift+9' }])).toBe('Ctrl+Shift+9');
    expect(pauseShortcut([{ name: '_execute_action', shortcut: 'Alt+M' }])).toBeNull();
    expect(shortcutTexts('⌥⇧P', 'chromium').current).toBe('⌥⇧P pauses reading for 1 hour, or resumes it when paused.');
  });
});

describe('options page: ignored sites', () => {
  it("shows the account's list (asked of the server on open), and where to remove from it", async () => {
    const t = await open({ account: ['z-news.com', 'a-forum.org'] });
    expect(t.calls.filter((c) => c.path === '/api/extension/disabled')).toHaveLength(1);
    expect(listed('account-sites')).toEqual(['a-forum.org', 'z-news.com']);
    // The extension's key may not remove from the account's list: no Remove button, a link to the web app's page.
    expect($('account-sites').querySelectorAll('button')).toHaveLength(0);
    expect($('account-remove').hidden).toBe(false);
    expect($('account-remove').textContent.replace(/\s+/g, ' ').trim()).toBe(
      'To remove a site, use the Ignored Sites page of your account.',
    );
    expect($<HTMLAnchorElement>('manage-link').href).toBe(`${TEST_CONFIG.webOrigin}${IGNORED_SITES_PATH}`);
    expect($('local-block').hidden).toBe(true);
  });

  it("adds a typed site to the account's list with the key", async () => {
    const t = await open({
      account: ['a-forum.org'],
      post: { 'POST /api/account/urls': { status: 200, body: { success: true, urls: { current: ['a-forum.org', 'example.com'] } } } },
    });
    await submit('ignored-site-form', 'ignored-site', 'https://www.example.com/page');
    expect(t.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/account/urls',
      auth: `Bearer ${KEY}`,
      body: { url: 'example.com' },
    });
    expect(listed('account-sites')).toEqual(['a-forum.org', 'example.com']);
    expect($('ignored-site-status').textContent).toBe("Added example.com to your account's ignored sites.");
    expect((t.data.disabled as { domains: string[] }).domains).toContain('example.com');
  });

  it('refuses what is not a site, a protected site and a site already on the list, without asking the server', async () => {
    const t = await open({ account: ['a-forum.org'] });
    await submit('ignored-site-form', 'ignored-site', 'intranet');
    expect($('ignored-site-error').textContent).toBe(
      '"intranet" has no ending such as .com. Type the whole domain, for example example.com.',
    );
    expect($('ignored-site').getAttribute('aria-invalid')).toBe('true');
    await submit('ignored-site-form', 'ignored-site', 'paypal.com');
    expect($('ignored-site-error').textContent).toBe('paypal.com is a protected site: Media Diet never reads it.');
    await submit('ignored-site-form', 'ignored-site', 'forum.a-forum.org');
    expect($('ignored-site-error').textContent).toBe('forum.a-forum.org is already ignored by your account.');
    expect(t.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('not connected: a site added is ignored on this browser only, says so, and can be removed here', async () => {
    const t = await open({ connected: false });
    expect($('account-note').textContent).toMatch(/not connected/);
    expect($('account-remove').hidden).toBe(true);
    await submit('ignored-site-form', 'ignored-site', 'example.com');
    expect(t.data.localIgnored).toEqual(['example.com']);
    expect($('ignored-site-status').textContent).toBe(
      'Ignored on this browser only. Connect it to your account to ignore the site everywhere.',
    );
    expect($('local-block').hidden).toBe(false);
    expect(listed('local-sites')).toEqual(['example.com']);
    // The popup's note is its own: a site added here leaves it alone.
    expect(t.data.ignoreNote).toBeUndefined();

    const remove = $('local-sites').querySelector<HTMLButtonElement>('button')!;
    expect(remove.getAttribute('aria-label')).toBe('Remove example.com');
    remove.click();
    await settle();
    expect(t.data.localIgnored).toEqual([]);
    expect($('local-block').hidden).toBe(true);
    expect($('ignored-site-status').textContent).toBe('example.com is no longer ignored on this browser.');
    expect(document.activeElement).toBe($('ignored-site'));
  });

  it('says when the account cannot be reached (its list unknown)', async () => {
    await open({ account: 'network' });
    expect($('account-note').textContent).toBe('Your account could not be reached, so its list cannot be shown now.');
    expect($('account-sites').hidden).toBe(true);
  });

  it('answers only the extension’s own pages', async () => {
    const t = setup();
    const fromWebPage: MessageSender = { id: 'self-id', url: 'https://evil.example/', tab: { id: 3, url: 'https://evil.example/' } };
    for (const message of [
      { kind: 'optionsState' as const },
      { kind: 'ignoredSiteAdd' as const, domain: 'example.com' },
      { kind: 'ignoredSiteRemove' as const, domain: 'example.com' },
    ]) {
      expect(await handleInternal(t.ctx, message, fromWebPage)).toEqual({ success: false, error: 'Origin not allowed' });
    }
    expect(t.data.localIgnored).toBeUndefined();
  });
});
