import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type TextFieldProps = ComponentPropsWithRef<'input'> & {
  label: string;
  /** Help text under the label, linked to the input. */
  description?: ReactNode;
  /** Shown under the input, announced, and marks the input invalid. */
  error?: string | undefined;
};

export const inputClasses =
  'h-11 w-full rounded-xl border border-line-strong bg-surface px-3.5 text-base text-ink placeholder:text-ink-muted/70 ' +
  'transition-colors focus-visible:border-accent aria-invalid:border-danger';

/** A labelled text input with optional help text and an error message tied to it (aria-describedby). */
export function TextField({ label, description, error, className, id: givenId, ...props }: TextFieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {description ? (
        <p id={descriptionId} className="text-sm text-ink-muted">
          {description}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(inputClasses, className)}
        {...props}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The error line of a field; a live region so that a message appearing after submit is announced. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  return (
    <p id={id} aria-live="polite" className={cn('text-sm text-danger', !message && 'sr-only')}>
      {message}
    </p>
  );
}
