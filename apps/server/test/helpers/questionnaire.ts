import type { Answers } from '@mediadiet/contract/questionnaire';
import { QUESTIONS } from '../../src/modules/questionnaire/questions.ts';
import { call, subscribed } from './billing.ts';
import type { Emitted } from './extension.ts';
import type { TestApp } from './test-app.ts';

/**
 * A complete, valid set of answers: the first option of every choice question (a one-item list for
 * MULTIPLE_CHOICE) and a short sentence for text questions, with `overrides` on top.
 */
export function buildAnswers(overrides: Answers = {}): Answers {
  const answers: Answers = {};
  for (const q of QUESTIONS) {
    if (q.type === 'MULTIPLE_CHOICE') answers[q.id] = [q.options[0]!.text];
    else if ('options' in q) answers[q.id] = q.options[0]!.text;
    else answers[q.id] = 'Mostly calm, sometimes a little worried about the news.';
  }
  return { ...answers, ...overrides };
}

/** The answers of a steady, curious reader (high scores) and of an anxious doom-scroller (low scores). */
export const CALM_READER: Answers = {
  sources: ['Newsletters and blogs', 'Long-form magazines and books'],
  topics: ['Science and technology', 'Arts, culture and nature'],
  'daily-time': 'Less than 30 minutes',
  checking: 'A few times a week',
  'alarming-linger': 'It passes within minutes',
  'anger-response': 'Close it and move on',
  'depth-preference': 'One long, detailed article on a story',
  'after-session': 'Energised and better informed',
  'others-success': 'Happy for them',
  'uplifting-content': ['Good-news stories', 'Wonders of nature and science', 'Acts of kindness'],
  'surprising-headline': 'Look for the source or other reports first',
  stopping: 'Easy',
  'want-more': 'More science discoveries, hopeful stories and kindness',
  'want-less': 'Clickbait',
  'recent-story':
    'A piece about volunteers rebuilding a library made me hopeful and grateful. It was lovely to see people helping each other.',
};

export const ANXIOUS_READER: Answers = {
  sources: ['Social media feeds', 'Forums and comment sections'],
  topics: ['Politics and current affairs', 'Crime, conflict and disasters'],
  'daily-time': 'More than 3 hours',
  checking: 'Whenever I have a spare moment',
  'alarming-linger': 'It keeps coming back for days',
  'anger-response': 'Keep reading, reply or share it',
  'depth-preference': 'Many short headlines and updates',
  'after-session': 'Drained or on edge',
  'others-success': 'Unsatisfied with my own life',
  'uplifting-content': ['Nothing in particular'],
  'surprising-headline': 'Take it at face value and move on',
  stopping: 'Very hard',
  'want-more': 'Honestly I do not know',
  'want-less': 'Less outrage, scary crime stories and angry political fights',
  'recent-story':
    'I read about another shooting and felt anxious and scared for hours. I could not stop thinking about it and I was furious that nothing changes.',
};

export const submit = (t: TestApp, token: string, answers: Answers = buildAnswers()) =>
  call(t, token, 'POST', '/api/questionnaire', { answers });

/** The caller's questionnaire state, from GET /api/account. */
export async function stateOf(t: TestApp, token: string): Promise<string> {
  const response = await call(t, token, 'GET', '/api/account');
  if (response.statusCode !== 200) throw new Error(`account: ${response.body}`);
  return response.json<{ user: { configs: { state: string } } }>().user.configs.state;
}

/** A Premium subscriber (the plan with the questionnaire); the events of signing up are forgotten. */
export async function premiumReader(t: TestApp, events: Emitted[]) {
  const who = await subscribed(t, 'premium');
  events.length = 0;
  return who;
}
