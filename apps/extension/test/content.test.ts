// @vitest-environment jsdom
// @vitest-environment-options { "url": "https://app.test/settings" }
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXTENSION_SOURCE, WEB_SOURCE, type BridgeRequestEnvelope } from '../src/bridge-protocol';
import { installBridge } from '../src/content/bridge-core';
import { startCapture } from '../src/content/capture-core';
import { Readability } from '@mozilla/readability';
import { extractReadable } from '../src/content/extract';

const WEB = 'https://app.test';
const envelope = (id = 'c1'): BridgeRequestEnvelope => ({
  source: WEB_SOURCE,
  id,
  message: { type: 'PING' },
});

function post(data: unknown, init: { origin?: string; source?: unknown } = {}) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: init.origin ?? WEB,
      source: (init.source ?? window) as Window,
    }),
  );
}

describe('bridge', () => {
  let uninstall = () => undefined as void;
  afterEach(() => {
    uninstall();
    vi.restoreAllMocks();
  });

  it('forwards a same-window message from the web origin and replies to the web origin with the same id', async () => {
    const forward = vi.fn(() => Promise.resolve({ ok: true, version: '1.2.3' }));
    const posted = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    uninstall = installBridge({ win: window, webOrigin: WEB, forward });
    post(envelope('abc'));
    await vi.waitFor(() => expect(posted).toHaveBeenCalled());
    expect(forward).toHaveBeenCalledWith({ type: 'PING' });
    expect(posted).toHaveBeenCalledWith(
      { source: EXTENSION_SOURCE, id: 'abc', response: { ok: true, version: '1.2.3' } },
      WEB,
    );
  });

  it('ignores other origins, other windows, foreign envelopes and its own replies', async () => {
    const forward = vi.fn(() => Promise.resolve({}));
    uninstall = installBridge({ win: window, webOrigin: WEB, forward });
    post(envelope(), { origin: 'https://evil.test' });
    post(envelope(), { source: { postMessage() {} } });
    post({ ...envelope(), source: 'someone-else' });
    post({ source: EXTENSION_SOURCE, id: 'x', response: {} });
    post({ source: WEB_SOURCE, id: '', message: { type: 'PING' } });
    post('PING');
    await new Promise((r) => setTimeout(r, 10));
    expect(forward).not.toHaveBeenCalled();
  });

  it('is not installed on a page that is not the web app', async () => {
    const forward = vi.fn(() => Promise.resolve({}));
    uninstall = installBridge({ win: window, webOrigin: 'https://other-app.test', forward });
    post(envelope(), { origin: 'https://other-app.test' });
    post(envelope());
    await new Promise((r) => setTimeout(r, 10));
    expect(forward).not.toHaveBeenCalled();
  });
});

/**
 * Starts capture on this document for another origin; the background allows it after `dwellMs` and queues
 * what is sent. Returns the messages sent, in order, and the stop function.
 */
function captureWithDwell(dwellMs: number) {
  const sent: { kind: string }[] = [];
  const runtime = {
    sendMessage: vi.fn((m: { kind: string }) => {
      sent.push(m);
      return Promise.resolve(
        m.kind === 'captureCheck' ? { capture: true, reason: null, dwellMs } : { status: 'queued' },
      );
    }),
  };
  const browser = { runtime } as unknown as Parameters<typeof startCapture>[0]['browser'];
  const stop = startCapture({ win: window, browser, webOrigin: 'https://elsewhere.test' });
  return { sent, stop };
}

describe('content capture', () => {
  it('never runs on the web app itself or in a private window', () => {
    const runtime = {
      sendMessage: vi.fn(() => Promise.resolve({ capture: true, reason: null, dwellMs: 0 })),
    };
    const browser = { runtime } as unknown as Parameters<typeof startCapture>[0]['browser'];
    startCapture({ win: window, browser, webOrigin: WEB })();
    const privateWindow = { runtime, extension: { inIncognitoContext: true } } as unknown as typeof browser;
    startCapture({ win: window, browser: privateWindow, webOrigin: 'https://elsewhere.test' })();
    expect(runtime.sendMessage).not.toHaveBeenCalled();
  });

  it('captures once the page has been visible for the dwell time', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<article>${'<p>Some words about a quiet walk in the park near the river.</p>'.repeat(10)}</article>`;
    const { sent, stop } = captureWithDwell(3000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(sent.map((m) => m.kind)).toEqual(['captureCheck']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((m) => m.kind)).toEqual(['captureCheck', 'capture']);
    expect(sent[1]).toMatchObject({ url: 'https://app.test/settings' });
    stop();
    vi.useRealTimers();
  });

  it('never reads a page with a password field (decision 112)', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<form><input type="email"><input type="PASSWORD"></form><article>${'<p>Your salary statement for November is ready to view here.</p>'.repeat(10)}</article>`;
    const { sent, stop } = captureWithDwell(1000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent.map((m) => m.kind)).toEqual(['captureCheck']);
    stop();
    vi.useRealTimers();
  });

  it('extracts readable title and text without touching the live document', () => {
    document.title = 'Site · Headline';
    document.body.innerHTML = `<nav>Home | About</nav><article><h1>Headline</h1>${'<p>A calm paragraph about gardens and the joy of growing tomatoes in the summer sun, with friends.</p>'.repeat(20)}</article><footer>© 2026</footer>`;
    const before = document.body.innerHTML;
    const page = extractReadable(document)!;
    expect(page.text).toContain('growing tomatoes');
    expect(page.text).not.toContain('\n');
    expect(page.title).toContain('Headline');
    expect(document.body.innerHTML).toBe(before);
  });

  it('gives the text plain Readability gives: the byline left out, links and javascript: links kept as text', () => {
    const paragraph = (i: number) =>
      `<div class="wrap"><p>Paragraph ${i} on <a href="/rel/${i}">relative links</a>, <a href="javascript:void(0)">a script link</a> and <em>emphasis</em>, long enough to count as content for the reader view here.</p></div>`;
    for (const byline of [
      '<p class="byline">By Ann Author</p>',
      '<div class="author-box"><a rel="author" href="/people/ann">Ann Author</a></div>',
      '',
    ]) {
      document.title = 'News · Site';
      document.body.innerHTML = `<header><nav><a href="/">Home</a></nav></header><main><article><h1>News</h1>${byline}${Array.from({ length: 25 }, (_, i) => paragraph(i)).join('')}</article></main><footer>© 2026</footer>`;
      const plain = new Readability(document.cloneNode(true) as Document, { charThreshold: 200 }).parse();
      const expected = (plain?.textContent ?? '').replace(/\s+/g, ' ').trim();
      const page = extractReadable(document)!;
      expect(page.text).toBe(expected);
      expect(page.text).toContain('a script link');
      if (byline) expect(page.text).not.toContain('Ann Author');
    }
  });

  it('drops control characters (the server refuses NUL) but keeps the words around them', () => {
    document.title = 'Tab\u0000 title';
    document.body.innerHTML = `<article>${'<p>Quiet\u0000 mornings by the lake\u0007 bring calm.</p>'.repeat(30)}</article>`;
    const page = extractReadable(document)!;
    expect(page.text).toContain('Quiet mornings by the lake bring calm.');
    expect(page.text).not.toContain('\u0000');
    expect(page.text).not.toContain('\u0007');
    expect(page.title).toBe('Tab title');
  });
});
