import { useId } from 'react';
import type { LabelInsightsResponse, LabelWeek, VerdictTotals } from '@mediadiet/contract/labels';
import { messages } from '@mediadiet/contract/messages';
import { Card, CardTitle } from '@/components/ui/card';
import { QueryFallback } from '@/components/ui/load-error';
import { useLabelInsights } from '@/features/labels/api/get-label-insights';
import { ScrollingTable } from '@/components/ui/scrolling-table';

/**
 * "Labels on links" beside the Insights (issue 30, decision 160): before any label was shown, what labels are and
 * where to switch them on; then the two figures in words (each says what may be said, and why not when it may
 * not) and, per week, the labels shown, the labelled results opened and the draining ones among them.
 */
export function LabelsCard() {
  const labels = useLabelInsights();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardTitle id={titleId}>{messages.labels.cardTitle}</CardTitle>
      <div className="mt-4">
        {labels.data ? (
          <LabelsBody labels={labels.data} />
        ) : (
          <QueryFallback query={labels} title={messages.labels.loadFailed} />
        )}
      </div>
    </Card>
  );
}

function LabelsBody({ labels }: { labels: LabelInsightsResponse }) {
  if (labels.since === null || !labels.opened || !labels.beforeLabels) {
    return (
      <div className="flex max-w-prose flex-col gap-2">
        <p className="text-ink">{messages.labels.emptyHow}</p>
        <p className="text-sm text-ink-muted">{messages.labels.emptyWhat}</p>
      </div>
    );
  }
  const figures = [labels.opened, labels.beforeLabels];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex max-w-prose flex-col gap-2">
        {figures.map((figure) =>
          figure.reason === null ? (
            <p key={figure.sentence} className="text-lg font-medium text-ink">
              {figure.sentence}
            </p>
          ) : (
            <p key={figure.sentence} className="text-sm text-ink-muted">
              {figure.sentence}
            </p>
          ),
        )}
      </div>
      {labels.weeks.length > 0 ? <WeeksTable weeks={labels.weeks} /> : null}
    </div>
  );
}

const sum = (counts: VerdictTotals) => counts.uplifting + counts.neutral + counts.mixed + counts.draining;
const count = new Intl.NumberFormat('en-US');
const weekStart = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Mar 17" for the week that begins on Monday 17 March. */
function weekLabel(week: LabelWeek): string {
  const date = new Date(`${week.week}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? week.week : weekStart.format(date);
}

const cellClass = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
const headClass = 'px-3 py-2 text-right font-semibold';

/** The weeks, newest first: labels shown, labelled results opened, and the draining ones among those opened. */
function WeeksTable({ weeks }: { weeks: LabelWeek[] }) {
  return (
    <ScrollingTable caption={messages.labels.tableCaption}>
      <thead className="border-b border-line bg-canvas/60 text-xs text-ink-muted">
        <tr>
          <th scope="col" className="px-3 py-2 font-semibold">
            {messages.labels.week}
          </th>
          <th scope="col" className={headClass}>
            {messages.labels.shown}
          </th>
          <th scope="col" className={headClass}>
            {messages.labels.opened}
          </th>
          <th scope="col" className={headClass}>
            {messages.labels.openedDraining}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line text-ink">
        {[...weeks].reverse().map((week) => (
          <tr key={week.week}>
            <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
              {weekLabel(week)}
            </th>
            <td className={cellClass}>{count.format(sum(week.shown))}</td>
            <td className={cellClass}>{count.format(sum(week.opened))}</td>
            <td className={cellClass}>{count.format(week.opened.draining)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
