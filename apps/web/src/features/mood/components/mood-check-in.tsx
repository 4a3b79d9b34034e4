import { useId, useState, useSyncExternalStore } from 'react';
import { messages } from '@mediadiet/contract/messages';
import { MOOD_NOTE_MAX, MOOD_SCORE_MAX, type MoodScore } from '@mediadiet/contract/mood';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { inputClasses } from '@/components/ui/text-field';
import { refusalMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { MOOD_CHECKIN_DISMISSED_KEY, readItem, subscribeToStorage, writeItem } from '@/lib/storage';
import { useCheckIn } from '@/features/mood/api/check-in';
import { useMoodCheckIns } from '@/features/mood/api/get-mood-check-ins';

/** The scale, lowest first (MOOD_SCORE_MIN … MOOD_SCORE_MAX). */
const SCORES = [1, 2, 3, 4, 5] as const satisfies readonly MoodScore[];
type Score = (typeof SCORES)[number];

const useDismissedDay = () =>
  useSyncExternalStore(subscribeToStorage, () => readItem(MOOD_CHECKIN_DISMISSED_KEY));

/**
 * The daily mood check-in on the dashboard (issue 29): five labelled buttons, one tap saves today's mood with
 * the optional note. Offered at most once a day: hidden once today's check-in exists or after "Not today"
 * (remembered for that day). Nothing shows while the check-ins load; a failed load offers "Try again".
 */
export function MoodCheckIn() {
  const checkIns = useMoodCheckIns();
  const checkIn = useCheckIn();
  const dismissedDay = useDismissedDay();
  const [note, setNote] = useState('');
  const [chosen, setChosen] = useState<Score | null>(null);
  const [savedNow, setSavedNow] = useState(false);
  const titleId = useId();
  const noteId = useId();
  const noteHintId = useId();

  if (savedNow) {
    return (
      <p role="status" className="rounded-2xl border border-line bg-surface px-5 py-4 text-ink shadow-card">
        {messages.mood.saved}
      </p>
    );
  }
  if (checkIns.isPending) return null;
  if (checkIns.isError) {
    return (
      <LoadError
        title={messages.mood.loadFailed}
        detail={checkIns.error.message}
        retrying={checkIns.isFetching}
        onRetry={() => void checkIns.refetch()}
      />
    );
  }
  const { today } = checkIns.data;
  if (dismissedDay === today || checkIns.data.checkIns.some((c) => c.day === today)) return null;

  const save = (score: Score) => {
    setChosen(score);
    const trimmed = note.trim();
    checkIn.mutate(trimmed ? { score, note: trimmed } : { score }, { onSuccess: () => setSavedNow(true) });
  };

  return (
    <Card aria-labelledby={titleId} role="region" className="p-5 sm:p-6">
      {/* On a narrow screen the title takes two lines; "Not today" stays beside it, never under it. */}
      <div className="flex items-start justify-between gap-3">
        <CardTitle id={titleId} className="min-w-0">
          {messages.mood.promptTitle}
        </CardTitle>
        <Button
          variant="ghost"
          size="sm"
          className="-mr-2 -mt-1 shrink-0"
          onClick={() => writeItem(MOOD_CHECKIN_DISMISSED_KEY, today)}
        >
          {messages.mood.dismiss}
        </Button>
      </div>
      <CardDescription>{messages.mood.promptHint}</CardDescription>

      <div className="mt-4 flex flex-col gap-1.5">
        <label htmlFor={noteId} className="text-sm font-medium text-ink">
          {messages.mood.noteLabel}
        </label>
        <textarea
          id={noteId}
          value={note}
          maxLength={MOOD_NOTE_MAX}
          rows={2}
          aria-describedby={noteHintId}
          onChange={(event) => setNote(event.target.value)}
          className={cn(inputClasses, 'h-auto min-h-16 py-2.5')}
        />
        <p id={noteHintId} className="text-xs text-ink-muted">
          {messages.mood.noteHint(MOOD_NOTE_MAX)}
        </p>
      </div>

      <div role="group" aria-labelledby={titleId} className="mt-4 grid grid-cols-5 gap-1.5 sm:gap-3">
        {SCORES.map((score) => (
          <button
            key={score}
            type="button"
            disabled={checkIn.isPending}
            aria-busy={(checkIn.isPending && chosen === score) || undefined}
            onClick={() => save(score)}
            aria-label={messages.mood.scoreName(messages.mood.scoreLabels[score], score, MOOD_SCORE_MAX)}
            className={cn(
              'flex min-h-20 flex-col items-center justify-center gap-1 rounded-xl border border-line-strong bg-surface px-1 py-2',
              'text-center text-xs font-medium leading-tight text-ink transition-colors hover:bg-sunken sm:text-sm',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
              'disabled:cursor-not-allowed disabled:opacity-55',
              checkIn.isPending && chosen === score && 'border-accent opacity-100',
            )}
          >
            <span aria-hidden="true" className="text-2xl leading-none">
              {messages.mood.scoreEmoji[score]}
            </span>
            <span>{messages.mood.scoreLabels[score]}</span>
          </button>
        ))}
      </div>
      {checkIn.isPending ? (
        <p role="status" className="mt-3 text-sm text-ink-muted">
          {messages.mood.saving}
        </p>
      ) : null}
      {checkIn.isError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-danger">
          {refusalMessage(checkIn.error, messages.mood.saveFailed)}
        </p>
      ) : null}
    </Card>
  );
}
