import { isAnswered, type Answers } from '@mediadiet/contract/questionnaire';
import { badRequest } from '../../http/errors.ts';
import { questionnaireMessages as m } from './messages.ts';
import { QUESTIONS, QUESTIONS_BY_ID, type QuestionDef } from './questions.ts';

/**
 * Checks submitted answers against the questions (decision 081) and answers the cleaned set (text and
 * options trimmed), or throws a 400 naming the first question at fault: an unknown question id, a
 * question left unanswered, the wrong shape (list vs. one answer), an option the question does not
 * offer, an option chosen twice, a text over its length.
 */
export function validateAnswers(answers: Answers, questions: readonly QuestionDef[] = QUESTIONS): Answers {
  const known = questions === QUESTIONS ? QUESTIONS_BY_ID : new Map(questions.map((q) => [q.id, q]));
  for (const id of Object.keys(answers)) {
    if (!known.has(id)) throw badRequest(m.unknownQuestion(id));
  }

  const cleaned: Answers = {};
  questions.forEach((question, index) => {
    const n = index + 1;
    const answer = answers[question.id];
    if (!isAnswered(answer)) throw badRequest(m.unanswered(n, question.question));
    cleaned[question.id] = cleanAnswer(question, n, answer!);
  });
  return cleaned;
}

function cleanAnswer(question: QuestionDef, n: number, answer: string | string[]): string | string[] {
  const text = question.question;
  switch (question.type) {
    case 'TEXT_SHORT':
    case 'TEXT_LONG': {
      if (typeof answer !== 'string') throw badRequest(m.expectsText(n, text));
      const value = answer.trim();
      if (value.length > question.maxLength) throw badRequest(m.textTooLong(n, text, question.maxLength));
      return value;
    }
    case 'RADIO':
    case 'AB_SELECTION': {
      if (typeof answer !== 'string') throw badRequest(m.expectsOne(n, text));
      return option(question.options, n, text, answer);
    }
    case 'MULTIPLE_CHOICE': {
      if (!Array.isArray(answer)) throw badRequest(m.expectsList(n, text));
      const chosen: string[] = [];
      for (const value of answer) {
        const picked = option(question.options, n, text, value);
        if (chosen.includes(picked)) throw badRequest(m.duplicateOption(n, text, picked));
        chosen.push(picked);
      }
      return chosen;
    }
  }
}

function option(options: readonly { text: string }[], n: number, text: string, value: string): string {
  const trimmed = value.trim();
  const match = options.find((o) => o.text === trimmed);
  if (!match) throw badRequest(m.notAnOption(n, text, trimmed.slice(0, 80)));
  return match.text;
}
