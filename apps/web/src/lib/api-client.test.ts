import { afterEach, describe, expect, it, vi } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { z } from 'zod';
import { defineRoute } from '@mediadiet/contract/http';
import { messages } from '@mediadiet/contract/messages';
import { AUTH_TOKEN_KEY, POST_TIMEOUT_MS } from '@mediadiet/contract/constants';
import { server } from '@/testing/msw-server';
import { ApiError, apiRequest, safeRequest, UNEXPECTED_RESPONSE_MESSAGE } from '@/lib/api-client';

// Routes defined here, so the client is tested against the RouteDef shape rather than today's route list.
const getThing = defineRoute({
  operationId: 'getThing',
  method: 'GET',
  path: '/api/things/:id',
  summary: 'Read a thing',
  tag: 'test',
  auth: 'session',
  params: z.object({ id: z.string() }),
  query: z.object({ page: z.number().optional(), q: z.string().optional() }),
  response: z.object({ success: z.literal(true), name: z.string(), error: z.null().optional() }),
});

const createThing = defineRoute({
  operationId: 'createThing',
  method: 'POST',
  path: '/api/things',
  summary: 'Create a thing',
  tag: 'test',
  auth: 'session',
  body: z.object({ name: z.string() }),
  response: z.object({ success: z.literal(true), id: z.string() }),
});

const listThings = defineRoute({
  operationId: 'listThings',
  method: 'GET',
  path: '/api/things',
  summary: 'List things',
  tag: 'test',
  auth: 'session',
  response: z.object({ success: z.literal(true), things: z.array(z.string()) }),
});

const patchThing = defineRoute({
  operationId: 'patchThing',
  method: 'PATCH',
  path: '/api/things',
  summary: 'Update things',
  tag: 'test',
  auth: 'session',
  body: z.object({ name: z.string() }),
  response: z.object({ success: z.literal(true) }),
});

const forgetThings = defineRoute({
  operationId: 'forgetThings',
  method: 'DELETE',
  path: '/api/things',
  summary: 'Delete things, answering 204',
  tag: 'test',
  auth: 'session',
  response: z.undefined(),
});

const THINGS = '*/api/things';

afterEach(() => {
  vi.useRealTimers();
});

describe('apiRequest: what it sends', () => {
  it('sends the stored token as a bearer token, with credentials, and returns the parsed body', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok-123');
    let seen: Request | undefined;
    server.use(
      http.get(`${THINGS}/:id`, ({ request }) => {
        seen = request;
        return HttpResponse.json({ success: true, name: 'Calm' });
      }),
    );

    await expect(apiRequest(getThing, { params: { id: 'a1' } })).resolves.toEqual({
      success: true,
      name: 'Calm',
    });
    expect(seen?.headers.get('authorization')).toBe('Bearer tok-123');
    expect(seen?.credentials).toBe('include');
    expect(seen?.method).toBe('GET');
  });

  it('sends no Authorization header without a stored token', async () => {
    let seen: Request | undefined;
    server.use(
      http.get(THINGS, ({ request }) => {
        seen = request;
        return HttpResponse.json({ success: true, things: [] });
      }),
    );

    await apiRequest(listThings);
    expect(seen?.headers.has('authorization')).toBe(false);
  });

  it('encodes path parameters and appends the query, skipping undefined values', async () => {
    let url: URL | undefined;
    server.use(
      http.get(`${THINGS}/:id`, ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ success: true, name: 'x' });
      }),
    );

    await apiRequest(getThing, { params: { id: 'a b/c' }, query: { page: 2, q: undefined } });
    expect(url?.pathname).toBe('/api/things/a%20b%2Fc');
    expect(url?.search).toBe('?page=2');
  });

  it('sends the body as JSON', async () => {
    let received: unknown;
    let contentType: string | null = null;
    server.use(
      http.post(THINGS, async ({ request }) => {
        contentType = request.headers.get('content-type');
        received = await request.json();
        return HttpResponse.json({ success: true, id: 't1' }, { status: 201 });
      }),
    );

    await expect(apiRequest(createThing, { body: { name: 'Hope' } })).resolves.toEqual({
      success: true,
      id: 't1',
    });
    expect(received).toEqual({ name: 'Hope' });
    expect(contentType).toBe('application/json');
  });

  it('accepts an empty 2xx when the route expects no body', async () => {
    server.use(http.delete(THINGS, () => new HttpResponse(null, { status: 204 })));
    await expect(apiRequest(forgetThings)).resolves.toBeUndefined();
  });
});

