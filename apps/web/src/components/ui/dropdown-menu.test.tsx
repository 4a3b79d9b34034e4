import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as DropdownMenuModule from '@/components/ui/dropdown-menu';

type Module = typeof DropdownMenuModule;

// Each test starts before the Radix code has arrived: a fresh copy of the module (and of its lazy state).
let DropdownMenu: Module['DropdownMenu'];
beforeEach(async () => {
  vi.resetModules();
  ({ DropdownMenu } = await import('@/components/ui/dropdown-menu'));
});

function Menu({ onSelect = () => {} }: { onSelect?: () => void }) {
  return (
    <DropdownMenu modal={false} triggerProps={{ 'aria-label': 'Options', className: 'trigger' }} trigger="⋯">
      {(Parts) => (
        <Parts.Portal>
          <Parts.Content>
            <Parts.Item onSelect={onSelect}>Rename</Parts.Item>
          </Parts.Content>
        </Parts.Portal>
      )}
    </DropdownMenu>
  );
}

describe('DropdownMenu (Radix, loaded on first use)', () => {
  it('shows the trigger at once, with the look and ARIA of the real one', () => {
    render(<Menu />);
    const trigger = screen.getByRole('button', { name: 'Options' });
    expect(trigger).toHaveClass('trigger');
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveTextContent('⋯');
  });

  it('a press before the code has arrived opens the menu as soon as it has', async () => {
    const onSelect = vi.fn();
    const user = userEvent.setup();
    render(<Menu onSelect={onSelect} />);
    await user.click(screen.getByRole('button', { name: 'Options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('keeps keyboard focus on the trigger when the real one replaces the stand-in, and opens with Enter', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Options' })).toHaveFocus();
    // Focus starts the fetch; the Radix trigger takes the stand-in's place and keeps the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Options' })).toHaveAttribute('id'));
    expect(screen.getByRole('button', { name: 'Options' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });
});
