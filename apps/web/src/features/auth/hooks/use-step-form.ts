import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * The form of one sign-in step (login, register, verify): checked against the contract's `schema` before
 * anything is sent, filled with `defaultValues`, and focused on `focusField` when the step appears by a change
 * of step (`focusOnMount`), not on the first page load.
 */
export function useStepForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  focus: { field: Path<Input>; onMount: boolean },
) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const { setFocus } = form;
  const { field, onMount } = focus;
  useEffect(() => {
    if (onMount) setFocus(field);
  }, [onMount, field, setFocus]);
  return form;
}