describe('apiRequest: failures (spec §7, §8)', () => {
  async function failure(promise: Promise<unknown>): Promise<ApiError> {
    const error = await promise.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }

  it("uses the server's error field of a non-2xx response", async () => {
    server.use(
      http.get(THINGS, () =>
        HttpResponse.json({ success: false, error: 'Plan not found', message: 'ignored' }, { status: 404 }),
      ),
    );
    const error = await failure(apiRequest(listThings));
    expect(error.message).toBe('Plan not found');
    expect(error.status).toBe(404);
  });

  it("falls back to the server's message field", async () => {
    server.use(http.get(THINGS, () => HttpResponse.json({ message: 'Too many requests' }, { status: 429 })));
    const error = await failure(apiRequest(listThings));
    expect(error).toMatchObject({ message: 'Too many requests', status: 429 });
  });

  it("says 'Request failed with status {code}' when the server gives no text", async () => {
    server.use(http.get(THINGS, () => HttpResponse.json({ success: false }, { status: 500 })));
    await expect(failure(apiRequest(listThings))).resolves.toMatchObject({
      message: messages.http.status(500),
      status: 500,
    });
    expect(messages.http.status(500)).toBe('Request failed with status 500');
  });

  it("says 'Request failed with status {code}' for a non-JSON or empty error body", async () => {
    server.use(http.get(THINGS, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await expect(failure(apiRequest(listThings))).resolves.toMatchObject({
      message: 'Request failed with status 502',
      status: 502,
    });

    server.use(http.get(THINGS, () => new HttpResponse(null, { status: 503 })));
    await expect(failure(apiRequest(listThings))).resolves.toMatchObject({
      message: 'Request failed with status 503',
      status: 503,
    });
  });

  it('treats a 2xx response with an error field as a failure with that text', async () => {
    server.use(http.get(THINGS, () => HttpResponse.json({ success: false, error: 'User not logged in' })));
    await expect(failure(apiRequest(listThings))).resolves.toMatchObject({
      message: 'User not logged in',
      status: 200,
    });
  });

  it('reads the text of an error object in a 2xx response, else reports an unknown error', async () => {
    server.use(http.get(THINGS, () => HttpResponse.json({ error: { message: 'Quota exceeded' } })));
    await expect(failure(apiRequest(listThings))).resolves.toMatchObject({
      message: 'Quota exceeded',
      status: 200,
    });

    server.use(http.get(THINGS, () => HttpResponse.json({ error: true })));
    await expect(failure(apiRequest(listThings))).resolves.toMatchObject({
      message: messages.http.unknown,
      status: 200,
    });
  });

  it('does not count an empty error field (null) as a failure', async () => {
    server.use(
      http.get(`${THINGS}/:id`, () => HttpResponse.json({ success: true, name: 'ok', error: null })),
    );
    await expect(apiRequest(getThing, { params: { id: '1' } })).resolves.toEqual({
      success: true,
      name: 'ok',
      error: null,
    });
  });

  it("says 'No data received from server' for an empty 2xx where data is expected", async () => {
    server.use(http.get(THINGS, () => new HttpResponse(null, { status: 200 })));
    await expect(failure(apiRequest(listThings))).resolves.toMatchObject({
      message: 'No data received from server',
      status: 200,
    });

    server.use(http.get(THINGS, () => HttpResponse.json(null)));
    await expect(failure(apiRequest(listThings))).resolves.toMatchObject({ message: messages.http.noData });
  });

  it("says 'An unknown error occurred' for a 2xx body that is not JSON", async () => {
    server.use(http.get(THINGS, () => HttpResponse.text('hello')));
    await expect(failure(apiRequest(listThings))).resolves.toMatchObject({
      message: 'An unknown error occurred',
      status: 200,
    });
  });

  it("says 'An unknown error occurred' (status 0) when the request cannot even be built", async () => {
    // A missing path parameter: a caller bug caught before anything is sent.
    const call = apiRequest(getThing, { params: {} as { id: string } });
    await expect(failure(call)).resolves.toMatchObject({ message: messages.http.unknown, status: 0 });
  });

  it('fails clearly when a 2xx body does not match the route schema', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.get(THINGS, () => HttpResponse.json({ success: true, things: 'not a list' })));
    const error = await failure(apiRequest(listThings));
    expect(error.message).toBe(UNEXPECTED_RESPONSE_MESSAGE);
    expect(error.status).toBe(200);
    expect(error.issues?.[0]?.path).toEqual(['things']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('listThings'), expect.anything());
  });

  it('takes a trusted long list as it is (validate: false), but still refuses a body that is no object', async () => {
    server.use(http.get(THINGS, () => HttpResponse.json({ success: true, things: 'not checked', extra: 1 })));
    await expect(apiRequest(listThings, { validate: false })).resolves.toEqual({
      success: true,
      things: 'not checked',
      extra: 1,
    });
    server.use(http.get(THINGS, () => HttpResponse.json([1, 2])));
    await expect(failure(apiRequest(listThings, { validate: false }))).resolves.toMatchObject({
      message: UNEXPECTED_RESPONSE_MESSAGE,
      status: 200,
    });
    server.use(http.get(THINGS, () => HttpResponse.json({ success: false, error: 'Nope' })));
    await expect(failure(apiRequest(listThings, { validate: false }))).resolves.toMatchObject({
      message: 'Nope',
    });
  });

  it("says 'Network error occurred' with status 0 when the server cannot be reached", async () => {
    server.use(http.get(THINGS, () => HttpResponse.error()));
    await expect(failure(apiRequest(listThings))).resolves.toMatchObject({
      message: 'Network error occurred',
      status: 0,
    });
  });
});

