import { patternStrength, type PatternStrengthLevel } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<PatternStrengthLevel, BadgeTone> = {
  Strong: 'success',
  Moderate: 'accent',
  Weak: 'neutral',
};

/**
 * Pattern Strength by |correlationCoefficient| (spec §4): ≥ 0.6 Strong, ≥ 0.4 Moderate, otherwise Weak,
 * each with its sentence.
 */
export function PatternStrengthBadge({ correlation }: { correlation: number }) {
  const strength = patternStrength(correlation);
  return (
    <div className="flex flex-col gap-1">
      <p className="flex flex-wrap items-center gap-2 text-xs font-medium text-ink-muted">
        {messages.history.patternStrength}
        <Badge tone={tones[strength.level]} data-testid="pattern-strength">
          {strength.level}
        </Badge>
      </p>
      <p className="text-xs leading-snug text-ink-muted">{strength.message}</p>
    </div>
  );
}
