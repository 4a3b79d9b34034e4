import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { notify, toastContainerProps } from '@/lib/toast';

describe('toasts', () => {
  it('auto-close after 5000 ms, at most 3 at once, top-right (spec §9)', () => {
    expect(toastContainerProps).toEqual({ autoClose: 5000, limit: 3, position: 'top-right' });
  });

  it('shows at most 3 toasts at once', async () => {
    render(<ToastContainer {...toastContainerProps} />);
    for (const text of ['one', 'two', 'three', 'four']) notify.error(text);
    expect(await screen.findByText('three')).toBeInTheDocument();
    expect(screen.queryByText('four')).not.toBeInTheDocument();
  });
});