describe('apiRequest: time-out and cancellation', () => {
  it("aborts a POST after 10 seconds with 'Request timeout after 10 seconds'", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.post(THINGS, async () => {
        await delay('infinite');
        return HttpResponse.json({ success: true, id: 'late' });
      }),
    );

    const outcome = safeRequest(createThing, { body: { name: 'slow' } });
    let settled = false;
    void outcome.then(() => (settled = true));

    await vi.advanceTimersByTimeAsync(POST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toEqual({
      ok: false,
      error: 'Request timeout after 10 seconds',
      status: 0,
    });
    expect(POST_TIMEOUT_MS).toBe(10_000);
  });

  it('gives other methods no time-out (spec §9)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(THINGS, async () => {
        await released;
        return HttpResponse.json({ success: true, things: ['late'] });
      }),
      http.patch(THINGS, async () => {
        await released;
        return HttpResponse.json({ success: true });
      }),
    );

    const get = apiRequest(listThings);
    const patch = apiRequest(patchThing, { body: { name: 'n' } });
    await vi.advanceTimersByTimeAsync(POST_TIMEOUT_MS * 6);
    release();
    await expect(get).resolves.toEqual({ success: true, things: ['late'] });
    await expect(patch).resolves.toEqual({ success: true });
  });

  it('clears the POST timer once the answer arrives', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(http.post(THINGS, () => HttpResponse.json({ success: true, id: 'fast' })));
    await expect(apiRequest(createThing, { body: { name: 'n' } })).resolves.toEqual({
      success: true,
      id: 'fast',
    });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rethrows the caller's own abort unchanged (TanStack Query cancellation), from both entry points", async () => {
    server.use(
      http.get(THINGS, async () => {
        await delay('infinite');
        return HttpResponse.json({ success: true, things: [] });
      }),
    );

    const controller = new AbortController();
    const thrown = apiRequest(listThings, { signal: controller.signal });
    const safe = safeRequest(listThings, { signal: controller.signal });
    controller.abort();
    await expect(thrown).rejects.toMatchObject({ name: 'AbortError' });
    await expect(thrown).rejects.not.toBeInstanceOf(ApiError);
    await expect(safe).rejects.toMatchObject({ name: 'AbortError' });

    const already = new AbortController();
    already.abort();
    await expect(apiRequest(listThings, { signal: already.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('safeRequest', () => {
  it('resolves with { ok: true, data } on success', async () => {
    server.use(http.get(THINGS, () => HttpResponse.json({ success: true, things: ['a'] })));
    await expect(safeRequest(listThings)).resolves.toEqual({
      ok: true,
      data: { success: true, things: ['a'] },
    });
  });

  it('resolves with { ok: false, error, status } on failure instead of rejecting', async () => {
    server.use(http.get(THINGS, () => HttpResponse.json({ error: 'Nope' }, { status: 403 })));
    await expect(safeRequest(listThings)).resolves.toEqual({ ok: false, error: 'Nope', status: 403 });

    server.use(http.get(THINGS, () => HttpResponse.error()));
    await expect(safeRequest(listThings)).resolves.toEqual({
      ok: false,
      error: messages.http.network,
      status: 0,
    });
  });
});
