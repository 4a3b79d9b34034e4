import { describe, expect, it } from 'vitest';
import {
  addedSites,
  changeLabelSettings,
  DEFAULT_LABEL_SETTINGS,
  labelsOnFor,
  LABELS_STORAGE_KEY,
  loadLabelSettings,
  siteKey,
  withSiteLabels,
} from '../src/labels/settings';
import { fakeBrowser } from './fakes';

describe('a site’s labels switch (the popup and the options page)', () => {
  it('is kept under a built-in site’s own host for any of its hosts, under the bare host otherwise', () => {
    expect(siteKey('www.google.de')).toBe('google.com');
    expect(siteKey('news.google.com')).toBe('news.google.com');
    expect(siteKey('old.reddit.com')).toBe('reddit.com');
    expect(siteKey('WWW.Example.org')).toBe('example.org');
  });

  it('switches a built-in site on or off for all its hosts, dropping a host-only choice that would hide it', () => {
    const s = withSiteLabels({ ...DEFAULT_LABEL_SETTINGS, sites: { 'google.de': true } }, 'google.de', false);
    expect(s.sites).toEqual({ 'google.com': false });
    expect(labelsOnFor(s, 'www.google.de')).toBe(false);
    expect(labelsOnFor(s, 'google.com')).toBe(false);
    expect(labelsOnFor(withSiteLabels(s, 'www.google.com', true), 'google.de')).toBe(true);
  });

  it('keeps another site only while it is on', () => {
    const on = withSiteLabels(DEFAULT_LABEL_SETTINGS, 'www.example.org', true);
    expect(on.sites).toEqual({ 'example.org': true });
    expect(labelsOnFor(on, 'example.org')).toBe(true);
    expect(withSiteLabels(on, 'example.org', false).sites).toEqual({});
    expect(DEFAULT_LABEL_SETTINGS.sites).toEqual({});
  });

  it('lists the sites the person added, by name, without the built-in ones', () => {
    const s = { ...DEFAULT_LABEL_SETTINGS, sites: { 'reddit.com': true, 'zeit.de': true, 'bbc.co.uk': true, 'google.de': false } };
    expect(addedSites(s)).toEqual([
      { host: 'bbc.co.uk', on: true },
      { host: 'google.de', on: false },
      { host: 'zeit.de', on: true },
    ]);
  });

  it('reads and writes the stored settings whole', async () => {
    const b = fakeBrowser();
    expect(await loadLabelSettings(b.browser.storage.local)).toEqual(DEFAULT_LABEL_SETTINGS);
    b.data[LABELS_STORAGE_KEY] = { enabled: false };
    const next = await changeLabelSettings(b.browser.storage.local, (s) => ({ ...s, hideDraining: true }));
    expect(next).toEqual({ ...DEFAULT_LABEL_SETTINGS, enabled: false, hideDraining: true });
    expect(b.data[LABELS_STORAGE_KEY]).toEqual(next);
  });
});
