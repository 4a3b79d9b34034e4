import { describe, expect, it } from 'vitest';
import { hasData } from '../scripts/data.ts';

// Collected only where ../shared/data exists (see vitest.config.ts); the guard below is a second line of defence.
if (hasData()) {
  describe('evaluation on the dev data', () => {
    it('reaches the figures of the analysis issue where met, and beats plain VADER everywhere', async () => {
      const { evaluate } = await import('../scripts/eval.ts');
      const f = evaluate();
      expect(f.macroAuc.ours).toBeGreaterThanOrEqual(0.85);
      for (const row of [f.nytArticle, f.nytSentence, f.emobankAll, f.emobankNews]) expect(row.ours).toBeGreaterThan(row.vader);
    }, 120_000);
  });
}
