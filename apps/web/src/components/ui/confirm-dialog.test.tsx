import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog, type ConfirmDialogProps } from '@/components/ui/confirm-dialog';
import { useConfirm } from '@/components/ui/use-confirm';
import { DialogHarness } from '@/testing/dialog-harness';

function Harness(props: Partial<ConfirmDialogProps>) {
  return (
    <DialogHarness opener="Ask">
      {(state) => (
        <ConfirmDialog
          {...state}
          title="Change plan?"
          description="Are you sure you want to change your subscription plan? This will take effect immediately."
          {...props}
        />
      )}
    </DialogHarness>
  );
}

describe('ConfirmDialog', () => {
  it('is an alert dialog with Cancel and Confirm, focus on Cancel, and gives focus back on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const ask = screen.getByRole('button', { name: 'Ask' });
    await user.click(ask);
    const dialog = screen.getByRole('alertdialog', { name: 'Change plan?' });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to change your subscription plan? This will take effect immediately.',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(ask).toHaveFocus());
  });

  it('closes on Escape and on a click outside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(screen.getByTestId('confirm-overlay'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('uses the given labels and calls onConfirm', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <Harness confirmText="Yes, Cancel" cancelText="No, Keep It" tone="danger" onConfirm={onConfirm} />,
    );
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByRole('button', { name: 'No, Keep It' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('waits while the confirmed action runs: no Escape, no outside click, Cancel disabled', async () => {
    const user = userEvent.setup();
    render(<Harness pending />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('confirm-overlay'));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveAttribute('aria-busy', 'true');
  });
});

function AskingButton({ onAnswer }: { onAnswer: (confirmed: boolean) => void }) {
  const { confirm, confirmDialog } = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void confirm({ title: 'Confirm High Overage Limit', text: 'Sure?', tone: 'danger' }).then(onAnswer)
        }
      >
        Save
      </button>
      {confirmDialog}
    </>
  );
}

describe('useConfirm', () => {
  it('resolves true on Confirm and false on Cancel or Escape', async () => {
    const user = userEvent.setup();
    const answers: boolean[] = [];
    render(<AskingButton onAnswer={(answer) => answers.push(answer)} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(answers).toEqual([true, false, false]));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
