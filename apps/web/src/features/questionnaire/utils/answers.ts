import { remainingTimeLabel } from '@mediadiet/contract/constants';
import {
  isAnswered,
  type Answer,
  type Answers,
  type Question,
  type QuestionnaireProgress,
} from '@mediadiet/contract/questionnaire';

/**
 * The saved answers that still fit the questions the server gave: known ids, a list for MULTIPLE_CHOICE
 * (only options that still exist), text for the others (a RADIO / AB answer only if still an option).
 */
export function restoreAnswers(questions: readonly Question[], saved: QuestionnaireProgress | null): Answers {
  const out: Answers = {};
  if (!saved) return out;
  for (const question of questions) {
    const answer = saved.answers[question.id];
    if (answer === undefined) continue;
    const fitted = fitAnswer(question, answer);
    if (fitted !== undefined) out[question.id] = fitted;
  }
  return out;
}

function fitAnswer(question: Question, answer: Answer): Answer | undefined {
  switch (question.type) {
    case 'MULTIPLE_CHOICE':
      return Array.isArray(answer) ? question.answers.filter((option) => answer.includes(option)) : undefined;
    case 'RADIO':
    case 'AB_SELECTION':
      return typeof answer === 'string' && question.answers.includes(answer) ? answer : undefined;
    case 'TEXT_SHORT':
    case 'TEXT_LONG':
      return typeof answer === 'string' ? answer : undefined;
  }
}

/** How many of the questions are answered (spec §4: empty, empty list or blank text is unanswered). */
export function countAnswered(questions: readonly Question[], answers: Answers): number {
  return questions.filter((q) => isAnswered(answers[q.id])).length;
}

/**
 * The time estimate (spec §2, §9): before any question is answered 'Takes about 5 minutes'; from the first
 * answer on 'About N minute(s) remaining', 30 s per unanswered question, rounded up, at least 1 minute.
 */
export function timeEstimate(questions: readonly Question[], answers: Answers): string {
  const answered = countAnswered(questions, answers);
  if (answered === 0) return remainingTimeLabel(null);
  return remainingTimeLabel(questions.length - answered);
}

/** The answers to send: only the current questions' ones, in question order. */
export function answersToSubmit(questions: readonly Question[], answers: Answers): Answers {
  const out: Answers = {};
  for (const question of questions) {
    const answer = answers[question.id];
    if (answer !== undefined) out[question.id] = Array.isArray(answer) ? answer : answer.trim();
  }
  return out;
}
