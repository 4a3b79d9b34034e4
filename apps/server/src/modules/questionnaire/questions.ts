import type { CategoryId } from '@mediadiet/contract/categories';
import type { Question, QuestionType } from '@mediadiet/contract/questionnaire';
import type { ItemKey } from './personality.ts';

/**
 * The questionnaire (issue #8, decision 081): 15 questions about how media affects the reader — what they
 * read, how it leaves them, what they want more and less of — with the scoring key next to each answer.
 * Question ids are stable: stored answers refer to them. Options are matched by their exact text (the
 * contract's answers are the option strings).
 *
 * Scoring key: every item starts at 3 (Balanced). A chosen option adds its `effects`; a text answer is run
 * through the analyzer and adds, for each cue category, weight × strength (strength 1 when the category's
 * BaseScore ≥ 40, ½ when ≥ 15, else 0). One question moves an item by at most ±1. The sum is rounded and
 * clamped to 1–5 (scoring.ts).
 */

export type Effects = Partial<Record<ItemKey, number>>;

export interface ChoiceOption {
  text: string;
  effects: Effects;
}

interface BaseQuestion {
  id: string;
  question: string;
}

export interface ChoiceQuestion extends BaseQuestion {
  type: Extract<QuestionType, 'MULTIPLE_CHOICE' | 'RADIO' | 'AB_SELECTION'>;
  options: readonly ChoiceOption[];
}

export interface TextQuestion extends BaseQuestion {
  type: Extract<QuestionType, 'TEXT_SHORT' | 'TEXT_LONG'>;
  /** Longest accepted answer, characters (after trimming). */
  maxLength: number;
  /** Analyzer category → item effects at full strength. */
  cues: Partial<Record<CategoryId, Effects>>;
}

export type QuestionDef = ChoiceQuestion | TextQuestion;

export const TEXT_SHORT_MAX = 200;
export const TEXT_LONG_MAX = 2000;

/** A category's BaseScore (0–100) from which a text cue counts half, and fully. */
export const TEXT_CUE_HALF = 15;
export const TEXT_CUE_FULL = 40;

/** A choice question from its options as [text, effects] pairs. */
function choice(type: ChoiceQuestion['type']) {
  return (
    id: string,
    question: string,
    options: readonly (readonly [string, Effects])[],
  ): ChoiceQuestion => ({
    id,
    type,
    question,
    options: options.map(([text, effects]) => ({ text, effects })),
  });
}
const multipleChoice = choice('MULTIPLE_CHOICE');
const radio = choice('RADIO');
const either = choice('AB_SELECTION');

