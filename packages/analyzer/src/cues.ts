/**
 * The project's own category cue lexicons (written for Media Diet; no third-party lexicon).
 * They are the informative prior of the training script: each cue starts at weight SEED_WEIGHT for its category,
 * and the data (GoEmotions train) moves it. Categories without GoEmotions labels (outrage, anxiety, envy) lean on
 * their cues more (see README, "Training"). Changing anything here changes the model fingerprint: re-run
 * `npm run train -w packages/analyzer`.
 */
import type { CategoryId } from '@mediadiet/contract/categories';

export const SEED_WEIGHT = 1.5;

export const SEED_CUES: Record<CategoryId, readonly string[]> = {
  joy: [
    'joy', 'joyful', 'happy', 'happiness', 'delight', 'delighted', 'delightful', 'fun', 'funny', 'laugh', 'laughed',
    'laughing', 'celebrate', 'celebrated', 'celebration', 'cheer', 'cheerful', 'glad', 'love', 'loved', 'lovely',
    'wonderful', 'great', 'excited', 'exciting', 'thrilled', 'yay', 'haha', 'lol', 'enjoy', 'enjoyed', 'smile',
    'smiling', 'win', 'won', 'victory', 'party', 'awesome',
  ],
  calm: [
    'calm', 'calming', 'peace', 'peaceful', 'relax', 'relaxed', 'relaxing', 'relief', 'relieved', 'phew', 'ease',
    'gentle', 'quiet', 'serene', 'serenity', 'tranquil', 'soothing', 'rest', 'restful', 'comfort', 'comfortable',
    'safe', 'finally', 'settled', 'balance', 'breathe', 'stillness', 'mindful', 'cozy',
  ],
  gratitude: [
    'thank', 'thanks', 'thankful', 'grateful', 'gratitude', 'appreciate', 'appreciated', 'appreciation', 'thx',
    'blessed', 'indebted', 'owe', 'kindly', 'tribute', 'honored', 'credit',
  ],
  hope: [
    'hope', 'hopeful', 'hopefully', 'optimism', 'optimistic', 'promise', 'promising', 'improve', 'improving',
    'improvement', 'progress', 'recover', 'recovery', 'future', 'better', 'soon', 'wish', 'confident', 'possible',
    'opportunity', 'solution', 'solutions', 'breakthrough', 'rebuild', 'renewal', 'encouraging', 'fingers',
  ],
  curiosity: [
    'curious', 'curiosity', 'wonder', 'wondering', 'why', 'how', 'what', 'question', 'questions', 'discover',
    'discovery', 'discovered', 'explore', 'exploring', 'learn', 'learned', 'learning', 'research', 'study',
    'mystery', 'puzzle', 'explain', 'interesting', 'intriguing', 'fascinating', 'insight', 'experiment',
  ],
  compassion: [
    'care', 'caring', 'kind', 'kindness', 'compassion', 'compassionate', 'empathy', 'support', 'supporting',
    'help', 'helping', 'volunteer', 'volunteers', 'donate', 'donated', 'charity', 'hug', 'hugs', 'comfort',
    'heal', 'healing', 'gentle', 'sorry', 'together', 'community', 'protect', 'rescue', 'rescued', 'welcome',
  ],
  awe: [
    'awe', 'awesome', 'amazing', 'amazed', 'astonishing', 'astounding', 'breathtaking', 'stunning', 'magnificent',
    'majestic', 'marvel', 'marvelous', 'incredible', 'remarkable', 'extraordinary', 'wow', 'vast', 'universe',
    'cosmos', 'galaxy', 'beautiful', 'beauty', 'sublime', 'spectacular', 'admire', 'admiration', 'impressive',
    'brilliant', 'genius', 'inspiring', 'surprised', 'surprising',
  ],
  anger: [
    'angry', 'anger', 'mad', 'furious', 'rage', 'hate', 'hated', 'annoyed', 'annoying', 'irritated', 'irritating',
    'frustrated', 'frustrating', 'pissed', 'fuck', 'fucking', 'damn', 'idiot', 'idiots', 'stupid', 'attack',
    'attacked', 'hostile', 'fight', 'blame', 'shut',
  ],
  outrage: [
    'outrage', 'outraged', 'outrageous', 'scandal', 'scandalous', 'shameful', 'shame', 'disgrace', 'disgraceful',
    'unacceptable', 'corrupt', 'corruption', 'injustice', 'unjust', 'unfair', 'hypocrisy', 'hypocrite', 'betrayal',
    'betrayed', 'lies', 'lied', 'liar', 'fraud', 'abuse', 'abused', 'condemn', 'condemned', 'slammed', 'blasted',
    'radical', 'elites', 'woke', 'regime', 'traitor', 'cover',
  ],
  fear: [
    'fear', 'afraid', 'scared', 'scary', 'terrified', 'terrifying', 'terror', 'terrorist', 'horror', 'horrifying',
    'danger', 'dangerous', 'threat', 'threatened', 'deadly', 'kill', 'killed', 'killing', 'attack', 'shooting',
    'gunman', 'violence', 'violent', 'panic', 'creepy', 'nightmare', 'war', 'bomb', 'victims', 'warning',
  ],
  anxiety: [
    'anxious', 'anxiety', 'worry', 'worried', 'worrying', 'nervous', 'uneasy', 'stress', 'stressed', 'stressful',
    'uncertain', 'uncertainty', 'risk', 'risks', 'crisis', 'might', 'could', 'concern', 'concerns', 'concerned',
    'unsure', 'overwhelmed', 'tense', 'dread', 'looming', 'deadline', 'insecure', 'unstable', 'volatile', 'doubt',
  ],
  sadness: [
    'sad', 'sadness', 'unhappy', 'grief', 'grieving', 'mourn', 'mourning', 'loss', 'lost', 'died', 'death', 'dead',
    'funeral', 'cry', 'crying', 'tears', 'heartbroken', 'lonely', 'alone', 'miss', 'missed', 'depressed',
    'depression', 'disappointed', 'disappointing', 'regret', 'sorry', 'tragic', 'tragedy', 'hopeless', 'rip',
  ],
  disgust: [
    'disgust', 'disgusting', 'disgusted', 'gross', 'vile', 'nasty', 'revolting', 'repulsive', 'sick', 'sickening',
    'filthy', 'filth', 'rotten', 'foul', 'creep', 'pervert', 'vomit', 'puke', 'ew', 'eww', 'yuck', 'degrading',
    'horrible', 'awful', 'trash', 'garbage',
  ],
  envy: [
    'envy', 'envious', 'jealous', 'jealousy', 'rich', 'richest', 'wealthy', 'wealth', 'billionaire', 'billionaires',
    'millionaire', 'luxury', 'lavish', 'mansion', 'yacht', 'privileged', 'privilege', 'lucky', 'perfect', 'flex',
    'influencer', 'influencers', 'celebrity', 'want', 'wish', 'unfair', 'afford', 'covet',
  ],
};
