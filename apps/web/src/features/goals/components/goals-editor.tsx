import { useId, useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { GOAL_KINDS, MAX_GOALS, type Goal, type GoalKind } from '@mediadiet/contract/goals';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { FieldError, inputClasses, TextField } from '@/components/ui/text-field';
import { useSaveGoals } from '@/features/goals/api/save-goals';
import { goalErrors, type GoalErrors } from '@/features/goals/utils/goal-errors';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';

const text = messages.goals;

interface Draft {
  id: number;
  kind: GoalKind;
  target: string;
  site: string;
}

const DEFAULT_TARGET: Record<GoalKind, string> = {
  draining_share: '25',
  site_daily: '5',
  uplifting_weekly: '10',
};
const TARGET_LABEL: Record<GoalKind, string> = {
  draining_share: text.percentLabel,
  site_daily: text.pagesPerDayLabel,
  uplifting_weekly: text.upliftingPagesLabel,
};

let nextId = 0;
const draftOf = (goal: Goal): Draft => ({
  id: nextId++,
  kind: goal.kind,
  target: String(goal.target),
  site: goal.kind === 'site_daily' ? goal.site : '',
});

/** What is sent: the drafts as typed (the server validates and names what is wrong). */
function toGoal(draft: Draft): Goal {
  const target = draft.target.trim() === '' ? Number.NaN : Number(draft.target);
  return draft.kind === 'site_daily'
    ? { kind: 'site_daily', target, site: draft.site }
    : { kind: draft.kind, target };
}

/**
 * The goals editor (a dialog from the Goals card): add, edit and remove goals, then save the whole list.
 * The server's refusal shows at the field it names, in its words; nothing is saved until it accepts the list.
 */
export function GoalsEditor({
  open,
  onOpenChange,
  goals,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  goals: readonly Goal[];
}) {
  const [drafts, setDrafts] = useState<Draft[]>(() => goals.map(draftOf));
  const [errors, setErrors] = useState<GoalErrors>({ fields: {}, general: [] });
  const save = useSaveGoals();
  const formId = useId();

  const update = (id: number, change: Partial<Draft>) =>
    setDrafts((current) => current.map((d) => (d.id === id ? { ...d, ...change } : d)));
  const add = () =>
    setDrafts((current) => {
      const used = new Set(current.map((d) => d.kind));
      const kind = GOAL_KINDS.find((k) => k === 'site_daily' || !used.has(k)) ?? 'site_daily';
      return [...current, { id: nextId++, kind, target: DEFAULT_TARGET[kind], site: '' }];
    });
  const remove = (id: number) => {
    setDrafts((current) => current.filter((d) => d.id !== id));
    // The indexes the server named no longer match the rows.
    setErrors({ fields: {}, general: [] });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({ fields: {}, general: [] });
    save.mutate(drafts.map(toGoal), {
      onSuccess: () => {
        notify.success(text.saved);
        onOpenChange(false);
      },
      onError: (error) => setErrors(goalErrors(error, text.saveFailed)),
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={text.editorTitle}
      description={text.editorDescription}
      size="large"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {text.cancel}
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            {save.isPending ? text.saving : text.save}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {errors.general.length > 0 ? (
          <div role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
            {errors.general.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        ) : null}
        {drafts.length === 0 ? <p className="text-sm text-ink-muted">{text.emptyText}</p> : null}
        <ol className="flex flex-col gap-4">
          {drafts.map((draft, index) => (
            <GoalFields
              key={draft.id}
              draft={draft}
              number={index + 1}
              errors={errors.fields[index] ?? {}}
              onChange={(change) => update(draft.id, change)}
              onRemove={() => remove(draft.id)}
            />
          ))}
        </ol>
        <div>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={add}
            disabled={drafts.length >= MAX_GOALS}
          >
            <Plus aria-hidden="true" className="size-4" />
            {text.addGoal}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function GoalFields({
  draft,
  number,
  errors,
  onChange,
  onRemove,
}: {
  draft: Draft;
  number: number;
  errors: Record<string, string>;
  onChange: (change: Partial<Draft>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const legend = text.goalNumber(number);
  return (
    <li>
      <fieldset className="rounded-xl border border-line p-4">
        <legend className="px-1 text-sm font-semibold text-ink">{legend}</legend>
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-kind`} className="text-sm font-medium text-ink">
              {text.kindLabel}
            </label>
            <select
              id={`${id}-kind`}
              value={draft.kind}
              aria-invalid={errors.kind ? true : undefined}
              aria-describedby={`${id}-kind-error`}
              onChange={(event) => {
                const kind = event.target.value as GoalKind;
                onChange({ kind, target: DEFAULT_TARGET[kind] });
              }}
              className={cn(inputClasses, 'pr-8')}
            >
              {GOAL_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {text.kinds[kind]}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-kind-error`} message={errors.kind} />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={TARGET_LABEL[draft.kind]}
              type="number"
              inputMode="numeric"
              min={1}
              max={draft.kind === 'draining_share' ? 100 : 500}
              step={1}
              value={draft.target}
              error={errors.target}
              onChange={(event) => onChange({ target: event.target.value })}
            />
            {draft.kind === 'site_daily' ? (
              <TextField
                label={text.siteLabel}
                placeholder="example.com"
                autoCapitalize="none"
                spellCheck={false}
                value={draft.site}
                error={errors.site}
                onChange={(event) => onChange({ site: event.target.value })}
              />
            ) : null}
          </div>
          <div>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={onRemove}
              aria-label={`${text.removeGoal} ${legend}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {text.removeGoal}
            </Button>
          </div>
        </div>
      </fieldset>
    </li>
  );
}
