import type { Analysis } from '@mediadiet/contract/analysis';
import { AnalysisModeSchema, VerdictDriversSchema, VerdictSchema, toRecentAnalysis } from '@mediadiet/contract/analysis';
import type { AnalysisRow } from '../../db/schema.ts';

/** The stored columns an API Analysis is made of (the repositories select exactly these). */
export type AnalysisViewRow = Pick<
  AnalysisRow,
  | 'id'
  | 'url'
  | 'title'
  | 'createdAt'
  | 'tokens'
  | 'categoryScores'
  | 'classificationAnalysis'
  | 'valence'
  | 'overallScore'
  | 'modelVersion'
  | 'mode'
  | 'verdict'
  | 'drivers'
  | 'confidence'
>;

/** The API's Analysis (contract AnalysisSchema) from a stored row. */
export function toAnalysis(row: AnalysisViewRow): Analysis {
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
    ...verdictOf(row),
  };
}

/** The verdict, its drivers and confidence when the analysis has a (valid) verdict; nothing otherwise. */
function verdictOf(row: Pick<AnalysisViewRow, 'verdict' | 'drivers' | 'confidence'>): Pick<Analysis, 'verdict' | 'drivers' | 'confidence'> {
  const verdict = VerdictSchema.safeParse(row.verdict);
  if (!verdict.success) return {};
  const drivers = VerdictDriversSchema.safeParse(row.drivers ?? []);
  return {
    verdict: verdict.data,
    drivers: drivers.success ? drivers.data : [],
    ...(row.confidence === null ? {} : { confidence: row.confidence }),
  };
}

/**
 * The stored forms of an analysis' API view: the whole Analysis (`analyses.view_json`) and its history card
 * (`analyses.card_json`, decision 097), both made from one view so they always agree.
 */
export function analysisViewTexts(row: AnalysisViewRow): { viewJson: string; cardJson: string } {
  const view = toAnalysis(row);
  return { viewJson: JSON.stringify(view), cardJson: JSON.stringify(toRecentAnalysis(view)) };
}
