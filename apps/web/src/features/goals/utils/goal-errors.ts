import { ApiError } from '@/lib/api-error';

/** Where the server found a problem in a goals list, per goal and field, in its own words. */
export interface GoalErrors {
  /** goal index → field (`kind`, `target`, `site`) → message. */
  fields: Record<number, Record<string, string>>;
  /** Messages about the list as a whole (too many goals), or the call's failure. */
  general: string[];
}

// `body.goals.1.target: must be a whole number from 1 to 100`: the server's validation names the field.
const FIELD = /^body\.goals\.(\d+)\.(\w+): (.*)$/s;
const LIST = /^body(?:\.goals)?: (.*)$/s;

/**
 * The server's refusal of a goals list, split by goal and field (the server joins several with "; "). A
 * failure that is not a refusal (5xx, network) is `fallback`.
 */
export function goalErrors(error: unknown, fallback: string): GoalErrors {
  const out: GoalErrors = { fields: {}, general: [] };
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || !error.message) {
    out.general.push(fallback);
    return out;
  }
  for (const part of error.message.split('; ')) {
    const field = FIELD.exec(part);
    if (field) {
      const index = Number(field[1]);
      (out.fields[index] ??= {})[field[2]!] ??= field[3]!;
      continue;
    }
    out.general.push(LIST.exec(part)?.[1] ?? part);
  }
  return out;
}
