import * as z from 'zod';
import { IdSchema, successWith } from './common';
import { SLIDER_MAX, SLIDER_MIN } from './constants';
import { PersonalityGroupSchema, QuestionTypeSchema, type PersonalityGroup } from './enums';
import { messages } from './messages';
import { UserConfigsSchema } from './user';

export {
  QUESTIONNAIRE_STATES,
  QuestionnaireStateSchema,
  QUESTION_TYPES,
  QuestionTypeSchema,
  PERSONALITY_GROUPS,
  PersonalityGroupSchema,
  type QuestionnaireState,
  type QuestionType,
  type PersonalityGroup,
} from './enums';

// ── Questions and answers (spec §3) ────────────────────────────────────────────────────────────────

/** A question. `answers` are the options (empty for TEXT_SHORT / TEXT_LONG; two for AB_SELECTION). */
export const QuestionSchema = z.object({
  id: IdSchema,
  question: z.string(),
  type: QuestionTypeSchema,
  answers: z.array(z.string()),
});
export type Question = z.infer<typeof QuestionSchema>;

/** Question id → a string, or a list of strings for MULTIPLE_CHOICE. */
export const AnswerSchema = z.union([z.string().max(5000), z.array(z.string().max(500))]);
export type Answer = z.infer<typeof AnswerSchema>;
export const AnswersSchema = z.record(z.string(), AnswerSchema);
export type Answers = z.infer<typeof AnswersSchema>;

/** Saved progress under STORAGE_KEYS.questionnaireProgress (spec §3: {answers, questions}). */
export const QuestionnaireProgressSchema = z.object({
  answers: AnswersSchema,
  questions: z.array(QuestionSchema),
});
export type QuestionnaireProgress = z.infer<typeof QuestionnaireProgressSchema>;

/** Unanswered = missing, empty string, empty list or blank text (spec §4). */
export function isAnswered(answer: Answer | undefined): boolean {
  if (answer === undefined) return false;
  if (Array.isArray(answer)) return answer.length > 0;
  return answer.trim().length > 0;
}

/** The question to resume at: the first unanswered one, or the last if all are answered (spec §4). */
export function resumeIndex(questions: readonly Pick<Question, 'id'>[], answers: Answers): number {
  const first = questions.findIndex((q) => !isAnswered(answers[q.id]));
  return first === -1 ? Math.max(0, questions.length - 1) : first;
}

// ── Personalization (spec §3) ──────────────────────────────────────────────────────────────────────

/** A slider score: integer 1 to 5, step 1 (spec §5). */
export const PersonalityScoreSchema = z
  .number({ error: messages.questionnaire.scoreRange })
  .int({ error: messages.questionnaire.scoreRange })
  .min(SLIDER_MIN, { error: messages.questionnaire.scoreRange })
  .max(SLIDER_MAX, { error: messages.questionnaire.scoreRange });
export type PersonalityScore = z.infer<typeof PersonalityScoreSchema>;

export const PersonalityItemSchema = z.object({
  category: z.string().min(1),
  score: PersonalityScoreSchema,
  description: z.string(),
});
export type PersonalityItem = z.infer<typeof PersonalityItemSchema>;

export const PersonalizationSchema = z.object({
  categoryScores: z.object({
    emotional: z.array(PersonalityItemSchema),
    behavioral: z.array(PersonalityItemSchema),
    cognitive: z.array(PersonalityItemSchema),
  }),
});
export type Personalization = z.infer<typeof PersonalizationSchema>;

/** A partial update: per group, the categories whose score changed (matched by `category`). */
export const PersonalizationUpdateSchema = z.object({
  categoryScores: z.object({
    emotional: z.array(z.object({ category: z.string().min(1), score: PersonalityScoreSchema })).optional(),
    behavioral: z.array(z.object({ category: z.string().min(1), score: PersonalityScoreSchema })).optional(),
    cognitive: z.array(z.object({ category: z.string().min(1), score: PersonalityScoreSchema })).optional(),
  }),
});
export type PersonalizationUpdate = z.infer<typeof PersonalizationUpdateSchema>;

