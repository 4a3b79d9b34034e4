import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sharedWebApp } from '../helpers/test-app.ts';

/**
 * The built web app's pre-compressed files (apps/web/vite-plugins.ts `precompress`, decision 139): sent as
 * they are to a browser that accepts them, with the headers of the plain file.
 */

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('a'.repeat(4000))});`;
const PLAIN_ONLY = 'console.log(1);';

const t = sharedWebApp({
  'index.html': INDEX,
  'index.html.br': brotliCompressSync(INDEX),
  'index.html.gz': gzipSync(INDEX),
  'assets/app-1.js': SCRIPT,
  'assets/app-1.js.br': brotliCompressSync(SCRIPT),
  'assets/app-1.js.gz': gzipSync(SCRIPT),
  'assets/small-1.js': PLAIN_ONLY,
});

describe('pre-compressed static files', () => {
  it('sends Brotli when accepted, gzip otherwise, plain to a client that accepts neither', async () => {
    const br = await t.app.inject({
      url: '/assets/app-1.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await t.app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the plain file when no compressed copy was written (a small file)', async () => {
    const res = await t.app.inject({ url: '/assets/small-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(PLAIN_ONLY);
  });

  it('keeps the HTML headers (CSP, no-cache) on a compressed index.html, also for SPA routes', async () => {
    for (const url of ['/', '/auth/dashboard']) {
      const res = await t.app.inject({
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'br' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });
});
