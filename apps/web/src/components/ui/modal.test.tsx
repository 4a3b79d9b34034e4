import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, type ModalProps, type ModalSize } from '@/components/ui/modal';
import { DialogHarness } from '@/testing/dialog-harness';

function Harness(props: Partial<ModalProps>) {
  return (
    <DialogHarness opener="Open" initiallyOpen>
      {(state) => (
        <Modal {...state} title="Manage Subscription" {...props}>
          <p>Body text</p>
        </Modal>
      )}
    </DialogHarness>
  );
}

describe('Modal', () => {
  it.each<[ModalSize, string]>([
    ['small', 'max-w-sm'],
    ['medium', 'max-w-lg'],
    ['large', 'max-w-3xl'],
  ])('renders the %s size', (size, widthClass) => {
    render(<Harness size={size} />);
    const dialog = screen.getByRole('dialog', { name: 'Manage Subscription' });
    expect(dialog).toHaveAttribute('data-size', size);
    expect(dialog).toHaveClass(widthClass);
  });

  it('is medium by default', () => {
    render(<Harness />);
    expect(screen.getByRole('dialog')).toHaveAttribute('data-size', 'medium');
  });

  it('closes with its close control and can be opened again', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('Body text')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('can hide the close control and refuse Escape (spec: "Close is optional")', async () => {
    const user = userEvent.setup();
    render(<Harness showClose={false} dismissible={false} />);
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('links its description and renders a footer', () => {
    render(
      <Harness description="Current plan and status" footer={<button type="button">Change Plan</button>} />,
    );
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Current plan and status');
    expect(screen.getByRole('button', { name: 'Change Plan' })).toBeInTheDocument();
  });
});