/** GET / PATCH /api/account/personalization. `personalization` is null until the questionnaire completes. */
export const PersonalizationResponseSchema = successWith({
  personalization: PersonalizationSchema.nullable(),
});
export type PersonalizationResponse = z.infer<typeof PersonalizationResponseSchema>;

/** Group headings of the snapshot (spec §2). */
export const PERSONALITY_GROUP_LABELS: Record<PersonalityGroup, string> = {
  emotional: messages.questionnaire.groupEmotional,
  behavioral: messages.questionnaire.groupBehavioral,
  cognitive: messages.questionnaire.groupCognitive,
};

/** Slider label (spec §2): ≤1 Immature, 2 Developing, 3 Balanced, 4 Maturing, ≥5 Mature. */
export function personalityScoreLabel(score: number): string {
  const s = Math.round(score);
  if (s <= 1) return messages.questionnaire.scoreImmature;
  if (s === 2) return messages.questionnaire.scoreDeveloping;
  if (s === 3) return messages.questionnaire.scoreBalanced;
  if (s === 4) return messages.questionnaire.scoreMaturing;
  return messages.questionnaire.scoreMature;
}

/** The personalization items in the order PATCH /api/questionnaire's `index` counts them. */
export function flattenPersonalization(
  p: Personalization,
): { group: PersonalityGroup; item: PersonalityItem }[] {
  return PersonalityGroupSchema.options.flatMap((group) =>
    p.categoryScores[group].map((item) => ({ group, item })),
  );
}

// ── Calls ──────────────────────────────────────────────────────────────────────────────────────────

/** GET /api/questionnaire: the questions (spec: {success, data, error}). */
export const QuestionnaireResponseSchema = successWith({
  data: z.array(QuestionSchema),
  error: z.string().optional(),
});
export type QuestionnaireResponse = z.infer<typeof QuestionnaireResponseSchema>;

/**
 * POST /api/questionnaire: `{answers}`; the second client's configs payload `{configs: {answers}}` is
 * accepted too (spec §7). The server records the answers, sets the state to SUBMITTED and queues the work.
 */
export const QuestionnaireSubmitRequestSchema = z.union([
  z.object({ answers: AnswersSchema }),
  z.object({ configs: z.object({ answers: AnswersSchema }) }),
]);
export type QuestionnaireSubmitRequest = z.infer<typeof QuestionnaireSubmitRequestSchema>;

/** The answers of either submit shape. */
export function submittedAnswers(body: QuestionnaireSubmitRequest): Answers {
  return 'answers' in body ? body.answers : body.configs.answers;
}

export const QuestionnaireSubmitResponseSchema = successWith({
  data: z.object({ configs: UserConfigsSchema }),
  error: z.string().optional(),
});
export type QuestionnaireSubmitResponse = z.infer<typeof QuestionnaireSubmitResponseSchema>;

/**
 * PATCH /api/questionnaire: set one slider. `index` counts the snapshot's items in the order emotional,
 * behavioral, cognitive (see flattenPersonalization). Answers the updated personalization.
 */
export const QuestionnaireScoreRequestSchema = z.object({
  index: z.number().int().nonnegative(),
  score: PersonalityScoreSchema,
});
export type QuestionnaireScoreRequest = z.infer<typeof QuestionnaireScoreRequestSchema>;

export const QuestionnaireScoreResponseSchema = successWith({
  data: PersonalizationSchema,
  error: z.string().optional(),
});
export type QuestionnaireScoreResponse = z.infer<typeof QuestionnaireScoreResponseSchema>;

/** DELETE /api/questionnaire (opt out): state becomes OPT_OUT; answers `{success, user}`. */
export {
  UserResponseSchema as QuestionnaireOptOutResponseSchema,
  type UserResponse as QuestionnaireOptOutResponse,
} from './user';
