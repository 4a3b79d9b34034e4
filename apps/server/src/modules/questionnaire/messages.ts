/**
 * Questionnaire errors the server answers with that the contract's catalogue does not have (server-only
 * wording; the web client shows the server's text when present). Every validation message names the
 * question by number and text, so the person knows which answer to fix.
 */

const q = (n: number, text: string) => `Question ${n} ("${text}")`;

export const questionnaireMessages = {
  unknownQuestion: (id: string) => `Unknown question "${id}". Reload the questionnaire and try again.`,
  unanswered: (n: number, text: string) => `Please answer question ${n} ("${text}").`,
  expectsOne: (n: number, text: string) => `${q(n, text)} takes one answer, not a list.`,
  expectsList: (n: number, text: string) => `${q(n, text)} takes a list of the options you choose.`,
  expectsText: (n: number, text: string) => `${q(n, text)} takes a written answer.`,
  notAnOption: (n: number, text: string, value: string) =>
    `${q(n, text)}: "${value}" is not one of its options.`,
  duplicateOption: (n: number, text: string, value: string) => `${q(n, text)}: "${value}" is chosen twice.`,
  textTooLong: (n: number, text: string, max: number) =>
    `${q(n, text)}: please keep your answer to ${max} characters.`,
  alreadyProcessing:
    'Your answers are already being analysed. Your snapshot appears as soon as they are done.',
  alreadyCompleted: 'You have already completed the questionnaire. Adjust your personality snapshot instead.',
  optOutWhileProcessing: 'Your answers are being analysed; you can opt out once that is done.',
  optOutAfterCompletion: 'You have completed the questionnaire; adjust your personality snapshot instead.',
  snapshotNotReady: 'Your personality snapshot is not ready yet. Complete the questionnaire first.',
  unknownCategory: (group: string, category: string) => `Unknown ${group} category "${category}".`,
  duplicateCategory: (group: string, category: string) =>
    `The ${group} category "${category}" is listed twice.`,
  indexOutOfRange: (index: number, count: number) =>
    `No personality score at index ${index}: there are ${count} (0 to ${count - 1}).`,
  processingFailed: 'The questionnaire answers could not be processed',
} as const;
