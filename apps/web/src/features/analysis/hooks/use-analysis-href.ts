import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { analysisHref } from '@/features/analysis/utils/detail-link';

/** The href of an analysis' detail from the current address (`?…&analysis=<id>`). */
export function useAnalysisHref(): (id: string) => string {
  const { search } = useLocation();
  return useCallback((id: string) => analysisHref(search, id), [search]);
}
