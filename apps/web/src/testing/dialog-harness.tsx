import { useState, type ReactNode } from 'react';

/** What a dialog under test is driven by. */
export interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A page around a dialog under test: a button named `opener` that opens it, and the open state (closed unless
 * `initiallyOpen`) that `children` renders the dialog with. Closing the dialog gives focus back to that button.
 */
export function DialogHarness({
  opener,
  initiallyOpen = false,
  children,
}: {
  opener: string;
  initiallyOpen?: boolean;
  children: (state: DialogState) => ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {opener}
      </button>
      {children({ open, onOpenChange: setOpen })}
    </>
  );
}
