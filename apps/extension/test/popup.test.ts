// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@mediadiet/contract/messages';
import type { PopupState } from '../src/messaging';
import { DEFAULT_LABEL_SETTINGS, LABELS_STORAGE_KEY, type LabelSettings } from '../src/labels/settings';
import { setUpSiteLabels } from '../src/popup/site-labels';
import { SKIP_REASON_TEXT, type SkipReason } from '../src/skip-reasons';
import { MOOD_SENT_ON_TAP, render, renderMood, setControlsBusy } from '../src/popup/view';
import { fakeBrowser } from './fakes';

// Found from this file, not the working directory: `npm run test:unit` runs every workspace from the root.
const html = readFileSync(path.join(import.meta.dirname, '../src/popup/popup.html'), 'utf8');

const state = (overrides: Partial<PopupState> = {}): PopupState => ({
  connected: true,
  connectionError: null,
  site: { host: 'news.example.com', url: 'https://news.example.com/a', reason: null, locallyIgnored: false },
  pausedUntil: 0,
  onDevice: false,
  last: null,
  lastTop: [],
  lastValence: null,
  lastVerdict: null,
  lastResult: null,
  queueLength: 0,
  consented: true,
  consentUrl: 'chrome-extension://id/consent/consent.html',
  ignoreNote: null,
  queueDropped: 0,
  limitReached: false,
  dashboardUrl: 'https://app.test/auth/dashboard',
  goalAlerts: [],
  ...overrides,
});

const control = (id: string) => document.getElementById(id) as HTMLButtonElement | HTMLInputElement;

function freshPopup(): void {
  document.documentElement.innerHTML = new DOMParser().parseFromString(
    html,
    'text/html',
  ).documentElement.innerHTML;
}

beforeEach(freshPopup);

