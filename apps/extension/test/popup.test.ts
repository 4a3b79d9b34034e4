// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PopupState } from '../src/messaging';
import { render, setControlsBusy } from '../src/popup/view';

// The workspace is the working directory of its tests (jsdom gives `import.meta.url` no file: scheme).
const html = readFileSync(path.resolve('src/popup/popup.html'), 'utf8');

const state = (overrides: Partial<PopupState> = {}): PopupState => ({
  connected: true,
  connectionError: null,
  site: { host: 'news.example.com', url: 'https://news.example.com/a', reason: null, locallyIgnored: false },
  pausedUntil: 0,
  onDevice: false,
  last: null,
  lastTop: [],
  lastValence: null,
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
});
