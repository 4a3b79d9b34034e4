import { useId, useState } from 'react';
import { Compass } from 'lucide-react';
import { SLIDER_MAX, SLIDER_MIN, SLIDER_STEP } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import {
  PERSONALITY_GROUP_LABELS,
  PERSONALITY_GROUPS,
  personalityScoreLabel,
  type PersonalityGroup,
  type PersonalityItem,
  type Personalization,
} from '@mediadiet/contract/questionnaire';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle, IconCard } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Slider } from '@/components/ui/slider';
import { PageSpinner } from '@/components/ui/spinner';
import { usePersonalization } from '@/features/questionnaire/api/get-personalization';
import { StepHeading } from '@/features/questionnaire/components/step-heading';
import { useUpdatePersonalization } from '@/features/questionnaire/api/update-personalization';
import {
  draftKey,
  draftScore,
  snapshotChanges,
  type SnapshotDraft,
} from '@/features/questionnaire/utils/snapshot';

export interface PersonalitySnapshotProps {
  /** OPT_OUT: the reader skipped the questionnaire; they are invited to take it. */
  optedOut: boolean;
  onTakeQuestionnaire: () => void;
  focusHeading: boolean;
}

/**
 * The completed view (spec §2): the personality snapshot, sliders grouped as Emotional Intelligence,
 * Behavioral Patterns and Cognitive Processing, each with category, description and a 1–5 score with its
 * label. 'Save Changes' appears once a score differs from the saved one and sends only those categories.
 * An opted-out reader sees an invitation to take the questionnaire above the profile the server gives
 * them (the general profile), if any.
 */
export function PersonalitySnapshot({
  optedOut,
  onTakeQuestionnaire,
  focusHeading,
}: PersonalitySnapshotProps) {
  const query = usePersonalization();
  const titleId = useId();

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-6">
      <div>
        <StepHeading focusWhenLost={focusHeading} id={titleId}>
          {messages.questionnaire.snapshotTitle}
        </StepHeading>
        <p className="mt-1 max-w-2xl text-[0.95rem] leading-relaxed text-ink-muted">
          How you tend to respond to what you read and watch, on a scale from 1 to 5. If a score does not feel
          like you, move it: your analyses follow these settings.
        </p>
      </div>

      {optedOut ? <OptOutInvitation onTake={onTakeQuestionnaire} /> : null}

      {query.isPending ? (
        <PageSpinner className="min-h-40" />
      ) : query.isError ? (
        <LoadError title={messages.loading.userConfiguration} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <SnapshotEditor personalization={query.data} />
      ) : optedOut ? null : (
        <Card>
          <CardDescription className="mt-0">
            Your snapshot is not ready yet. It appears here as soon as your answers have been analysed.
          </CardDescription>
        </Card>
      )}
    </section>
  );
}

function OptOutInvitation({ onTake }: { onTake: () => void }) {
  return (
    <IconCard
      layout="stacked"
      tone="raised"
      icon={<Compass className="size-6" />}
      className="border-accent/30 bg-accent-soft/40"
    >
      <CardTitle as="h4">Your analysis uses a general profile</CardTitle>
      <CardDescription>
        You continued without the questionnaire, so your insights are based on how most readers respond. Take
        the 5-minute questionnaire whenever you like to tune them to you.
      </CardDescription>
      <Button className="mt-5" onClick={onTake}>
        Take the questionnaire
      </Button>
    </IconCard>
  );
}

function SnapshotEditor({ personalization }: { personalization: Personalization }) {
  const [draft, setDraft] = useState<SnapshotDraft>({});
  const update = useUpdatePersonalization();
  const { update: changes, count } = snapshotChanges(personalization, draft);

  const move = (group: PersonalityGroup, category: string, score: number) =>
    setDraft((current) => ({ ...current, [draftKey(group, category)]: score }));

  const save = () => {
    if (count === 0 || update.isPending) return;
    update.mutate(changes, { onSuccess: () => setDraft({}) });
  };

  return (
    <>
      {PERSONALITY_GROUPS.map((group) => (
        <GroupCard
          key={group}
          group={group}
          items={personalization.categoryScores[group]}
          draft={draft}
          disabled={update.isPending}
          onMove={move}
        />
      ))}
      {count > 0 ? (
        <div
          role="region"
          aria-label="Unsaved changes"
          className="sticky bottom-3 z-10 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-2xl border border-line bg-surface/95 px-4 py-3 shadow-overlay backdrop-blur sm:px-6"
        >
          <p className="text-sm text-ink">{count === 1 ? '1 score changed' : `${count} scores changed`}</p>
          <div className="flex flex-1 justify-end gap-2 sm:flex-none sm:gap-3">
            <Button variant="ghost" size="sm" onClick={() => setDraft({})} disabled={update.isPending}>
              Discard
            </Button>
            <Button size="sm" onClick={save} loading={update.isPending}>
              {messages.questionnaire.saveChanges}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}

function GroupCard({
  group,
  items,
  draft,
  disabled,
  onMove,
}: {
  group: PersonalityGroup;
  items: PersonalityItem[];
  draft: SnapshotDraft;
  disabled: boolean;
  onMove: (group: PersonalityGroup, category: string, score: number) => void;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card className="p-5 sm:p-8">
        <CardTitle as="h4" id={titleId}>
          {PERSONALITY_GROUP_LABELS[group]}
        </CardTitle>
        {items.length === 0 ? (
          <CardDescription>No scores in this group yet.</CardDescription>
        ) : (
          <ul className="mt-6 grid gap-x-10 gap-y-8 min-[768px]:grid-cols-2">
            {items.map((item) => (
              <ScoreItem
                key={item.category}
                item={item}
                score={draftScore(draft, group, item.category, item.score)}
                disabled={disabled}
                onChange={(score) => onMove(group, item.category, score)}
              />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

function ScoreItem({
  item,
  score,
  disabled,
  onChange,
}: {
  item: PersonalityItem;
  score: number;
  disabled: boolean;
  onChange: (score: number) => void;
}) {
  const descriptionId = useId();
  const label = personalityScoreLabel(score);
  return (
    <li data-testid="personality-item" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-ink">{item.category}</p>
        <span className="inline-flex items-center gap-2">
          <Badge tone="accent" data-testid="score-label">
            {label}
          </Badge>
          <span aria-hidden="true" className="text-sm text-ink-muted tabular-nums">
            {score}/{SLIDER_MAX}
          </span>
        </span>
      </div>
      <p id={descriptionId} className="text-sm leading-relaxed text-ink-muted">
        {item.description}
      </p>
      <div>
        <Slider
          thumbLabel={item.category}
          valueText={`${score} of ${SLIDER_MAX}, ${label}`}
          thumbDescribedBy={descriptionId}
          min={SLIDER_MIN}
          max={SLIDER_MAX}
          step={SLIDER_STEP}
          value={[score]}
          onValueChange={([value]) => {
            if (value !== undefined) onChange(value);
          }}
          disabled={disabled}
        />
        <div aria-hidden="true" className="mt-1.5 flex justify-between text-xs text-ink-muted">
          <span>{personalityScoreLabel(SLIDER_MIN)}</span>
          <span>{personalityScoreLabel(SLIDER_MAX)}</span>
        </div>
      </div>
    </li>
  );
}
