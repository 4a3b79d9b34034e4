import table from './weights.json' with { type: 'json' };
import type { ModelTable } from './table.ts';

/** The committed model table (rebuilt by `npm run train -w packages/analyzer`). */
export const MODEL_TABLE: ModelTable = table as ModelTable;
