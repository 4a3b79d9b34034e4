import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from '@mediadiet/contract/categories';
import { createLlmScorer, LlmSchemaError, LlmTimeoutError } from '../src/llm/index.ts';

type Behaviour = 'valid' | 'out-of-schema' | 'flaky' | 'hang';

function validAnswer(): string {
  return JSON.stringify({
    valence: -0.4,
    overallScore: 62,
    categoryScores: Object.fromEntries(
      CATEGORY_IDS.map((id) => [id, { BaseScore: id === 'fear' ? 80 : 5, Probability: id === 'fear' ? 0.9 : 0.1 }]),
    ),
  });
}

function completion(content: string): string {
  return JSON.stringify({
    id: 'cmpl-1',
    object: 'chat.completion',
    model: 'local-test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 23, total_tokens: 123 },
  });
}

let server: Server;
let baseUrl: string;
const hits: Record<Behaviour, number> = { valid: 0, 'out-of-schema': 0, flaky: 0, hang: 0 };
const requests: { auth: string | undefined; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const behaviour = (req.url ?? '').split('/')[1] as Behaviour;
      hits[behaviour]++;
      requests.push({ auth: req.headers.authorization, body: JSON.parse(body) as Record<string, unknown> });
      if (req.url !== `/${behaviour}/chat/completions`) {
        res.writeHead(404).end();
        return;
      }
      if (behaviour === 'hang') return; // never answers
      if (behaviour === 'flaky' && hits.flaky === 1) {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
        return;
      }
      const content = behaviour === 'out-of-schema' ? JSON.stringify({ valence: 3, mood: 'sad' }) : validAnswer();
      res.writeHead(200, { 'content-type': 'application/json' }).end(completion(content));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('LLM scorer against a local OpenAI-compatible server', () => {
  it('maps a valid answer to the analysis fields, with tokens from usage', async () => {
    const scorer = createLlmScorer({ baseUrl: `${baseUrl}/valid`, apiKey: 'sk-test', model: 'local-test-model' });
    const r = await scorer.analyze({ title: 'Storm', text: 'A storm is coming. Stay inside.' });
    expect(r.tokens).toBe(123);
    expect(r.valence).toBe(-0.4);
    expect(r.overallScore).toBe(62);
    expect(r.modelVersion).toBe('llm:local-test-model');
    expect(r.categoryScores.fear).toEqual({ BaseScore: 80, Classification: 'mal', BayesFactor: 9, PosteriorProbability: 0.9, EffectiveN: 3 });
    expect(r.categoryScores.joy.Classification).toBe('pro');
    expect(r.classificationAnalysis.correlationCoefficient).toBeGreaterThan(0);
    const sent = requests.at(-1)!;
    expect(sent.auth).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('local-test-model');
    expect(sent.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
  });

  it('rejects an out-of-schema answer with a clear error', async () => {
    const scorer = createLlmScorer({ baseUrl: `${baseUrl}/out-of-schema`, model: 'm', maxRetries: 0 });
    const err = await scorer.analyze({ text: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmSchemaError);
    expect((err as Error).message).toMatch(/out of schema/);
    expect((err as Error).message).toMatch(/valence|categoryScores|mood/);
  });

  it('retries a 500 with backoff and then succeeds', async () => {
    const scorer = createLlmScorer({ baseUrl: `${baseUrl}/flaky`, model: 'm', maxRetries: 2, backoffMs: 10 });
    const r = await scorer.analyze({ text: 'Some text.' });
    expect(hits.flaky).toBe(2);
    expect(r.tokens).toBe(123);
  });

  it('times out a hanging server', async () => {
    const scorer = createLlmScorer({ baseUrl: `${baseUrl}/hang`, model: 'm', timeoutMs: 150, maxRetries: 1, backoffMs: 10 });
    const started = Date.now();
    const err = await scorer.analyze({ text: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmTimeoutError);
    expect((err as Error).message).toMatch(/timed out after 150 ms/);
    expect(hits.hang).toBe(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
