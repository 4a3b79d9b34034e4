import { describe, expect, it } from 'vitest';
import { buildQuestion } from '@mediadiet/contract/fixtures';
import { parseQuestionnaireProgress, progressStage } from '@/lib/questionnaire-progress';

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
