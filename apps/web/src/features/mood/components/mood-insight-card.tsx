import { useId } from 'react';
import { messages } from '@mediadiet/contract/messages';
import { formatCorrelation, type MoodInsightResponse } from '@mediadiet/contract/mood';
import { Card, CardTitle } from '@/components/ui/card';
import { QueryFallback } from '@/components/ui/load-error';
import { useMoodInsight } from '@/features/mood/api/get-mood-insight';
import { Term } from '@/components/ui/term';

/**
 * "Mood and reading" on the Insights view (issue 29): below the needed check-ins, the progress toward them;
 * from there the server's sentence (which makes no claim on weak evidence), the days compared, r and its 95 %
 * interval.
 */
export function MoodInsightCard() {
  const insight = useMoodInsight();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardTitle id={titleId}>{messages.mood.cardTitle}</CardTitle>
      <div className="mt-4">
        {insight.data ? (
          <InsightBody insight={insight.data} />
        ) : (
          <QueryFallback query={insight} title={messages.mood.insightFailed} />
        )}
      </div>
    </Card>
  );
}

function InsightBody({ insight }: { insight: MoodInsightResponse }) {
  const progressId = useId();
  if (insight.n === null) {
    const done = Math.min(insight.checkIns, insight.required);
    return (
      <div className="flex flex-col gap-3">
        <p className="text-ink">{insight.sentence}</p>
        <div>
          <p className="text-sm font-medium text-ink" id={progressId}>
            {messages.mood.progress(done, insight.required)}
          </p>
          <div
            role="progressbar"
            aria-labelledby={progressId}
            aria-valuemin={0}
            aria-valuemax={insight.required}
            aria-valuenow={done}
            className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-sunken"
          >
            <div
              className="h-full rounded-full bg-accent"
              style={{ width: `${(done / insight.required) * 100}%` }}
            />
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-lg font-medium text-ink">{insight.sentence}</p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Term look="tile" label={messages.mood.daysUsed} value={String(insight.n)} />
        <Term
          look="tile"
          label={messages.mood.correlation}
          value={insight.r === null ? '—' : formatCorrelation(insight.r)}
        />
        <Term
          look="tile"
          label={messages.mood.interval}
          value={
            insight.interval === null
              ? '—'
              : messages.mood.intervalRange(
                  formatCorrelation(insight.interval[0]),
                  formatCorrelation(insight.interval[1]),
                )
          }
        />
      </dl>
      <p className="text-sm text-ink-muted">{messages.mood.explanation}</p>
    </div>
  );
}
