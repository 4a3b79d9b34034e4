import type { FormEvent, ReactNode } from 'react';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';

/**
 * The form of one sign-in step, named for assistive technology by `label`. The browser's own validation is
 * off: the step checks its fields against the contract's schema (useStepForm) and shows the errors itself.
 */
export function StepForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      {children}
    </form>
  );
}

/** The e-mail field of the login and register steps (an e-mail keyboard, the browser's saved address). */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'inputMode'>) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
}
