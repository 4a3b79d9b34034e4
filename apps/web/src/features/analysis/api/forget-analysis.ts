import { useMutation, useQueryClient } from '@tanstack/react-query';
import { extraApi } from '@mediadiet/contract/routes';
import { apiRequest } from '@/lib/api-client';
import { applyAnalysisDeleted } from '@/lib/analysis-cache';

/**
 * `DELETE /api/analysis/:id` ("Forget this page", decision 116): the analysis, its usage and its share of
 * the insights are gone on the server; this tab drops it at once (the others hear `analysis_deleted`).
 */
export function forgetAnalysis(id: string) {
  return apiRequest(extraApi.analysisDelete, { params: { id } });
}

export function useForgetAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forgetAnalysis,
    onSuccess: ({ id }) => applyAnalysisDeleted(queryClient, id),
  });
}