describe('popup', () => {
  const CONTROLS = ['ignore', 'pause-15', 'pause-60', 'pause-tomorrow', 'resume', 'on-device'];

  it('keeps its buttons disabled while it loads ("Loading…"), and enables them with the state', () => {
    expect(document.getElementById('status')!.textContent).toBe('Loading…');
    for (const id of CONTROLS) expect(control(id).disabled, id).toBe(true);
    render(document, state());
    for (const id of CONTROLS) expect(control(id).disabled, id).toBe(false);
  });

  it('says in words why the site is not analysed; on a search results page, with nothing to ignore', () => {
    const search = { host: 'google.com', url: 'https://www.google.com/search?q=x', locallyIgnored: false };
    render(document, state({ site: { ...search, reason: 'search' } }));
    expect(document.getElementById('site-host')!.textContent).toBe('google.com');
    expect(document.getElementById('site-reason')!.textContent).toBe(
      'Search results pages are never analysed: what you search for is not sent to Media Diet.',
    );
    expect(control('ignore').disabled).toBe(true);
    // Ignored on this browser before: it can still be undone from here.
    render(document, state({ site: { ...search, reason: 'search', locallyIgnored: true } }));
    expect(control('ignore').textContent).toBe('Stop ignoring this site');
    expect(control('ignore').disabled).toBe(false);
    // Every reason has its words.
    for (const [reason, text] of Object.entries(SKIP_REASON_TEXT) as [SkipReason, string][]) {
      render(document, state({ site: { ...search, reason, locallyIgnored: true } }));
      expect(document.getElementById('site-reason')!.textContent, reason).toBe(text);
    }
  });

  it('disables them again while an action is under way', () => {
    render(document, state());
    setControlsBusy(document);
    for (const id of CONTROLS) expect(control(id).disabled, id).toBe(true);
    render(document, state({ pausedUntil: Date.now() + 3600_000 }));
    expect(control('resume').disabled).toBe(false);
    expect(control('resume').textContent).toBe('Resume now');
  });

  it('offers a pause of 15 minutes, 1 hour or until tomorrow; while paused, until when and "Resume now"', () => {
    render(document, state());
    const choices = document.getElementById('pause-choices')!;
    expect(choices.hidden).toBe(false);
    expect(choices.getAttribute('role')).toBe('group');
    expect(document.getElementById(choices.getAttribute('aria-labelledby')!)!.textContent).toBe('Pause reading for');
    expect([...choices.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['15 min', '1 hour', 'Until tomorrow']);
    expect(document.getElementById('paused')!.hidden).toBe(true);

    const until = new Date();
    until.setHours(until.getHours() + 1, 30, 0, 0);
    render(document, state({ pausedUntil: until.getTime() }));
    expect(choices.hidden).toBe(true);
    expect(document.getElementById('paused')!.hidden).toBe(false);
    expect(document.getElementById('paused-until')!.textContent).toMatch(/^Paused until (tomorrow, )?\S+/);
    expect(document.getElementById('paused-until')!.textContent).toContain(
      until.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }),
    );
  });

  it("shows the last analysis's valence and strongest categories", () => {
    render(
      document,
      state({
        last: {
          url: 'https://news.example.com/a',
          title: 'A page',
          at: Date.now(),
          mode: 'device',
          status: 'sent',
        },
        lastTop: [{ id: 'calm', name: 'Calm', score: 72.4 }],
        lastValence: 0.42,
      }),
    );
    expect(document.getElementById('last-valence')!.textContent).toBe(
      'Overall: leans positive (valence +0.42)',
    );
    expect(document.querySelector('[aria-label="Strongest categories"]')!.textContent).toContain('Calm72%');
  });

  const sent = {
    url: 'https://news.example.com/a',
    title: 'A page',
    at: Date.now(),
    mode: 'server' as const,
    status: 'sent' as const,
    analysisId: 'a1',
  };

  it('shows the verdict in plain words first, with what drives it and how sure it is', () => {
    render(
      document,
      state({
        last: sent,
        lastVerdict: { verdict: 'draining', drivers: ['Fear', 'Anxiety'], confidence: 0.814 },
        lastTop: [{ id: 'fear', name: 'Fear', score: 61 }],
        lastValence: -0.4,
      }),
    );
    const verdict = document.getElementById('last-verdict')!;
    expect(verdict.textContent).toBe('Draining: likely to leave you feeling worse.');
    expect(document.getElementById('last-verdict-details')!.textContent).toBe('Mostly Fear and Anxiety. How sure: 81%.');
    // Verdict, then lean, then categories.
    const order = [...document.getElementById('last')!.children].map((c) => c.id || c.className);
    expect(order.indexOf('last-verdict')).toBeLessThan(order.indexOf('last-valence'));
    expect(document.getElementById('last-result')).toBeNull();
  });

  it('beside a verdict, gives the valence as the tone of the words, never a lean that could contradict it', () => {
    render(
      document,
      state({
        last: sent,
        lastVerdict: { verdict: 'uplifting', drivers: ['Awe', 'Compassion'], confidence: 0.57 },
        lastValence: 0.07,
      }),
    );
    expect(document.getElementById('last-verdict')!.textContent).toBe('Uplifting: likely to leave you feeling better.');
    expect(document.getElementById('last-valence')!.textContent).toBe('Tone of its words: +0.07 (from −1 to +1)');
  });

  it('says the result is loading (busy), still being analysed, failed or gone', () => {
    render(document, state({ last: sent, lastResult: 'loading' }));
    expect(document.getElementById('last-result')!.textContent).toBe('Loading the result…');
    expect(document.getElementById('last-result')!.getAttribute('role')).toBe('status');
    expect(document.getElementById('last')!.getAttribute('aria-busy')).toBe('true');
    render(document, state({ last: sent, lastResult: 'pending' }));
    expect(document.getElementById('last-result')!.textContent).toBe('The server is still analysing this page.');
    expect(document.getElementById('last')!.hasAttribute('aria-busy')).toBe(false);
    render(document, state({ last: sent, lastResult: 'failed' }));
    expect(document.getElementById('last-result')!.textContent).toBe('The server could not analyse this page.');
    render(document, state({ last: sent, lastResult: 'gone' }));
    expect(document.getElementById('last-result')!.textContent).toBe('This page is no longer in your history.');
    expect(document.getElementById('last-retry')).toBeNull();
  });

  it('offers "Try again" when the result could not be loaded', () => {
    render(document, state({ last: sent, lastResult: 'unavailable' }));
    expect(document.getElementById('last-result')!.textContent).toBe('The result could not be loaded.');
    const retry = document.getElementById('last-retry') as HTMLButtonElement;
    expect(retry.textContent).toBe('Try again');
    expect(retry.type).toBe('button');
  });
});

