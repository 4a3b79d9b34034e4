import * as z from 'zod';

/** Whether a category tends to do the reader good (`pro`) or harm (`mal`). Anything but `pro` is treated as mal (spec §3). */
export const ClassificationSchema = z.enum(['pro', 'mal']);
export type Classification = z.infer<typeof ClassificationSchema>;

export const PRO_CATEGORY_IDS = [
  'joy',
  'calm',
  'gratitude',
  'hope',
  'curiosity',
  'compassion',
  'awe',
] as const;
export const MAL_CATEGORY_IDS = [
  'anger',
  'outrage',
  'fear',
  'anxiety',
  'sadness',
  'disgust',
  'envy',
] as const;
export const CATEGORY_IDS = [...PRO_CATEGORY_IDS, ...MAL_CATEGORY_IDS] as const;

export const CategoryIdSchema = z.enum(CATEGORY_IDS);
export type CategoryId = z.infer<typeof CategoryIdSchema>;

export interface CategoryInfo {
  id: CategoryId;
  name: string;
  classification: Classification;
  description: string;
}

export const CATEGORIES: Record<CategoryId, CategoryInfo> = {
  joy: {
    id: 'joy',
    name: 'Joy',
    classification: 'pro',
    description: 'Delight, fun and good news that lift the mood.',
  },
  calm: {
    id: 'calm',
    name: 'Calm',
    classification: 'pro',
    description: 'Relief and ease: content that lowers tension.',
  },
  gratitude: {
    id: 'gratitude',
    name: 'Gratitude',
    classification: 'pro',
    description: 'Thanks and appreciation for people and things.',
  },
  hope: {
    id: 'hope',
    name: 'Hope',
    classification: 'pro',
    description: 'Optimism that things can and will get better.',
  },
  curiosity: {
    id: 'curiosity',
    name: 'Curiosity',
    classification: 'pro',
    description: 'Questions, discovery and the wish to learn more.',
  },
  compassion: {
    id: 'compassion',
    name: 'Compassion',
    classification: 'pro',
    description: 'Care and kindness towards others.',
  },
  awe: {
    id: 'awe',
    name: 'Awe',
    classification: 'pro',
    description: 'Wonder and admiration at something remarkable.',
  },
  anger: {
    id: 'anger',
    name: 'Anger',
    classification: 'mal',
    description: 'Irritation and hostility aimed at someone or something.',
  },
  outrage: {
    id: 'outrage',
    name: 'Outrage',
    classification: 'mal',
    description: 'Moral indignation: scandal, blame and us-versus-them.',
  },
  fear: {
    id: 'fear',
    name: 'Fear',
    classification: 'mal',
    description: 'Threat and danger, present and concrete.',
  },
  anxiety: {
    id: 'anxiety',
    name: 'Anxiety',
    classification: 'mal',
    description: 'Worry and unease about what might happen.',
  },
  sadness: {
    id: 'sadness',
    name: 'Sadness',
    classification: 'mal',
    description: 'Loss, grief and disappointment.',
  },
  disgust: {
    id: 'disgust',
    name: 'Disgust',
    classification: 'mal',
    description: 'Revulsion at something foul or degrading.',
  },
  envy: {
    id: 'envy',
    name: 'Envy',
    classification: 'mal',
    description: 'Comparison with others that leaves one wanting.',
  },
};
