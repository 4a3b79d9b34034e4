import type { AnalysisResult } from '@mediadiet/analyzer';
import type { CategoryId } from '@mediadiet/contract/categories';
import type { Answers } from '@mediadiet/contract/questionnaire';
import {
  BALANCED_SCORE,
  balancedScores,
  ITEM_KEYS,
  normalizeScores,
  type ItemKey,
  type ItemScores,
} from './personality.ts';
import { QUESTIONS, TEXT_CUE_FULL, TEXT_CUE_HALF, type Effects, type QuestionDef } from './questions.ts';

/** Scores a text answer: the offline analyzer's `analyze` (tests inject a failing one). */
export type AnalyzeText = (text: string) => AnalysisResult | Promise<AnalysisResult>;

/** The most one question moves one item (either way). */
export const MAX_PER_QUESTION = 1;

/**
 * The scoring key of decision 081: every item starts at 3; each answered question adds its effects
 * (options chosen; text cues by the analyzer's BaseScores), at most ±1 per item per question; the total is
 * rounded (halves away from 3) and clamped to 1–5. Unknown question ids and options are ignored (the questions may have changed
 * since the answers were stored).
 */
export async function scoreAnswers(
  answers: Answers,
  analyzeText: AnalyzeText,
  questions: readonly QuestionDef[] = QUESTIONS,
): Promise<ItemScores> {
  const raw: Record<ItemKey, number> = balancedScores();
  for (const question of questions) {
    const answer = answers[question.id];
    if (answer === undefined) continue;
    const effects = await questionEffects(question, answer, analyzeText);
    for (const key of ITEM_KEYS) {
      const delta = effects[key] ?? 0;
      raw[key] += Math.max(-MAX_PER_QUESTION, Math.min(MAX_PER_QUESTION, delta));
    }
  }
  // Halves round away from Balanced in both directions (symmetric), then clamp to 1–5.
  const rounded = Object.fromEntries(
    ITEM_KEYS.map((key) => {
      const offset = raw[key] - BALANCED_SCORE;
      return [key, BALANCED_SCORE + Math.sign(offset) * Math.round(Math.abs(offset))];
    }),
  );
  return normalizeScores(rounded);
}

/** Strength of a text cue from the category's BaseScore: 1, ½ or 0. */
export function cueStrength(baseScore: number): number {
  if (baseScore >= TEXT_CUE_FULL) return 1;
  if (baseScore >= TEXT_CUE_HALF) return 0.5;
  return 0;
}

async function questionEffects(
  question: QuestionDef,
  answer: string | string[],
  analyzeText: AnalyzeText,
): Promise<Effects> {
  const total: Effects = {};
  const add = (effects: Effects, factor = 1) => {
    for (const [key, value] of Object.entries(effects) as [ItemKey, number][]) {
      total[key] = (total[key] ?? 0) + value * factor;
    }
  };
  if ('options' in question) {
    const chosen = Array.isArray(answer) ? answer : [answer];
    for (const option of question.options) if (chosen.includes(option.text)) add(option.effects);
    return total;
  }
  const text = Array.isArray(answer) ? answer.join('\n') : answer;
  if (text.trim() === '') return total;
  const result = await analyzeText(text);
  for (const [category, effects] of Object.entries(question.cues) as [CategoryId, Effects][]) {
    const strength = cueStrength(result.categoryScores[category].BaseScore);
    if (strength > 0) add(effects, strength);
  }
  return total;
}
