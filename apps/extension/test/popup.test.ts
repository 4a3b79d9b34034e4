// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PopupState } from '../src/messaging';
import { render, setControlsBusy } from '../src/popup/view';

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
  ...overrides,
});

const control = (id: string) => document.getElementById(id) as HTMLButtonElement | HTMLInputElement;

beforeEach(() => {
  document.documentElement.innerHTML = new DOMParser().parseFromString(
    html,
    'text/html',
  ).documentElement.innerHTML;
});

describe('popup', () => {
  it('keeps its buttons disabled while it loads ("Loading…"), and enables them with the state', () => {
    expect(document.getElementById('status')!.textContent).toBe('Loading…');
    for (const id of ['ignore', 'pause', 'on-device']) expect(control(id).disabled, id).toBe(true);
    render(document, state());
    for (const id of ['ignore', 'pause', 'on-device']) expect(control(id).disabled, id).toBe(false);
  });

  it('disables them again while an action is under way', () => {
    render(document, state());
    setControlsBusy(document);
    for (const id of ['ignore', 'pause', 'on-device']) expect(control(id).disabled, id).toBe(true);
    render(document, state({ pausedUntil: Date.now() + 3600_000 }));
    expect(control('pause').disabled).toBe(false);
    expect(control('pause').textContent).toBe('Resume now');
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
