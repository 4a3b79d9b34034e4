import net from 'node:net';
import { routeAccepts, type RouteDef } from '@mediadiet/contract/http';
import { messages } from '@mediadiet/contract/messages';
import { TOUCHPOINT_TEXT_MAX } from '@mediadiet/contract/extension';
import { QUESTIONNAIRE_QUESTION_COUNT } from '@mediadiet/contract/constants';
import { allRoutes } from '@mediadiet/contract/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS, bodyLimitFor, DEFAULT_BODY_LIMIT, NO_BODY_LIMIT } from '../../src/http/route.ts';
import { TOUCHPOINT_TEXT_MAX_BYTES } from '../../src/modules/touchpoints/ingest.ts';
import { deviceScores, touchpoint } from '../helpers/extension.ts';
import { buildOwner, NOW, sharedHostileApp, type Owner } from './world.ts';

/**
 * Issue #9, oversize bodies: each contract route has a body limit derived from the contract
 * (bodyLimitFor, decision 091), and a body over it is refused with a 413 in the app's error shape —
 * over a real socket, before the client has finished sending it.
 */

const t = sharedHostileApp();
let owner: Owner;
let port: number;

beforeAll(async () => {
  owner = await buildOwner(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});

const MB = 1024 * 1024;

function credentialFor(route: RouteDef): Record<string, string> {
  if (route.auth === 'none') return {};
  return { authorization: `Bearer ${routeAccepts(route, 'session') ? owner.token : owner.apiKey}` };
}

function pathOf(route: RouteDef): string {
  const neutral: Record<string, string> = {
    id: 'nothing',
    url: 'not-on-the-list.com',
    month: '1',
    year: '2025',
  };
  return route.path.replace(/:(\w+)/g, (_, name: string) => neutral[name]!);
}

interface RawResponse {
  status: number;
  headers: string;
  body: string;
  /** Body bytes the client had written when the answer's headers arrived. */
  sentBeforeAnswer: number;
}

interface RawPostOptions {
  /** Without a credential (by default the owner's session). */
  anonymous?: boolean;
  /** The body in HTTP chunks, without a Content-Length. */
  chunked?: boolean;
}

/**
 * POSTs up to `total` bytes of a JSON body to `path` over a plain socket, a slice at a time, and stops sending
 * as soon as the server answers.
 */
function rawPost(path: string, total: number, options: RawPostOptions = {}): Promise<RawResponse> {
  const lines = [`POST ${path} HTTP/1.1`, `host: 127.0.0.1:${port}`];
  if (!options.anonymous) lines.push(`authorization: Bearer ${owner.token}`);
  lines.push('content-type: application/json');
  lines.push(options.chunked ? 'transfer-encoding: chunked' : `content-length: ${total}`);
  const head = `${lines.join('\r\n')}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let answeredAt = -1;
    let sent = 0;
    const finish = () => {
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return false;
      const headers = received.slice(0, end);
      const length = /content-length: (\d+)/i.exec(headers);
      const body = received.slice(end + 4);
      if (length && Buffer.byteLength(body) < Number(length[1])) return false;
      socket.destroy();
      resolve({ status: Number(received.slice(9, 12)), headers, body, sentBeforeAnswer: answeredAt });
      return true;
    };
    socket.on('data', (data) => {
      if (answeredAt === -1) answeredAt = sent;
      received += data.toString('utf8');
      finish();
    });
    socket.on('error', (error) => {
      // The server may close the socket on us once it has answered: that is the point.
      if (answeredAt === -1) reject(error);
    });
    socket.on('close', () => {
      if (!finish()) reject(new Error(`socket closed without a complete answer: ${received.slice(0, 200)}`));
    });
    socket.on('connect', () => {
      void (async () => {
        socket.write(head);
        const slice = Buffer.alloc(16 * 1024, 'a');
        while (sent < total && answeredAt === -1 && !socket.destroyed) {
          const piece = slice.subarray(0, Math.min(slice.length, total - sent));
          const framed = options.chunked
            ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
            : piece;
          sent += piece.length;
          if (!socket.write(framed)) await new Promise((r) => socket.once('drain', r));
          await new Promise((r) => setTimeout(r, 1));
        }
        if (options.chunked && answeredAt === -1 && !socket.destroyed) socket.write('0\r\n\r\n');
      })();
    });
  });
}

/** A 413 in the app's error shape, naming the route's limit. */
function expectTooLarge(response: { status: number; body: string }, limit: number): void {
  expect(response.status).toBe(413);
  expect(JSON.parse(response.body)).toEqual({ success: false, error: messages.server.bodyTooLarge(limit) });
}

describe('a multi-megabyte body is refused before it is read', () => {
  it('with a Content-Length over the limit: 413 at once, in the app’s error shape', async () => {
    const response = await rawPost('/api/account/urls', 8 * MB);
    expectTooLarge(response, DEFAULT_BODY_LIMIT);
    expect(response.sentBeforeAnswer).toBeLessThan(MB);
  });

  it('chunked (no length): 413 once the limit is passed, long before the end', async () => {
    const response = await rawPost('/api/account/urls', 8 * MB, { chunked: true });
    expectTooLarge(response, DEFAULT_BODY_LIMIT);
    expect(response.sentBeforeAnswer).toBeLessThan(2 * MB);
  });

  it('anonymous: 401 before a byte of the body is needed', async () => {
    const response = await rawPost('/api/extension/touchpoints', 8 * MB, { anonymous: true });
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body)).toMatchObject({ success: false });
    expect(response.sentBeforeAnswer).toBeLessThan(MB);
  });

  it('a route without a body takes 1 KB at most', async () => {
    const response = await rawPost('/api/subscription/cancel', 2 * MB);
    expectTooLarge(response, NO_BODY_LIMIT);
  });
});

describe('each route’s limit', () => {
  const withBodies = allRoutes.filter((route) => route.method !== 'GET');

  it('is the default for every route but those listed, and each listed route exists', () => {
    const ids = new Set(allRoutes.map((r) => r.operationId));
    for (const id of Object.keys(BODY_LIMITS)) expect(ids, id).toContain(id);
    for (const route of allRoutes) {
      const expected =
        BODY_LIMITS[route.operationId as keyof typeof BODY_LIMITS] ??
        (route.body ? DEFAULT_BODY_LIMIT : NO_BODY_LIMIT);
      expect(bodyLimitFor(route), route.operationId).toBe(expected);
    }
  });

  it.each(withBodies.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: one byte over is a 413 naming the limit; at the limit the body is read (400, not 413)',
    async (_name, route) => {
      const limit = bodyLimitFor(route);
      const url = `http://127.0.0.1:${port}${pathOf(route)}`;
      const headers = { ...credentialFor(route), 'content-type': 'application/json' };

      const over = await fetch(url, { method: route.method, headers, body: `{${'x'.repeat(limit)}` });
      expect(over.status).toBe(413);
      expect(await over.json()).toEqual({ success: false, error: messages.server.bodyTooLarge(limit) });

      // Not JSON (so no route can act on it), exactly at the limit: parsed, and refused as such.
      const at = await fetch(url, { method: route.method, headers, body: `{${'x'.repeat(limit - 1)}` });
      expect(at.status).toBe(400);
      expect(await at.json()).toEqual({ success: false, error: messages.server.invalidJson });
    },
  );
});