export const QUESTIONS: readonly QuestionDef[] = [
  multipleChoice('sources', 'Where does most of what you read online come from?', [
    ['News sites and apps', {}],
    ['Social media feeds', { mindful: -0.5, selfAssurance: -0.5 }],
    ['Newsletters and blogs', { mindful: 0.5 }],
    ['Forums and comment sections', { restraint: -0.5, angerRegulation: -0.5 }],
    ['Long-form magazines and books', { depth: 1 }],
    ['Video and podcasts', {}],
  ]),
  multipleChoice('topics', 'Which topics do you follow most closely?', [
    ['Politics and current affairs', { balance: -0.5 }],
    ['Crime, conflict and disasters', { balance: -1, composure: -0.5 }],
    ['Science and technology', { openness: 1, balance: 0.5 }],
    ['Money and markets', {}],
    ['Celebrities and lifestyle', { selfAssurance: -0.5 }],
    ['Health and wellbeing', { seeking: 0.5 }],
    ['Arts, culture and nature', { openness: 0.5, balance: 0.5, uplift: 0.5 }],
    ['Sport', { balance: 0.5 }],
  ]),
  radio('daily-time', 'How much time do you spend reading online on a typical day?', [
    ['Less than 30 minutes', { mindful: 1 }],
    ['30 minutes to 1 hour', { mindful: 0.5 }],
    ['1 to 3 hours', {}],
    ['More than 3 hours', { mindful: -1 }],
  ]),
  radio('checking', 'How often do you check the news or your feeds?', [
    ['A few times a week', { mindful: 1, composure: 0.5 }],
    ['Once or twice a day', { mindful: 0.5 }],
    ['Several times a day', { mindful: -0.5 }],
    ['Whenever I have a spare moment', { mindful: -1, composure: -0.5 }],
  ]),
  radio('alarming-linger', 'After you read an alarming story, how long does it stay with you?', [
    ['It passes within minutes', { composure: 1, recovery: 1 }],
    ['An hour or so', { recovery: 0.5 }],
    ['Most of the day', { composure: -0.5, recovery: -1 }],
    ['It keeps coming back for days', { composure: -1, recovery: -1, perspective: -0.5 }],
  ]),
  either('anger-response', 'When a post makes you angry, what are you more likely to do?', [
    ['Keep reading, reply or share it', { restraint: -1, angerRegulation: -1 }],
    ['Close it and move on', { restraint: 1, angerRegulation: 0.5 }],
  ]),
  either('depth-preference', 'Which would you rather read?', [
    ['One long, detailed article on a story', { depth: 1, perspective: 0.5 }],
    ['Many short headlines and updates', { depth: -1 }],
  ]),
  radio('after-session', 'How do you usually feel after a long reading session?', [
    ['Energised and better informed', { uplift: 1, recovery: 0.5 }],
    ['About the same as before', {}],
    ['Drained or on edge', { composure: -1, mindful: -0.5 }],
    ['Low or discouraged', { recovery: -1, uplift: -0.5 }],
  ]),
  radio(
    'others-success',
    "When you see other people's successes online (homes, trips, careers), how does it usually leave you?",
    [
      ['Happy for them', { selfAssurance: 1, uplift: 0.5 }],
      ['Indifferent', { selfAssurance: 0.5 }],
      ['A little behind', { selfAssurance: -0.5 }],
      ['Unsatisfied with my own life', { selfAssurance: -1 }],
    ],
  ),
  multipleChoice('uplifting-content', 'Which kinds of content reliably lift your mood?', [
    ['Good-news stories', { uplift: 0.5, seeking: 0.5 }],
    ['Wonders of nature and science', { openness: 0.5, uplift: 0.5 }],
    ['Acts of kindness', { uplift: 0.5, perspective: 0.5 }],
    ['Humour', { uplift: 0.5 }],
    ['Practical guides and how-tos', { seeking: 0.5 }],
    ['Nothing in particular', { uplift: -1, seeking: -1, openness: -0.5 }],
  ]),
  either('surprising-headline', 'When a headline surprises or shocks you, what do you usually do?', [
    ['Look for the source or other reports first', { critical: 1, perspective: 0.5 }],
    ['Take it at face value and move on', { critical: -1 }],
  ]),
  radio('stopping', 'How easy is it for you to stop reading when you meant to?', [
    ['Easy', { mindful: 1, restraint: 0.5 }],
    ['Usually easy', { mindful: 0.5 }],
    ['Often hard', { mindful: -0.5 }],
    ['Very hard', { mindful: -1, restraint: -0.5 }],
  ]),
  {
    id: 'want-more',
    type: 'TEXT_SHORT',
    question: 'In a few words: what would you like to see more of in your media diet?',
    maxLength: TEXT_SHORT_MAX,
    cues: {
      joy: { seeking: 1, uplift: 0.5 },
      hope: { seeking: 1, uplift: 0.5 },
      gratitude: { seeking: 0.5, uplift: 0.5 },
      calm: { seeking: 1 },
      compassion: { seeking: 0.5, perspective: 0.5 },
      curiosity: { openness: 1 },
      awe: { openness: 1 },
    },
  },
  {
    id: 'want-less',
    type: 'TEXT_SHORT',
    question: 'In a few words: what would you like to see less of?',
    maxLength: TEXT_SHORT_MAX,
    cues: {
      fear: { composure: -0.5 },
      anxiety: { composure: -0.5 },
      anger: { angerRegulation: -0.5 },
      outrage: { angerRegulation: -0.5 },
      disgust: { angerRegulation: -0.5 },
      sadness: { recovery: -0.5 },
      envy: { selfAssurance: -0.5 },
    },
  },
  {
    id: 'recent-story',
    type: 'TEXT_LONG',
    question: 'Think of a recent story or post that stayed with you. How did it leave you feeling, and why?',
    maxLength: TEXT_LONG_MAX,
    cues: {
      fear: { composure: -1 },
      anxiety: { composure: -1 },
      anger: { angerRegulation: -1 },
      outrage: { angerRegulation: -1, restraint: -0.5 },
      disgust: { angerRegulation: -0.5 },
      sadness: { recovery: -1 },
      envy: { selfAssurance: -1 },
      joy: { uplift: 1 },
      hope: { uplift: 1 },
      gratitude: { uplift: 0.5 },
      calm: { composure: 0.5 },
      compassion: { perspective: 0.5 },
      curiosity: { openness: 0.5 },
      awe: { openness: 0.5 },
    },
  },
];

/** The questions as the API shows them (`answers` = the options; none for text questions). */
export function toQuestion(def: QuestionDef): Question {
  return {
    id: def.id,
    question: def.question,
    type: def.type,
    answers: 'options' in def ? def.options.map((option) => option.text) : [],
  };
}

export const QUESTIONS_BY_ID: ReadonlyMap<string, QuestionDef> = new Map(QUESTIONS.map((q) => [q.id, q]));
