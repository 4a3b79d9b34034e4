import type { Analysis } from '@mediadiet/contract/analysis';
import { AnalysisModeSchema } from '@mediadiet/contract/analysis';
import type { AnalysisRow } from '../../db/schema.ts';

/** The API's Analysis (contract AnalysisSchema) from a stored row. */
export function toAnalysis(row: AnalysisRow): Analysis {
  const mode = AnalysisModeSchema.safeParse(row.mode);
  return {
    id: row.id,
    url: row.url,
    ...(row.title ? { title: row.title } : {}),
    createdAt: row.createdAt.toISOString(),
    tokens: row.tokens,
    categoryScores: row.categoryScores as Analysis['categoryScores'],
    classificationAnalysis: row.classificationAnalysis as Analysis['classificationAnalysis'],
    ...(row.valence === null ? {} : { valence: row.valence }),
    ...(row.overallScore === null ? {} : { overallScore: row.overallScore }),
    ...(row.modelVersion === null ? {} : { modelVersion: row.modelVersion }),
    ...(mode.success ? { mode: mode.data } : {}),
  };
}