describe('the larger limits fit the largest bodies the contract allows', () => {
  it('a touch point with 200 KB of text, newlines and quotes, the longest title and device scores is accepted', async () => {
    // As much text as ingest takes, with two quotes and a line break in every 40 characters (JSON escapes them).
    const line = `${'word '.repeat(7)}"q"\n`;
    const text = line.repeat(
      Math.floor(Math.min(TOUCHPOINT_TEXT_MAX, TOUCHPOINT_TEXT_MAX_BYTES) / line.length),
    );
    const body = JSON.stringify(
      touchpoint({
        url: `https://news.example.org/${'p'.repeat(2000)}`,
        title: 'é'.repeat(1000),
        text,
        scores: deviceScores(),
        capturedAt: NOW.toISOString(),
      }),
    );
    expect(Buffer.byteLength(body)).toBeLessThan(BODY_LIMITS.extensionTouchpoints!);
    const response = await fetch(`http://127.0.0.1:${port}/api/extension/touchpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.apiKey}`, 'content-type': 'application/json' },
      body,
    });
    expect(response.status, await response.clone().text()).toBe(202);
  });

  it('questionnaire answers at the contract’s longest text, every character three UTF-8 bytes, fit', () => {
    const answers = Object.fromEntries(
      Array.from({ length: QUESTIONNAIRE_QUESTION_COUNT }, (_, i) => [`question-${i}`, '€'.repeat(5000)]),
    );
    expect(Buffer.byteLength(JSON.stringify({ answers }))).toBeLessThan(BODY_LIMITS.questionnaireSubmit!);
  });
});
