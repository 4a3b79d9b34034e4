import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';

describe('Button', () => {
  it('is a non-submitting button that calls onClick', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save Changes</Button>);
    const button = screen.getByRole('button', { name: 'Save Changes' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is disabled and busy while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Subscribe
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Subscribe' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('shares its look with links through buttonClasses', () => {
    expect(buttonClasses({ variant: 'danger', fullWidth: true })).toMatch(/bg-danger.*w-full/);
  });
});

describe('Card and Badge', () => {
  it('render a titled card and a toned badge', () => {
    render(
      <Card>
        <CardTitle as="h3">Touchpoints (last 7 days)</CardTitle>
        <CardDescription>12</CardDescription>
        <Badge tone="success">Strong</Badge>
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Touchpoints (last 7 days)' })).toBeInTheDocument();
    expect(screen.getByText('Strong')).toHaveAttribute('data-tone', 'success');
  });
});
