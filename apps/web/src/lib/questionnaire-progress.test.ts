import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@mediadiet/contract/constants';
import { buildQuestion } from '@mediadiet/contract/fixtures';
import {
  clearQuestionnaireProgress,
  parseQuestionnaireProgress,
  progressStage,
  readQuestionnaireProgress,
  readStepFlag,
  recordStep,
  saveQuestionnaireProgress,
} from '@/lib/questionnaire-progress';

const questions = [buildQuestion({ id: 'q1' }), buildQuestion({ id: 'q2', type: 'MULTIPLE_CHOICE' })];

describe('questionnaire progress (spec §3 questionnaire_progress, §4 unanswered)', () => {
  it('is none without saved progress, with unreadable JSON or with another shape', () => {
    expect(progressStage(parseQuestionnaireProgress(null))).toBe('none');
    expect(progressStage(parseQuestionnaireProgress('{nope'))).toBe('none');
    expect(progressStage(parseQuestionnaireProgress('{"answers":[]}'))).toBe('none');
  });

  it('counts empty strings, blank text and empty lists as unanswered', () => {
    expect(progressStage({ questions, answers: { q1: '   ', q2: [] } })).toBe('none');
    expect(progressStage({ questions, answers: { q1: 'Morning' } })).toBe('some');
    expect(progressStage({ questions, answers: { q1: 'Morning', q2: [] } })).toBe('some');
    expect(progressStage({ questions, answers: { q1: 'Morning', q2: ['A'] } })).toBe('all');
  });

  it('reads the stored JSON', () => {
    const raw = JSON.stringify({ questions, answers: { q2: ['A'] } });
    expect(progressStage(parseQuestionnaireProgress(raw))).toBe('some');
  });
});

describe('questionnaire storage (spec §3, §4)', () => {
  it('saves {answers, questions} and the answered count, reads them back, and clears both', () => {
    saveQuestionnaireProgress({ questions, answers: { q1: 'Morning', q2: [] } });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.questionnaireProgress)!)).toEqual({
      answers: { q1: 'Morning', q2: [] },
      questions,
    });
    expect(localStorage.getItem(STORAGE_KEYS.questionnaireCount)).toBe('1');
    expect(readQuestionnaireProgress()?.answers).toEqual({ q1: 'Morning', q2: [] });
    clearQuestionnaireProgress();
    expect(localStorage.getItem(STORAGE_KEYS.questionnaireProgress)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.questionnaireCount)).toBeNull();
    expect(readQuestionnaireProgress()).toBeNull();
  });

  it('records the NOT_STARTED steps under questionnaire_offer_shown and questionnaire_welcome_shown', () => {
    expect(readStepFlag('offerShown')).toBe(false);
    recordStep('offerShown');
    expect(localStorage.getItem(STORAGE_KEYS.questionnaireOfferShown)).toBe('true');
    expect(readStepFlag('offerShown')).toBe(true);
    expect(readStepFlag('welcomeShown')).toBe(false);
    recordStep('welcomeShown');
    expect(localStorage.getItem(STORAGE_KEYS.questionnaireWelcomeShown)).toBe('true');
  });
});
