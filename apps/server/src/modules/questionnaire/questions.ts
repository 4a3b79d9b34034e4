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

export const QUESTIONS: readonly QuestionDef[] = [
  {
    id: 'sources',
    type: 'MULTIPLE_CHOICE',
    question: 'Where does most of what you read online come from?',
    options: [
      { text: 'News sites and apps', effects: {} },
      { text: 'Social media feeds', effects: { mindful: -0.5, selfAssurance: -0.5 } },
      { text: 'Newsletters and blogs', effects: { mindful: 0.5 } },
      { text: 'Forums and comment sections', effects: { restraint: -0.5, angerRegulation: -0.5 } },
      { text: 'Long-form magazines and books', effects: { depth: 1 } },
      { text: 'Video and podcasts', effects: {} },
    ],
  },
  {
    id: 'topics',
    type: 'MULTIPLE_CHOICE',
    question: 'Which topics do you follow most closely?',
    options: [
      { text: 'Politics and current affairs', effects: { balance: -0.5 } },
      { text: 'Crime, conflict and disasters', effects: { balance: -1, composure: -0.5 } },
      { text: 'Science and technology', effects: { openness: 1, balance: 0.5 } },
      { text: 'Money and markets', effects: {} },
      { text: 'Celebrities and lifestyle', effects: { selfAssurance: -0.5 } },
      { text: 'Health and wellbeing', effects: { seeking: 0.5 } },
      { text: 'Arts, culture and nature', effects: { openness: 0.5, balance: 0.5, uplift: 0.5 } },
      { text: 'Sport', effects: { balance: 0.5 } },
    ],
  },
  {
    id: 'daily-time',
    type: 'RADIO',
    question: 'How much time do you spend reading online on a typical day?',
    options: [
      { text: 'Less than 30 minutes', effects: { mindful: 1 } },
      { text: '30 minutes to 1 hour', effects: { mindful: 0.5 } },
      { text: '1 to 3 hours', effects: {} },
      { text: 'More than 3 hours', effects: { mindful: -1 } },
    ],
  },
  {
    id: 'checking',
    type: 'RADIO',
    question: 'How often do you check the news or your feeds?',
    options: [
      { text: 'A few times a week', effects: { mindful: 1, composure: 0.5 } },
      { text: 'Once or twice a day', effects: { mindful: 0.5 } },
      { text: 'Several times a day', effects: { mindful: -0.5 } },
      { text: 'Whenever I have a spare moment', effects: { mindful: -1, composure: -0.5 } },
    ],
  },
  {
    id: 'alarming-linger',
    type: 'RADIO',
    question: 'After you read an alarming story, how long does it stay with you?',
    options: [
      { text: 'It passes within minutes', effects: { composure: 1, recovery: 1 } },
      { text: 'An hour or so', effects: { recovery: 0.5 } },
      { text: 'Most of the day', effects: { composure: -0.5, recovery: -1 } },
      { text: 'It keeps coming back for days', effects: { composure: -1, recovery: -1, perspective: -0.5 } },
    ],
  },
  {
    id: 'anger-response',
    type: 'AB_SELECTION',
    question: 'When a post makes you angry, what are you more likely to do?',
    options: [
      { text: 'Keep reading, reply or share it', effects: { restraint: -1, angerRegulation: -1 } },
      { text: 'Close it and move on', effects: { restraint: 1, angerRegulation: 0.5 } },
    ],
  },
  {
    id: 'depth-preference',
    type: 'AB_SELECTION',
    question: 'Which would you rather read?',
    options: [
      { text: 'One long, detailed article on a story', effects: { depth: 1, perspective: 0.5 } },
      { text: 'Many short headlines and updates', effects: { depth: -1 } },
    ],
  },
  {
    id: 'after-session',
    type: 'RADIO',
    question: 'How do you usually feel after a long reading session?',
    options: [
      { text: 'Energised and better informed', effects: { uplift: 1, recovery: 0.5 } },
      { text: 'About the same as before', effects: {} },
      { text: 'Drained or on edge', effects: { composure: -1, mindful: -0.5 } },
      { text: 'Low or discouraged', effects: { recovery: -1, uplift: -0.5 } },
    ],
  },
  {
    id: 'others-success',
    type: 'RADIO',
    question:
      "When you see other people's successes online (homes, trips, careers), how does it usually leave you?",
    options: [
      { text: 'Happy for them', effects: { selfAssurance: 1, uplift: 0.5 } },
      { text: 'Indifferent', effects: { selfAssurance: 0.5 } },
      { text: 'A little behind', effects: { selfAssurance: -0.5 } },
      { text: 'Unsatisfied with my own life', effects: { selfAssurance: -1 } },
    ],
  },
  {
    id: 'uplifting-content',
    type: 'MULTIPLE_CHOICE',
    question: 'Which kinds of content reliably lift your mood?',
    options: [
      { text: 'Good-news stories', effects: { uplift: 0.5, seeking: 0.5 } },
      { text: 'Wonders of nature and science', effects: { openness: 0.5, uplift: 0.5 } },
      { text: 'Acts of kindness', effects: { uplift: 0.5, perspective: 0.5 } },
      { text: 'Humour', effects: { uplift: 0.5 } },
      { text: 'Practical guides and how-tos', effects: { seeking: 0.5 } },
      { text: 'Nothing in particular', effects: { uplift: -1, seeking: -1, openness: -0.5 } },
    ],
  },
  {
    id: 'surprising-headline',
    type: 'AB_SELECTION',
    question: 'When a headline surprises or shocks you, what do you usually do?',
    options: [
      { text: 'Look for the source or other reports first', effects: { critical: 1, perspective: 0.5 } },
      { text: 'Take it at face value and move on', effects: { critical: -1 } },
    ],
  },
  {
    id: 'stopping',
    type: 'RADIO',
    question: 'How easy is it for you to stop reading when you meant to?',
    options: [
      { text: 'Easy', effects: { mindful: 1, restraint: 0.5 } },
      { text: 'Usually easy', effects: { mindful: 0.5 } },
      { text: 'Often hard', effects: { mindful: -0.5 } },
      { text: 'Very hard', effects: { mindful: -1, restraint: -0.5 } },
    ],
  },
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
