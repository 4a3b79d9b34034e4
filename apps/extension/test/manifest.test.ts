import { TOUCHPOINT_TEXT_MAX } from '@mediadiet/contract/extension';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config';
import { TEXT_MAX } from '../src/content/extract';
import { EXTENSION_ID, EXTENSION_PUBLIC_KEY, GECKO_ID, extensionIdFromKey } from '../src/extension-key';
import { buildManifest, FILES, MANIFEST_DESCRIPTION } from '../src/manifest';
import { LABEL_HOST_PERMISSIONS } from '../src/labels/registration';

const cfg = configFromEnv({ MEDIADIET_API_BASE: 'https://api.example.org', MEDIADIET_WEB_ORIGIN: 'https://app.example.org:8443/' }, '2.3.4');

describe('manifests', () => {
  it('Chromium: fixed key, module service worker, externally_connectable = the web origin only', () => {
    const m = buildManifest('chrome', cfg);
    expect(m.manifest_version).toBe(3);
    expect(m.version).toBe('2.3.4');
    expect(m.key).toBe(EXTENSION_PUBLIC_KEY);
    expect(m.background).toEqual({ service_worker: 'background.js', type: 'module' });
    expect(m.externally_connectable).toEqual({ matches: ['https://app.example.org:8443/*'] });
    expect(m.browser_specific_settings).toBeUndefined();
  });

  it('Firefox: background.scripts, gecko id, no externally_connectable, no key; bridge on the web origin', () => {
    const m = buildManifest('firefox', cfg);
    expect(m.background).toEqual({ scripts: ['background.js'] });
    expect(m.browser_specific_settings).toMatchObject({ gecko: { id: GECKO_ID } });
    expect(m).not.toHaveProperty('externally_connectable');
    expect(m).not.toHaveProperty('key');
    const scripts = m.content_scripts as { matches: string[]; js: string[]; exclude_matches?: string[] }[];
    // Firefox match patterns have no port; the bridge compares the full origin at run time.
    expect(scripts.find((s) => s.js.includes('content/bridge.js'))?.matches).toEqual(['https://app.example.org/*']);
  });

  it('both: capture everywhere except the web app, never in private windows, API host permission', () => {
    for (const target of ['chrome', 'firefox'] as const) {
      const m = buildManifest(target, cfg);
      const capture = (m.content_scripts as { matches: string[]; js: string[]; exclude_matches?: string[] }[]).find((s) =>
        s.js.includes('content/capture.js'),
      );
      expect(capture?.matches).toEqual(['http://*/*', 'https://*/*']);
      expect(capture?.exclude_matches).toHaveLength(1);
      expect(m.incognito).toBe('not_allowed');
      expect(m.host_permissions).toContain('https://api.example.org/*');
    }
  });
});

describe('link labels (decision 159)', () => {
  it('the labels script is registered at run time (scripting), never in the manifest; the built-in sites are host permissions', () => {
    for (const target of ['chrome', 'firefox'] as const) {
      const m = buildManifest(target, cfg);
      expect(m.permissions).toContain('scripting');
      const scripts = m.content_scripts as { js: string[] }[];
      expect(scripts.some((s) => s.js.includes(FILES.labels))).toBe(false);
      for (const origin of LABEL_HOST_PERMISSIONS) expect(m.host_permissions).toContain(origin);
      expect(m.host_permissions).toContain('https://www.google.com/*');
      expect(m.host_permissions).not.toContain('https://*/*');
    }
  });

  it('Chromium: a site the person adds is asked for at run time (optional host permissions)', () => {
    expect(buildManifest('chrome', cfg).optional_host_permissions).toEqual(['https://*/*']);
    expect(buildManifest('firefox', cfg)).not.toHaveProperty('optional_host_permissions');
  });
});

describe('store description (decision 115)', () => {
  it('says what is read and what stays in the browser, within the stores’ 132 characters', () => {
    const manifest = buildManifest('chrome', cfg);
    expect(manifest.description).toBe(MANIFEST_DESCRIPTION);
    expect(MANIFEST_DESCRIPTION.length).toBeLessThanOrEqual(132);
    expect(MANIFEST_DESCRIPTION).toMatch(/after you agree/);
    expect(MANIFEST_DESCRIPTION).toMatch(/on-device mode keeps page text in your browser/);
  });
});

describe('extension id and config', () => {
  it('EXTENSION_ID is derived from the committed public key', async () => {
    expect(await extensionIdFromKey(EXTENSION_PUBLIC_KEY)).toBe(EXTENSION_ID);
    expect(EXTENSION_ID).toMatch(/^[a-p]{32}$/);
  });

  it('defaults: localhost:3000 for both, 5 s dwell; web origin normalised to an origin', () => {
    expect(configFromEnv({})).toMatchObject({ apiBase: 'http://localhost:3000', webOrigin: 'http://localhost:3000', dwellMs: 5000 });
    expect(cfg.webOrigin).toBe('https://app.example.org:8443');
    expect(() => configFromEnv({ MEDIADIET_DWELL_MS: 'soon' })).toThrow(/DWELL/);
  });

  it("the content script's text cap equals the contract's", () => {
    expect(TEXT_MAX).toBe(TOUCHPOINT_TEXT_MAX);
  });
});
