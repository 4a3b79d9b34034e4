import { ExtensionResultSchema, PingResponseSchema } from '@mediadiet/contract/extension';
import { describe, expect, it } from 'vitest';
import { CONNECT_MAX_AGE_MS, ERRORS, handleWebMessage } from '../src/background/external';
import { handleInternal, listen } from '../src/background/index';
import { setup, TEST_CONFIG, VALID_USER_ID } from './fakes';

const WEB = TEST_CONFIG.webOrigin;
const KEY = 'k'.repeat(40);
const verifyOk = { status: 200, body: { success: true, extension: { status: 'on', isInstalled: true } } };
const disabledOk = { status: 200, body: { success: true, urls: { current: [], defaults: [] } } };
const validity = (valid: boolean) => ({
  status: 200,
  body: { success: true, valid, userId: VALID_USER_ID, extension: { status: 'on', isInstalled: true } },
});

describe('web app messages', () => {
  it('PING answers ok with the version', async () => {
    const t = setup();
    const res = await handleWebMessage(t.ctx, { type: 'PING' }, WEB);
    expect(PingResponseSchema.parse(res)).toEqual({ ok: true, version: '1.2.3' });
  });

  it('refuses any other origin (and a missing one) before looking at the message', async () => {
    const t = setup({ routes: { 'POST /api/extension/verify': verifyOk } });
    for (const origin of ['https://evil.test', 'http://app.test', 'https://app.test:444', null]) {
      const res = await handleWebMessage(t.ctx, { type: 'CONNECT_EXTENSION', apiKey: KEY, userId: VALID_USER_ID, timestamp: t.now() }, origin);
      expect(res).toEqual({ success: false, error: ERRORS.origin });
    }
    expect(t.calls).toHaveLength(0);
    expect(t.data.apiKey).toBeUndefined();
  });

  it('validates with the contract schema', async () => {
    const t = setup();
    for (const bad of [null, 'PING', { type: 'NOPE' }, { type: 'CONNECT_EXTENSION', apiKey: KEY }]) {
      expect(await handleWebMessage(t.ctx, bad, WEB)).toEqual({ success: false, error: ERRORS.invalid });
    }
  });

  it('CONNECT_EXTENSION verifies the key as bearer, then stores it', async () => {
    const t = setup({ routes: { 'POST /api/extension/verify': verifyOk, 'GET /api/extension/disabled': disabledOk } });
    const res = await handleWebMessage(t.ctx, { type: 'CONNECT_EXTENSION', apiKey: KEY, userId: VALID_USER_ID, timestamp: t.now() - 1000 }, WEB);
    expect(ExtensionResultSchema.parse(res)).toEqual({ success: true });
    expect(t.calls[0]).toMatchObject({ method: 'POST', path: '/api/extension/verify', auth: `Bearer ${KEY}` });
    expect(t.data).toMatchObject({ apiKey: KEY, userId: VALID_USER_ID, connectedAt: t.now() });
  });

  it('CONNECT_EXTENSION with a timestamp older than 2 minutes is refused without a server call', async () => {
    const t = setup({ routes: { 'POST /api/extension/verify': verifyOk } });
    const res = await handleWebMessage(
      t.ctx,
      { type: 'CONNECT_EXTENSION', apiKey: KEY, userId: VALID_USER_ID, timestamp: t.now() - CONNECT_MAX_AGE_MS - 1 },
      WEB,
    );
    expect(res).toEqual({ success: false, error: ERRORS.expired });
    expect(t.calls).toHaveLength(0);
  });

  it('CONNECT_EXTENSION: a refused key or an unreachable server is a clear error and the key is not kept', async () => {
    const refused = setup({ routes: { 'POST /api/extension/verify': { status: 401, body: { error: 'Invalid key' } } } });
    const msg = { type: 'CONNECT_EXTENSION', apiKey: KEY, userId: VALID_USER_ID, timestamp: refused.now() };
    expect(await handleWebMessage(refused.ctx, msg, WEB)).toEqual({ success: false, error: ERRORS.verify });
    expect(refused.data.apiKey).toBeUndefined();
    const down = setup({ routes: { 'POST /api/extension/verify': 'network' } });
    expect(await handleWebMessage(down.ctx, { ...msg, timestamp: down.now() }, WEB)).toEqual({
      success: false,
      error: 'Network error occurred',
    });
  });

  it('DISABLED_CHANGED refetches the disabled list at once (the hourly cache is bypassed)', async () => {
    const t = setup({
      routes: { 'GET /api/extension/disabled': { status: 200, body: { success: true, urls: { current: ['newly-ignored.com'], defaults: [] } } } },
    });
    expect(await handleWebMessage(t.ctx, { type: 'DISABLED_CHANGED' }, WEB)).toEqual({ success: false, error: ERRORS.notConnected });
    t.data.apiKey = KEY;
    t.data.disabled = { domains: ['old.com'], fetchedAt: t.now() };
    expect(await handleWebMessage(t.ctx, { type: 'DISABLED_CHANGED' }, WEB)).toEqual({ success: true });
    expect(t.calls.at(-1)).toMatchObject({ method: 'GET', path: '/api/extension/disabled', auth: `Bearer ${KEY}` });
    expect((t.data.disabled as { domains: string[] }).domains).toContain('newly-ignored.com');
    expect((t.data.disabled as { domains: string[] }).domains).not.toContain('old.com');
  });

  it('DISCONNECT_EXTENSION forgets the key and drops the queue, without a server call', async () => {
    const t = setup();
    t.data.apiKey = KEY;
    t.data.userId = VALID_USER_ID;
    t.data.queue = [{ request: { url: 'https://a.com/', title: 'A', text: 'x', capturedAt: new Date(t.now()).toISOString() }, key: 'a', attempts: 0 }];
    expect(await handleWebMessage(t.ctx, { type: 'DISCONNECT_EXTENSION' }, WEB)).toEqual({ success: true });
    expect(t.data.apiKey).toBeUndefined();
    expect(t.data.userId).toBeUndefined();
    expect(t.data.queue).toBeUndefined();
    expect(t.calls).toHaveLength(0);
  });

  it('VALIDATE_TOKEN checks GET /api/extension/token/validity with the stored key', async () => {
    const t = setup({ routes: { 'GET /api/extension/token/validity': validity(true) } });
    expect(await handleWebMessage(t.ctx, { type: 'VALIDATE_TOKEN' }, WEB)).toEqual({ success: false, error: ERRORS.notConnected });
    t.data.apiKey = KEY;
    expect(await handleWebMessage(t.ctx, { type: 'VALIDATE_TOKEN' }, WEB)).toEqual({ success: true });
    expect(t.calls.at(-1)).toMatchObject({ method: 'GET', path: '/api/extension/token/validity', auth: `Bearer ${KEY}` });
  });

  it('VALIDATE_TOKEN: revoked (valid false or 401) forgets the key; a 5xx does not', async () => {
    const t = setup({ routes: { 'GET /api/extension/token/validity': validity(false) } });
    t.data.apiKey = KEY;
    expect(await handleWebMessage(t.ctx, { type: 'VALIDATE_TOKEN' }, WEB)).toEqual({ success: false, error: ERRORS.invalidToken });
    expect(t.data.apiKey).toBeUndefined();
    expect(t.data.connectionError).toBeTruthy();

    const d = setup({ routes: { 'GET /api/extension/token/validity': { status: 503 } } });
    d.data.apiKey = KEY;
    expect(await handleWebMessage(d.ctx, { type: 'VALIDATE_TOKEN' }, WEB)).toMatchObject({ success: false });
    expect(d.data.apiKey).toBe(KEY);
  });

  it('onMessageExternal checks sender.origin', async () => {
    const t = setup();
    listen(t.ctx);
    const ask = (origin: string) =>
      new Promise((resolve) => t.listeners.external[0]!({ type: 'PING' }, { origin, url: `${origin}/x` }, resolve));
    expect(await ask(WEB)).toEqual({ ok: true, version: '1.2.3' });
    expect(await ask('https://other.test')).toEqual({ success: false, error: ERRORS.origin });
  });

  it('the bridge path: only from this extension, with the tab on the web origin', async () => {
    const t = setup();
    const bridge = { kind: 'bridge' as const, message: { type: 'PING' } };
    expect(await handleInternal(t.ctx, bridge, { id: 'self-id', url: `${WEB}/settings`, tab: { id: 1, url: `${WEB}/settings` } })).toEqual({
      ok: true,
      version: '1.2.3',
    });
    expect(await handleInternal(t.ctx, bridge, { id: 'self-id', url: 'https://evil.test/', tab: { id: 1 } })).toEqual({
      success: false,
      error: ERRORS.origin,
    });
    expect(await handleInternal(t.ctx, bridge, { id: 'other', url: `${WEB}/`, tab: { id: 1 } })).toEqual({
      success: false,
      error: ERRORS.origin,
    });
  });
});

