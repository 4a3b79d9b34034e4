import { useId, type ChangeEvent } from 'react';
import { Check } from 'lucide-react';
import type { Answer, Question } from '@mediadiet/contract/questionnaire';
import { cn } from '@/lib/cn';

/** Longest answers accepted (the contract allows 5000 characters per text answer). */
export const TEXT_SHORT_MAX = 500;
export const TEXT_LONG_MAX = 5000;
export const TEXT_LONG_ROWS = 4;

export interface QuestionInputProps {
  question: Question;
  answer: Answer | undefined;
  onChange: (answer: Answer) => void;
  /** The id of the element that shows the question (the inputs' accessible name). */
  labelledBy: string;
}

/**
 * One question's input by type (spec §2): MULTIPLE_CHOICE → checkboxes, RADIO → radio buttons,
 * AB_SELECTION → two big choices (radio semantics), TEXT_SHORT → a text field, TEXT_LONG → a 4-row text
 * area. Native inputs, so keyboard use (Tab, Space, arrow keys within a radio group) works as everywhere.
 */
export function QuestionInput({ question, answer, onChange, labelledBy }: QuestionInputProps) {
  const choice = { question, onChange, labelledBy };
  const text = typeof answer === 'string' ? answer : '';
  const textInput = {
    'aria-labelledby': labelledBy,
    value: text,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    placeholder: 'Your answer',
  };
  switch (question.type) {
    case 'MULTIPLE_CHOICE':
      return <Checkboxes {...choice} selected={Array.isArray(answer) ? answer : []} />;
    case 'RADIO':
      return <Radios {...choice} selected={text} />;
    case 'AB_SELECTION':
      return <AbChoice {...choice} selected={text} />;
    case 'TEXT_SHORT':
      return <input type="text" maxLength={TEXT_SHORT_MAX} className={textClasses} {...textInput} />;
    case 'TEXT_LONG':
      return (
        <textarea
          rows={TEXT_LONG_ROWS}
          maxLength={TEXT_LONG_MAX}
          className={cn(textClasses, 'h-auto resize-y py-3 leading-relaxed')}
          {...textInput}
        />
      );
  }
}

const textClasses =
  'h-12 w-full rounded-xl border border-line-strong bg-surface px-4 text-base text-ink placeholder:text-ink-muted/70 ' +
  'focus-visible:border-accent';

const optionClasses =
  'flex cursor-pointer items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3.5 text-ink transition-colors ' +
  'hover:border-line-strong hover:bg-canvas has-[:checked]:border-accent has-[:checked]:bg-accent-soft';

interface ChoiceProps<T> {
  question: Question;
  selected: T;
  onChange: (answer: Answer) => void;
  labelledBy: string;
}

function Checkboxes({ question, selected, onChange, labelledBy }: ChoiceProps<string[]>) {
  const hintId = useId();
  const toggle = (option: string, checked: boolean) =>
    // Kept in the options' order, whatever order they were ticked in.
    onChange(question.answers.filter((o) => (o === option ? checked : selected.includes(o))));
  return (
    <div role="group" aria-labelledby={labelledBy} aria-describedby={hintId}>
      <p id={hintId} className="mb-3 text-sm text-ink-muted">
        Choose all that apply.
      </p>
      <ul className="grid gap-2.5">
        {question.answers.map((option) => (
          <li key={option}>
            <label className={optionClasses}>
              <input
                type="checkbox"
                className="size-4.5 shrink-0 accent-accent"
                checked={selected.includes(option)}
                onChange={(event) => toggle(option, event.target.checked)}
              />
              <span>{option}</span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Radios({ question, selected, onChange, labelledBy }: ChoiceProps<string>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="grid gap-2.5">
      {question.answers.map((option) => (
        <label key={option} className={optionClasses}>
          <input
            type="radio"
            name={name}
            value={option}
            className="size-4.5 shrink-0 accent-accent"
            checked={selected === option}
            onChange={() => onChange(option)}
          />
          <span>{option}</span>
        </label>
      ))}
    </div>
  );
}

/** Two big side-by-side choices (stacked on narrow screens), marked A and B. */
function AbChoice({ question, selected, onChange, labelledBy }: ChoiceProps<string>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="grid gap-3 sm:grid-cols-2">
      {question.answers.map((option, index) => {
        const checked = selected === option;
        return (
          <label
            key={option}
            data-testid="ab-choice"
            className={cn(
              'relative flex min-h-32 cursor-pointer flex-col gap-3 rounded-2xl border-2 border-line bg-surface p-5 transition-colors',
              'hover:border-line-strong hover:bg-canvas has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
              'has-[:checked]:border-accent has-[:checked]:bg-accent-soft',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              className="sr-only"
              checked={checked}
              onChange={() => onChange(option)}
            />
            <span className="flex items-center justify-between">
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex size-9 items-center justify-center rounded-full text-sm font-semibold',
                  checked ? 'bg-accent text-white' : 'bg-sunken text-ink-muted',
                )}
              >
                {String.fromCharCode(65 + index)}
              </span>
              {checked ? <Check aria-hidden="true" className="size-5 text-accent" /> : null}
            </span>
            <span className="text-lg leading-snug font-medium text-ink">{option}</span>
          </label>
        );
      })}
    </div>
  );
}
