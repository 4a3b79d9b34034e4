/**
 * LLM back end (ANALYZER=llm): an OpenAI-compatible chat-completions call with a JSON-schema response format.
 * The model gives valence, overallScore and, per category, BaseScore and the probability that the page carries
 * it; the Bayes factor is recovered from that probability and CATEGORY_PRIOR, EffectiveN is the sentence count, and
 * classificationAnalysis uses the same correlation maths as the offline model. Tokens come from `usage`.
 * Configuration arrives as arguments (the server's config module reads the environment).
 */
import { z } from 'zod';
import { CATEGORIES, CATEGORY_IDS, type CategoryId } from '@mediadiet/contract/categories';
import { CATEGORY_PRIOR, correlate } from '../analyzer.ts';
import { resolveSensitivities } from '../profile.ts';
import { verdictOf } from '../felt.ts';
import { MODEL_TABLE } from '../model/index.ts';
import { splitSentences } from '../text.ts';
import type { AnalysisResult, AnalyzeInput, CategoryScore } from '../types.ts';

export interface LlmScorerConfig {
  /** e.g. https://api.openai.com/v1 — `/chat/completions` is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per attempt. Default 30 000 ms. */
  timeoutMs?: number;
  /** Retries after the first attempt on network errors, timeouts, 429 and 5xx. Default 2. */
  maxRetries?: number;
  /** First backoff delay; doubles per retry (with ±20 % jitter-free determinism). Default 500 ms. */
  backoffMs?: number;
  /** Characters of page text sent to the model. Default 24 000. */
  maxChars?: number;
}

export class LlmError extends Error {
  override readonly name: string = 'LlmError';
}
/** The model answered, but not in the agreed schema. */
export class LlmSchemaError extends LlmError {
  override readonly name = 'LlmSchemaError';
  constructor(
    message: string,
    readonly content: string,
  ) {
    super(message);
  }
}
export class LlmTimeoutError extends LlmError {
  override readonly name = 'LlmTimeoutError';
}
export class LlmHttpError extends LlmError {
  override readonly name = 'LlmHttpError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const categoryShape = Object.fromEntries(
  CATEGORY_IDS.map((id) => [
    id,
    z.object({ BaseScore: z.number().min(0).max(100), Probability: z.number().min(0).max(1) }).strict(),
  ]),
) as Record<CategoryId, z.ZodObject<{ BaseScore: z.ZodNumber; Probability: z.ZodNumber }>>;

export const LlmAnswerSchema = z
  .object({
    valence: z.number().min(-1).max(1),
    overallScore: z.number().min(0).max(100),
    categoryScores: z.object(categoryShape).strict(),
  })
  .strict();
export type LlmAnswer = z.infer<typeof LlmAnswerSchema>;

/** The JSON schema sent as response_format (strict mode). */
export const LLM_RESPONSE_SCHEMA = z.toJSONSchema(LlmAnswerSchema, { target: 'draft-7' });

const UsageSchema = z.object({ total_tokens: z.number().int().nonnegative() }).loose();
const CompletionSchema = z
  .object({
    model: z.string().optional(),
    choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }).loose() }).loose()).min(1),
    usage: UsageSchema.optional(),
  })
  .loose();

