import { describe, expect, it } from 'vitest';
import { messages } from '@mediadiet/contract/messages';
import { buildQuestion } from '@mediadiet/contract/fixtures';
import type { QuestionnaireState } from '@mediadiet/contract/questionnaire';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '@/lib/api-client';
import { answersToSubmit, restoreAnswers, timeEstimate } from '@/features/questionnaire/utils/answers';
import { serverMessageOr } from '@/features/questionnaire/utils/error-message';
import { questionnaireView } from '@/features/questionnaire/utils/questionnaire-view';
import { snapshotChanges } from '@/features/questionnaire/utils/snapshot';
import {
  QUESTIONS,
  SNAPSHOT,
  radioQuestions,
} from '@/features/questionnaire/testing/questionnaire-test-utils';

describe('questionnaireView (spec §4)', () => {
  const fresh = { offerShown: false, welcomeShown: false, progress: 'none' } as const;
  it.each<[QuestionnaireState, string]>([
    ['SUBMITTED', 'processing'],
    ['PROCESSING', 'processing'],
    ['COMPLETED', 'completed'],
    ['OPT_OUT', 'completed'],
    ['FAILED', 'failed'],
    ['NOT_STARTED', 'offer'],
  ])('%s → %s', (state, view) => expect(questionnaireView(state, fresh)).toBe(view));

  it('NOT_STARTED walks offer → welcome → questionnaire by the recorded steps; saved answers skip to the questions', () => {
    expect(questionnaireView('NOT_STARTED', { ...fresh, offerShown: true })).toBe('welcome');
    expect(questionnaireView('NOT_STARTED', { ...fresh, offerShown: true, welcomeShown: true })).toBe(
      'questionnaire',
    );
    expect(questionnaireView('NOT_STARTED', { ...fresh, progress: 'some' })).toBe('questionnaire');
    expect(questionnaireView('NOT_STARTED', { ...fresh, progress: 'all' })).toBe('questionnaire');
    expect(questionnaireView('COMPLETED', { ...fresh, progress: 'some' })).toBe('completed');
  });
});

describe('timeEstimate (spec §9)', () => {
  const qs = radioQuestions(4);
  it("is 'Takes about 5 minutes' before any answer (blank answers do not count)", () => {
    expect(timeEstimate(qs, {})).toBe(messages.questionnaire.takesAbout);
    expect(timeEstimate(qs, { q1: '  ' })).toBe(messages.questionnaire.takesAbout);
  });
  it('is 30 s per unanswered question, rounded up, at least 1 minute', () => {
    expect(timeEstimate(radioQuestions(9), { q1: 'Yes' })).toBe('About 4 minutes remaining');
    expect(timeEstimate(radioQuestions(10), { q1: 'Yes' })).toBe('About 5 minutes remaining');
    expect(timeEstimate(qs, { q1: 'Yes', q2: 'Yes', q3: 'Yes' })).toBe('About 1 minute remaining');
    expect(timeEstimate(qs, { q1: 'Yes', q2: 'Yes', q3: 'Yes', q4: 'No' })).toBe('About 1 minute remaining');
  });
});

describe('restoreAnswers and answersToSubmit', () => {
  it('keeps answers of known questions that fit their type and options', () => {
    const saved = {
      questions: QUESTIONS,
      answers: {
        q1: ['Morning'],
        q2: ['Sport', 'Gone', 'Politics'],
        q3: 'A quick summary',
        q4: 'x',
        gone: 'y',
      },
    };
    expect(restoreAnswers(QUESTIONS, saved)).toEqual({
      q2: ['Politics', 'Sport'],
      q3: 'A quick summary',
      q4: 'x',
    });
    expect(restoreAnswers(QUESTIONS, null)).toEqual({});
  });
  it('sends only the current questions’ answers, text trimmed', () => {
    const qs = [buildQuestion({ id: 'a', type: 'TEXT_SHORT', answers: [] })];
    expect(answersToSubmit(qs, { a: '  hi  ', stale: 'x' })).toEqual({ a: 'hi' });
  });
});

describe('snapshotChanges (spec §3 partial updates)', () => {
  it('is empty without moved scores or when moved back to the saved value', () => {
    expect(snapshotChanges(SNAPSHOT, {})).toEqual({ update: { categoryScores: {} }, count: 0 });
    expect(snapshotChanges(SNAPSHOT, { 'emotional/Empathy': 1 }).count).toBe(0);
  });
  it('lists only changed categories in their groups', () => {
    expect(snapshotChanges(SNAPSHOT, { 'behavioral/Scrolling': 2, 'emotional/Empathy': 1 })).toEqual({
      update: { categoryScores: { behavioral: [{ category: 'Scrolling', score: 2 }] } },
      count: 1,
    });
  });
});

describe('serverMessageOr (spec §8: the server text is preferred)', () => {
  it("uses the server's text, and the fallback when there is none", () => {
    expect(serverMessageOr(new ApiError('Answers are incomplete', 422), 'F')).toBe('Answers are incomplete');
    expect(serverMessageOr(new ApiError(messages.http.status(500), 500), 'F')).toBe('F');
    expect(serverMessageOr(new ApiError(messages.http.network, 0), 'F')).toBe('F');
    expect(serverMessageOr(new ApiError(messages.http.timeout, 0), 'F')).toBe('F');
    expect(serverMessageOr(new ApiError(UNEXPECTED_RESPONSE_MESSAGE, 200), 'F')).toBe('F');
    expect(serverMessageOr(new Error('boom'), 'F')).toBe('F');
  });
});