describe('CONNECT_EXTENSION for another account (docs/decisions/109)', () => {
  const OTHER_USER = 'user_999';
  const OTHER_KEY = 'o'.repeat(40);
  const CONFIRM_URL = 'chrome-extension://self-id/confirm/confirm.html';
  const owner = (userId: string) => ({
    status: 200,
    body: { success: true, valid: false, userId, extension: { status: 'off', isInstalled: true } },
  });
  const confirmPage = { id: 'self-id', url: CONFIRM_URL, tab: { id: 7, url: CONFIRM_URL } };

  /** Paired with KEY for VALID_USER_ID; the server says OTHER_KEY belongs to `keyOwner`. */
  async function paired(keyOwner: string) {
    const t = setup({
      routes: {
        'POST /api/extension/verify': verifyOk,
        'GET /api/extension/disabled': disabledOk,
        'GET /api/extension/token/validity': owner(keyOwner),
      },
    });
    await t.ctx.store.set({ apiKey: KEY, userId: VALID_USER_ID, connectedAt: t.now() });
    return t;
  }

  const connectOther = (t: Awaited<ReturnType<typeof paired>>, claimedUserId = OTHER_USER) =>
    handleWebMessage(t.ctx, { type: 'CONNECT_EXTENSION', apiKey: OTHER_KEY, userId: claimedUserId, timestamp: t.now() }, WEB);

  it('does not switch silently: the key waits unused and the extension opens its own page to ask', async () => {
    const t = await paired(OTHER_USER);
    expect(await connectOther(t)).toEqual({ success: false, error: ERRORS.confirmSwitch });
    expect(t.data.apiKey).toBe(KEY);
    expect(t.data.userId).toBe(VALID_USER_ID);
    expect(t.opened).toEqual([CONFIRM_URL]);
    // Asked whose the key is; never switched it on.
    expect(t.calls.map((c) => `${c.method} ${c.path} ${c.auth}`)).toEqual([
      `GET /api/extension/token/validity Bearer ${OTHER_KEY}`,
    ]);
  });

  it('goes by the server’s owner of the key, not the user id the page claims', async () => {
    const t = await paired(OTHER_USER);
    expect(await connectOther(t, VALID_USER_ID)).toEqual({ success: false, error: ERRORS.confirmSwitch });
    expect(t.data.apiKey).toBe(KEY);
  });

  it('connects at once when the key is for the paired account (a re-pairing)', async () => {
    const t = await paired(VALID_USER_ID);
    expect(await connectOther(t, VALID_USER_ID)).toEqual({ success: true });
    expect(t.data.apiKey).toBe(OTHER_KEY);
    expect(t.opened).toEqual([]);
  });

  it('switches only after the person accepts on the confirmation page, dropping what was queued for the old account', async () => {
    const t = await paired(OTHER_USER);
    await connectOther(t);
    await t.ctx.store.set({ queue: [{ request: { url: 'https://a.test/', title: 'A', text: 'x', capturedAt: new Date(t.now()).toISOString() }, key: 'a', attempts: 0 }] });
    expect(await handleInternal(t.ctx, { kind: 'switchPending' }, confirmPage)).toEqual({ pending: true });
    expect(await handleInternal(t.ctx, { kind: 'switchDecision', accept: true }, confirmPage)).toEqual({ success: true });
    expect(t.data).toMatchObject({ apiKey: OTHER_KEY, userId: OTHER_USER });
    expect(t.data.queue ?? []).toEqual([]);
    expect(t.data.pendingSwitch).toBeUndefined();
  });

  it('keeps the current account when the person declines, and forgets the offered key', async () => {
    const t = await paired(OTHER_USER);
    await connectOther(t);
    expect(await handleInternal(t.ctx, { kind: 'switchDecision', accept: false }, confirmPage)).toEqual({ success: true });
    expect(t.data).toMatchObject({ apiKey: KEY, userId: VALID_USER_ID });
    expect(t.data.pendingSwitch).toBeUndefined();
    expect(t.calls.some((c) => c.path === '/api/extension/verify')).toBe(false);
  });

  it('lets a waiting switch expire', async () => {
    const t = await paired(OTHER_USER);
    await connectOther(t);
    t.advance(11 * 60_000);
    expect(await handleInternal(t.ctx, { kind: 'switchPending' }, confirmPage)).toEqual({ pending: false });
    expect(await handleInternal(t.ctx, { kind: 'switchDecision', accept: true }, confirmPage)).toEqual({
      success: false,
      error: ERRORS.noPendingSwitch,
    });
    expect(t.data.apiKey).toBe(KEY);
  });

  it('takes the answer only from its own confirmation page, never from a web page (content script or bridge)', async () => {
    const t = await paired(OTHER_USER);
    await connectOther(t);
    const contentScript = { id: 'self-id', url: `${WEB}/auth/dashboard`, tab: { id: 3, url: `${WEB}/auth/dashboard` } };
    expect(await handleInternal(t.ctx, { kind: 'switchDecision', accept: true }, contentScript)).toEqual({
      success: false,
      error: 'Origin not allowed',
    });
    // Nor through the web app's own messages.
    expect(await handleWebMessage(t.ctx, { kind: 'switchDecision', accept: true }, WEB)).toEqual({
      success: false,
      error: ERRORS.invalid,
    });
    expect(t.data.apiKey).toBe(KEY);
    expect(t.data.pendingSwitch).toBeDefined();
  });
});
