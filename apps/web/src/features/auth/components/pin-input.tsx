import { useState, type ClipboardEvent, type Ref } from 'react';
import { PIN_LENGTH } from '@mediadiet/contract/constants';
import { cn } from '@/lib/cn';

/** Digits only, at most 6 (spec §5 "PIN: digits only, exactly 6"). */
export function sanitizePin(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, PIN_LENGTH);
}

export interface PinInputProps {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  invalid?: boolean;
  describedBy?: string | undefined;
  disabled?: boolean;
}

/**
 * One real input (so keyboards, screen readers, password managers and the OS "one-time code" autofill
 * all see a single field) drawn as six boxes. The input lies transparent over the boxes; the boxes only
 * mirror its value. Paste of a code in any format ("123 456", "123-456") fills it.
 */
export function PinInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  ref,
  invalid,
  describedBy,
  disabled,
}: PinInputProps) {
  const [focused, setFocused] = useState(false);
  const active = Math.min(value.length, PIN_LENGTH - 1);

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (digits.length >= PIN_LENGTH) {
      // A whole code replaces what was there, wherever the caret is.
      event.preventDefault();
      onChange(digits.slice(0, PIN_LENGTH));
    }
  };

  return (
    <div className="relative">
      <div aria-hidden="true" className="grid grid-cols-6 gap-1.5 sm:gap-2.5">
        {Array.from({ length: PIN_LENGTH }, (_, index) => {
          const digit = value[index] ?? '';
          const isActive = focused && index === active;
          return (
            <div
              key={index}
              data-active={isActive || undefined}
              className={cn(
                'flex h-13 items-center justify-center rounded-xl border bg-surface text-2xl font-semibold text-ink tabular-nums transition-colors sm:h-14',
                invalid ? 'border-danger' : isActive ? 'border-accent' : 'border-line-strong',
                isActive && (invalid ? 'ring-2 ring-danger/25' : 'ring-2 ring-accent/25'),
                disabled && 'opacity-60',
              )}
            >
              {digit || (isActive ? <span className="h-6 w-0.5 animate-pulse rounded bg-accent" /> : null)}
            </div>
          );
        })}
      </div>
      <input
        ref={ref}
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        spellCheck={false}
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(sanitizePin(event.target.value))}
        onPaste={onPaste}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          onBlur?.();
        }}
        className="absolute inset-0 h-full w-full cursor-text border-0 bg-transparent text-base text-transparent caret-transparent opacity-0 outline-none"
      />
    </div>
  );
}