describe('the goal line', () => {
  const atRisk = { key: 'site_daily:x.com', status: 'at_risk' as const, sentence: 'Pages from x.com: 4 today (goal: at most 5)' };
  const over = { key: 'draining_share', status: 'broken' as const, sentence: 'Draining pages: 30 % of this week (goal: under 25 %)' };

  it('names each goal at risk or over its limit, with its status in words', () => {
    render(document, state({ goalAlerts: [over, atRisk] }));
    const section = document.getElementById('goals')!;
    expect(section.hidden).toBe(false);
    expect(section.getAttribute('aria-labelledby')).toBe('goals-h');
    expect(document.getElementById('goals-h')!.textContent).toBe('Reading goals');
    expect([...section.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Over the goal: Draining pages: 30 % of this week (goal: under 25 %)',
      'At risk: Pages from x.com: 4 today (goal: at most 5)',
    ]);
  });

  it('is hidden when no goal needs attention, or the browser is not connected', () => {
    render(document, state({ goalAlerts: [atRisk] }));
    render(document, state({ goalAlerts: [] }));
    expect(document.getElementById('goals')!.hidden).toBe(true);
    render(document, state({ connected: false, goalAlerts: [atRisk] }));
    expect(document.getElementById('goals')!.hidden).toBe(true);
  });
});

describe('the mood check-in', () => {
  const section = () => document.getElementById('mood')!;
  const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('#mood-scores button')];

  it('is hidden until it is offered', () => {
    expect(section().hidden).toBe(true);
    renderMood(document, { kind: 'hidden' });
    expect(section().hidden).toBe(true);
  });

  it('offers five labelled moods in a group named by the question, a note saying when it is sent, and “Not today”', () => {
    renderMood(document, { kind: 'offered', saving: null, error: null });
    expect(section().hidden).toBe(false);
    expect(document.getElementById('mood-h')!.textContent).toBe(messages.mood.promptTitle);
    const group = document.getElementById('mood-scores')!;
    expect(group.getAttribute('role')).toBe('group');
    expect(group.getAttribute('aria-labelledby')).toBe('mood-h');
    expect(buttons().map((b) => b.textContent)).toEqual(['😞Very low', '😔Low', '😐Okay', '😊Good', '😄Very good']);
    expect(buttons().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Very low (1 of 5)',
      'Low (2 of 5)',
      'Okay (3 of 5)',
      'Good (4 of 5)',
      'Very good (5 of 5)',
    ]);
    expect(buttons().every((b) => b.type === 'button' && !b.disabled)).toBe(true);
    const note = document.getElementById('mood-note') as HTMLTextAreaElement;
    expect(document.querySelector(`label[for="mood-note"]`)!.textContent).toBe(messages.mood.noteLabel);
    expect(note.maxLength).toBe(280);
    expect(document.getElementById(note.getAttribute('aria-describedby')!)!.textContent).toBe(
      `Up to 280 characters. ${MOOD_SENT_ON_TAP}`,
    );
    expect(document.getElementById('mood-dismiss')!.textContent).toBe(messages.mood.dismiss);
    // Rendering again does not add buttons.
    renderMood(document, { kind: 'offered', saving: null, error: null });
    expect(buttons()).toHaveLength(5);
  });

  it('is busy while a tap is saved, then says why it failed and lets the person tap again', () => {
    renderMood(document, { kind: 'offered', saving: 4, error: null });
    expect(buttons().every((b) => b.disabled)).toBe(true);
    expect(buttons().map((b) => b.getAttribute('aria-busy'))).toEqual([null, null, null, 'true', null]);
    expect((document.getElementById('mood-note') as HTMLTextAreaElement).disabled).toBe(true);
    expect(document.getElementById('mood-status')!.textContent).toBe(messages.mood.saving);

    renderMood(document, { kind: 'offered', saving: null, error: 'The note is too long: at most 280 characters' });
    const alert = document.getElementById('mood-error')!;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.hidden).toBe(false);
    expect(alert.textContent).toBe('The note is too long: at most 280 characters');
    expect(buttons().every((b) => !b.disabled && !b.hasAttribute('aria-busy'))).toBe(true);
    expect(document.getElementById('mood-status')!.textContent).toBe('');
  });

  it('thanks the person once saved, and offers nothing more', () => {
    renderMood(document, { kind: 'offered', saving: 2, error: null });
    renderMood(document, { kind: 'saved' });
    expect(section().hidden).toBe(false);
    const status = document.getElementById('mood-status')!;
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe(messages.mood.saved);
    expect(document.getElementById('mood-form')!.hidden).toBe(true);
    expect(document.getElementById('mood-dismiss')!.hidden).toBe(true);
    expect(document.getElementById('mood-error')!.hidden).toBe(true);
  });
});

