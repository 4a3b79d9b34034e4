import { overallImpact, type OverallImpact } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { formatInsightScore } from '@/features/analysis/utils/format';

const tones: Record<OverallImpact, BadgeTone> = { high: 'warning', medium: 'accent', low: 'neutral' };
const labels: Record<OverallImpact, string> = { high: 'High', medium: 'Medium', low: 'Low' };

/** Overall Impact by the overall score (spec §4): ≥ 70 high, ≥ 40 medium, otherwise low; score to one decimal. */
export function ImpactBadge({ score }: { score: number }) {
  const impact = overallImpact(score);
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs font-medium text-ink-muted">
      {messages.insights.overallImpact}
      <Badge tone={tones[impact]} data-testid="overall-impact" data-impact={impact}>
        {labels[impact]}
      </Badge>
      <span className="tabular-nums">{formatInsightScore(score)}</span>
    </p>
  );
}
