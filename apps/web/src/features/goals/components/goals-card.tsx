import { useId, useState } from 'react';
import { Target } from 'lucide-react';
import type { GoalStatus, GoalWithProgress } from '@mediadiet/contract/goals';
import { messages } from '@mediadiet/contract/messages';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useGoals } from '@/features/goals/api/get-goals';
import { useGoalNudges } from '@/features/goals/hooks/use-goal-nudges';
import { goalKey } from '@mediadiet/contract/goals';
import { cn } from '@/lib/cn';
import { lazyComponent } from '@/lib/lazy-component';

const text = messages.goals;

// The editor's code loads when it first opens: most visits only read the card (docs/decisions/073).
const GoalsEditor = lazyComponent(() =>
  import('@/features/goals/components/goals-editor').then((m) => m.GoalsEditor),
);

const STATUS_TONE: Record<GoalStatus, BadgeTone> = {
  on_track: 'success',
  met: 'success',
  at_risk: 'warning',
  broken: 'danger',
};
const BAR_COLOUR: Record<GoalStatus, string> = {
  on_track: 'bg-success',
  met: 'bg-success',
  at_risk: 'bg-warning',
  broken: 'bg-danger',
};

/**
 * The dashboard's Goals card (issue 29, decision 152): each goal's progress this week or today as a bar, its
 * status in words and its sentence; an empty state inviting to set one; the editor as a dialog. Goals at risk
 * or over their limit raise the nudge toast (once per goal per day).
 */
export function GoalsCard() {
  const goals = useGoals();
  const [editing, setEditing] = useState(false);
  const titleId = useId();
  useGoalNudges(goals.data);

  const list = goals.data ?? [];
  return (
    <Card role="region" aria-labelledby={titleId} className="print:hidden">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Target aria-hidden="true" className="size-5 shrink-0 text-accent" />
          <CardTitle as="h3" id={titleId}>
            {text.title}
          </CardTitle>
        </div>
        {goals.isSuccess && list.length > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            {text.editGoals}
          </Button>
        ) : null}
      </div>

      {goals.isPending ? (
        <div className="mt-5 flex min-h-16 items-center gap-3 text-sm text-ink-muted">
          <Spinner size="sm" label={text.loading} />
          <span aria-hidden="true">{text.loading}</span>
        </div>
      ) : goals.isError ? (
        <div role="alert" className="mt-5 flex flex-wrap items-center gap-3">
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-danger">{text.loadFailed}</p>
            {goals.error.message && goals.error.message !== text.loadFailed ? (
              <p className="mt-1 text-sm text-ink-muted">{goals.error.message}</p>
            ) : null}
          </div>
          <Button
            variant="secondary"
            size="sm"
            loading={goals.isFetching}
            onClick={() => void goals.refetch()}
          >
            {text.tryAgain}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="mt-4">
          <p className="font-medium text-ink">{text.emptyTitle}</p>
          <CardDescription>{text.emptyText}</CardDescription>
          <Button className="mt-4" size="sm" onClick={() => setEditing(true)}>
            {text.setGoal}
          </Button>
        </div>
      ) : (
        <ul className="mt-5 flex flex-col gap-5">
          {list.map((item) => (
            <GoalRow key={goalKey(item.goal)} item={item} />
          ))}
        </ul>
      )}

      {editing ? (
        <GoalsEditor open={editing} onOpenChange={setEditing} goals={list.map((item) => item.goal)} />
      ) : null}
    </Card>
  );
}

function GoalRow({ item }: { item: GoalWithProgress }) {
  const { progress } = item;
  const filled = Math.min(100, Math.round((progress.current / progress.target) * 100));
  return (
    <li className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm font-medium text-ink break-words">{progress.sentence}</p>
        <Badge tone={STATUS_TONE[progress.status]}>{text.status[progress.status]}</Badge>
      </div>
      {/* The sentence and the status say it in words; the bar shows the same at a glance. */}
      <div aria-hidden="true" className="h-2.5 w-full overflow-hidden rounded-full bg-sunken">
        <div
          data-testid="goal-bar"
          className={cn('h-full rounded-full', BAR_COLOUR[progress.status])}
          style={{ width: `${filled}%` }}
        />
      </div>
    </li>
  );
}
