import { useSyncExternalStore } from 'react';
import {
  isAnswered,
  QuestionnaireProgressSchema,
  type QuestionnaireProgress,
} from '@mediadiet/contract/questionnaire';
import { env } from '@/config/env';
import { readItem, subscribeToStorage } from '@/lib/storage';

/**
 * The questionnaire's saved progress in local storage (spec §3: `questionnaire_progress` = {answers,
 * questions}). The questionnaire writes it; other screens (the insights gating) only read it, so the reader
 * lives here rather than in either feature.
 */

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

/** Unanswered = missing, empty, empty list or blank text (spec §4); no saved questions counts as none. */
export function progressStage(progress: QuestionnaireProgress | null): QuestionnaireProgressStage {
  const questions = progress?.questions ?? [];
  if (!progress || questions.length === 0) return 'none';
  const answered = questions.filter((q) => isAnswered(progress.answers[q.id])).length;
  if (answered === 0) return 'none';
  return answered === questions.length ? 'all' : 'some';
}

const readRaw = () => readItem(env.questionnaireStorageKeys.progress);

/** The stage of the saved progress, following changes made in this tab and in others. */
export function useQuestionnaireProgressStage(): QuestionnaireProgressStage {
  const raw = useSyncExternalStore(subscribeToStorage, readRaw, () => null);
  return progressStage(parseQuestionnaireProgress(raw));
}