function systemPrompt(): string {
  const lines = CATEGORY_IDS.map((id) => `- ${id} (${CATEGORIES[id].classification}): ${CATEGORIES[id].description}`);
  return [
    'You rate how a web page is likely to make a typical reader feel. Answer only with JSON in the given schema.',
    'valence: -1 (very negative) to 1 (very positive). overallScore: 0-100, overall emotional impact.',
    'For each category: BaseScore 0-100 (intensity a reader is likely to feel) and Probability 0-1 (that the page',
    'carries the category more than ordinary text does). Categories:',
    ...lines,
  ].join('\n');
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface LlmScorer {
  analyze(input: AnalyzeInput): Promise<AnalysisResult>;
}

export function createLlmScorer(config: LlmScorerConfig): LlmScorer {
  const timeoutMs = config.timeoutMs ?? 30_000;
  const maxRetries = config.maxRetries ?? 2;
  const backoffMs = config.backoffMs ?? 500;
  const maxChars = config.maxChars ?? 24_000;
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function attempt(body: string): Promise<z.infer<typeof CompletionSchema>> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body,
        signal: controller.signal,
      });
      const text = await res.text();
      if (!res.ok) throw new LlmHttpError(`LLM request failed with HTTP ${res.status}: ${text.slice(0, 200)}`, res.status);
      const parsed = CompletionSchema.safeParse(JSON.parse(text));
      if (!parsed.success) throw new LlmSchemaError(`LLM response is not a chat completion: ${z.prettifyError(parsed.error)}`, text);
      return parsed.data;
    } catch (err) {
      if (controller.signal.aborted) throw new LlmTimeoutError(`LLM request timed out after ${timeoutMs} ms`);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  const retryable = (err: unknown): boolean =>
    err instanceof LlmTimeoutError ||
    (err instanceof LlmHttpError && (err.status === 429 || err.status >= 500)) ||
    (err instanceof TypeError); // fetch network failure

  return {
    async analyze(input: AnalyzeInput): Promise<AnalysisResult> {
      const page = `${input.title ? `Title: ${input.title}\n\n` : ''}${input.text}`.slice(0, maxChars);
      const body = JSON.stringify({
        model: config.model,
        temperature: 0,
        messages: [
          { role: 'system', content: systemPrompt() },
          { role: 'user', content: page },
        ],
        response_format: { type: 'json_schema', json_schema: { name: 'affect_analysis', strict: true, schema: LLM_RESPONSE_SCHEMA } },
      });
      let completion: z.infer<typeof CompletionSchema> | undefined;
      for (let i = 0; ; i++) {
        try {
          completion = await attempt(body);
          break;
        } catch (err) {
          if (i >= maxRetries || !retryable(err)) throw err;
          await sleep(backoffMs * 2 ** i);
        }
      }
      const content = completion.choices[0]?.message.content ?? '';
      let json: unknown;
      try {
        json = JSON.parse(content);
      } catch {
        throw new LlmSchemaError(`LLM answer is not JSON: ${content.slice(0, 200)}`, content);
      }
      const answer = LlmAnswerSchema.safeParse(json);
      if (!answer.success) {
        throw new LlmSchemaError(`LLM answer is out of schema: ${z.prettifyError(answer.error)}`, content);
      }
      return toResult(answer.data, input, completion.usage?.total_tokens ?? 0, completion.model ?? config.model);
    },
  };
}

function toResult(answer: LlmAnswer, input: AnalyzeInput, tokens: number, model: string): AnalysisResult {
  const n = splitSentences(`${input.title ?? ''}\n${input.text}`).length;
  const priorOdds = CATEGORY_PRIOR / (1 - CATEGORY_PRIOR);
  const categoryScores = {} as Record<CategoryId, CategoryScore>;
  for (const id of CATEGORY_IDS) {
    const { BaseScore, Probability } = answer.categoryScores[id];
    const p = Math.min(1 - 1e-6, Math.max(1e-6, Probability));
    categoryScores[id] = {
      BaseScore,
      Classification: CATEGORIES[id].classification,
      BayesFactor: Math.round((p / (1 - p) / priorOdds) * 1e4) / 1e4,
      PosteriorProbability: Probability,
      EffectiveN: n,
    };
  }
  const sens = resolveSensitivities(input.profile);
  // The verdict uses the offline model's fitted thresholds on the LLM's valence and scores (README "Verdict").
  const verdict = verdictOf(
    MODEL_TABLE.felt.verdict,
    answer.valence,
    CATEGORY_IDS.map((id) => ({ id, classification: CATEGORIES[id].classification, score: categoryScores[id].BaseScore })),
  );
  return {
    categoryScores,
    classificationAnalysis: correlate(
      CATEGORY_IDS.map((id) => categoryScores[id].BaseScore),
      CATEGORY_IDS.map((id) => sens[id]),
    ),
    valence: answer.valence,
    verdict: verdict.verdict,
    drivers: verdict.drivers,
    confidence: Math.round(verdict.confidence * 1e3) / 1e3,
    overallScore: answer.overallScore,
    tokens,
    modelVersion: `llm:${model}`,
  };
}
