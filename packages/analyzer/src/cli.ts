/**
 * mediadiet-analyze: JSON lines in, JSON lines out.
 *   in:  {"id": …, "text": "…", "title"?: "…", "url"?: "…", "profile"?: {…}}
 *   out: {"id", "valence", "verdict", "drivers", "confidence", "overallScore", "tokens", "modelVersion", "categoryScores", "classificationAnalysis"}
 * A bad line gets {"id": … | null, "error": "…"} and the rest go on. Exit code 0 unless stdin fails.
 */
import { createInterface } from 'node:readline';
import { analyze } from './index.ts';
import type { Profile } from './types.ts';

function parseProfile(value: unknown): Profile | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error('"profile" must be an object');
  const { sensitivities } = value as { sensitivities?: unknown };
  if (sensitivities === undefined) return {};
  if (typeof sensitivities !== 'object' || sensitivities === null) throw new Error('"profile.sensitivities" must be an object');
  return { sensitivities: sensitivities };
}

export function processLine(line: string): string | undefined {
  if (line.trim() === '') return undefined;
  let id: unknown = null;
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('expected a JSON object');
    const obj = parsed as Record<string, unknown>;
    id = obj.id ?? null;
    if (typeof obj.text !== 'string') throw new Error('"text" must be a string');
    if (obj.title !== undefined && typeof obj.title !== 'string') throw new Error('"title" must be a string');
    const r = analyze({
      text: obj.text,
      title: obj.title,
      profile: parseProfile(obj.profile),
    });
    return JSON.stringify({
      id,
      valence: r.valence,
      verdict: r.verdict,
      drivers: r.drivers,
      confidence: r.confidence,
      overallScore: r.overallScore,
      tokens: r.tokens,
      modelVersion: r.modelVersion,
      categoryScores: r.categoryScores,
      classificationAnalysis: r.classificationAnalysis,
    });
  } catch (err) {
    return JSON.stringify({ id, error: err instanceof Error ? err.message : String(err) });
  }
}

export async function runCli(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<void> {
  const rl = createInterface({ input, crlfDelay: Infinity });
  for await (const line of rl) {
    const out = processLine(line);
    if (out !== undefined) output.write(`${out}\n`);
  }
}
