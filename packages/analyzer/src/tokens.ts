import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

/** BPE token count with o200k_base, the tokenizer of OpenAI's GPT-4o/4.1/o-series models. */
export function countTokens(text: string): number {
  return countO200k(text);
}

export const TOKENIZER = 'o200k_base';
