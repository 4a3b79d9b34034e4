import { useSyncExternalStore } from 'react';
import {
  isAnswered,
  QuestionnaireProgressSchema,
  type QuestionnaireProgress,
} from '@mediadiet/contract/questionnaire';
import { env } from '@/config/env';
import { readItem, removeItem, subscribeToStorage, writeItem } from '@/lib/storage';

/**
 * The questionnaire's local storage (spec §3): `questionnaire_progress` = {answers, questions},
 * `questionnaire_count` (how many questions the saved progress answers), and the NOT_STARTED steps
 * `questionnaire_offer_shown` / `questionnaire_welcome_shown`. The questionnaire writes them; other screens
 * (the insights gating) only read the progress, so the one module that knows the keys lives here.
 */

const keys = env.questionnaireStorageKeys;

/** How far the saved progress got: nothing answered, some questions answered, or all of them. */
export type QuestionnaireProgressStage = 'none' | 'some' | 'all';

export function parseQuestionnaireProgress(raw: string | null): QuestionnaireProgress | null {
  if (!raw) return null;
  try {
    const parsed = QuestionnaireProgressSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The number of the progress's questions that are answered. */
export function answeredCount(progress: Pick<QuestionnaireProgress, 'answers' | 'questions'>): number {
  return progress.questions.filter((q) => isAnswered(progress.answers[q.id])).length;
}

/** Unanswered = missing, empty, empty list or blank text (spec §4); no saved questions counts as none. */
export function progressStage(progress: QuestionnaireProgress | null): QuestionnaireProgressStage {
  const questions = progress?.questions ?? [];
  if (!progress || questions.length === 0) return 'none';
  const answered = answeredCount(progress);
  if (answered === 0) return 'none';
  return answered === questions.length ? 'all' : 'some';
}

const readRaw = () => readItem(keys.progress);

/** The saved progress, or null when there is none (or it is unreadable). */
export function readQuestionnaireProgress(): QuestionnaireProgress | null {
  return parseQuestionnaireProgress(readRaw());
}

/** Save stores the answers and the questions (spec §4), and the count of answered questions. */
export function saveQuestionnaireProgress(progress: QuestionnaireProgress): void {
  writeItem(keys.progress, JSON.stringify({ answers: progress.answers, questions: progress.questions }));
  writeItem(keys.count, String(answeredCount(progress)));
}

/** After a successful submit the saved progress and count are cleared (spec §4). */
export function clearQuestionnaireProgress(): void {
  removeItem(keys.progress);
  removeItem(keys.count);
}

/** The stage of the saved progress, following changes made in this tab and in others. */
export function useQuestionnaireProgressStage(): QuestionnaireProgressStage {
  const raw = useSyncExternalStore(subscribeToStorage, readRaw, () => null);
  return progressStage(parseQuestionnaireProgress(raw));
}

// ── NOT_STARTED steps (spec §4: offer, welcome, questionnaire, each step recorded in local storage) ──

export type QuestionnaireStepFlag = 'offerShown' | 'welcomeShown';

const flagKey: Record<QuestionnaireStepFlag, string> = {
  offerShown: keys.offerShown,
  welcomeShown: keys.welcomeShown,
};

const isSet = (value: string | null) => value !== null && value !== '' && value !== 'false';

export function readStepFlag(flag: QuestionnaireStepFlag): boolean {
  return isSet(readItem(flagKey[flag]));
}

export function recordStep(flag: QuestionnaireStepFlag): void {
  writeItem(flagKey[flag], 'true');
}

/** Whether a NOT_STARTED step was passed, following changes made here and in other tabs. */
export function useStepFlag(flag: QuestionnaireStepFlag): boolean {
  return useSyncExternalStore(
    subscribeToStorage,
    () => readStepFlag(flag),
    () => false,
  );
}