describe('"Label links on this site"', () => {
  const settle = async () => {
    for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  /** A fresh popup on `host`, its labels settings in a fake browser's storage. */
  async function popupOn(host: string | null, labels?: Partial<LabelSettings>) {
    freshPopup();
    const b = fakeBrowser();
    if (labels) b.data[LABELS_STORAGE_KEY] = { ...DEFAULT_LABEL_SETTINGS, ...labels };
    await setUpSiteLabels(document, b.browser, () => host);
    return { ...b, labels: () => b.data[LABELS_STORAGE_KEY] as LabelSettings, toggle: control('site-labels') as HTMLInputElement };
  }

  it("is on for a built-in search engine, off for a news site and any other site, until the person changes it", async () => {
    expect((await popupOn('google.com')).toggle.checked).toBe(true);
    expect((await popupOn('google.de')).toggle.checked).toBe(true);
    expect((await popupOn('reddit.com')).toggle.checked).toBe(false);
    expect((await popupOn('news.example.com')).toggle.checked).toBe(false);
    expect((await popupOn('reddit.com', { sites: { 'reddit.com': true } })).toggle.checked).toBe(true);
    const t = await popupOn('news.example.com');
    expect(document.getElementById('site-labels-row')!.hidden).toBe(false);
    expect(t.toggle.disabled).toBe(false);
    expect(t.toggle.closest('label')!.textContent.trim()).toBe('Label links on this site');
  });

  it("writes the site's own switch: a news site on, a search engine off (under its own name), and off again", async () => {
    const t = await popupOn('www.reddit.com');
    t.toggle.click();
    await settle();
    expect(t.labels().sites).toEqual({ 'reddit.com': true });
    expect(t.toggle.checked).toBe(true);

    const g = await popupOn('www.google.co.uk');
    g.toggle.click();
    await settle();
    expect(g.labels().sites).toEqual({ 'google.com': false });

    const other = await popupOn('news.example.com', { sites: { 'news.example.com': true } });
    expect(other.toggle.checked).toBe(true);
    other.toggle.click();
    await settle();
    expect(other.labels().sites).toEqual({});
    expect(other.labels().enabled).toBe(true);
  });

  it("asks for a site's permission when it is switched on, and stays off when the person declines", async () => {
    const t = await popupOn('news.example.com');
    const asked: unknown[] = [];
    t.browser.permissions = {
      contains: () => Promise.resolve(false),
      request: (p) => {
        asked.push(p);
        return Promise.resolve(false);
      },
    };
    t.toggle.click();
    await settle();
    expect(asked).toEqual([{ origins: ['https://*.news.example.com/*'] }]);
    expect(t.toggle.checked).toBe(false);
    expect(t.labels()).toBeUndefined();
    expect(document.getElementById('site-labels-note')!.textContent).toBe(
      'Labels need your permission to read the links on news.example.com; nothing was switched on.',
    );
  });

  it('says when labels are off everywhere, with the way to the options page; hidden without a web page', async () => {
    await popupOn('google.com', { enabled: false });
    const off = document.getElementById('labels-off')!;
    expect(off.hidden).toBe(false);
    expect(off.textContent).toContain('Labels on links are off everywhere.');
    expect(off.querySelector('a')!.getAttribute('href')).toBe('../options/options.html');

    await popupOn('google.com');
    expect(document.getElementById('labels-off')!.hidden).toBe(true);
    await popupOn(null);
    expect(document.getElementById('site-labels-row')!.hidden).toBe(true);
  });

  it('opens the options page from the footer with the browser’s own call', async () => {
    const t = await popupOn('google.com');
    const link = document.getElementById('options-link') as HTMLAnchorElement;
    expect(link.textContent).toBe('Options');
    expect(link.closest('footer')).not.toBeNull();
    let opened = 0;
    t.browser.runtime.openOptionsPage = () => {
      opened++;
      return Promise.resolve();
    };
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(opened).toBe(1);
  });
});
