import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { SPINNER_FRAME_MS } from '@mediadiet/contract/constants';
import { Spinner, SPINNER_FRAMES } from '@/components/ui/spinner';

afterEach(() => vi.useRealTimers());

const frameOf = (container: HTMLElement) => container.querySelector('svg')?.getAttribute('data-frame');

describe('Spinner', () => {
  it('advances one frame every 150 ms (spec §9)', () => {
    vi.useFakeTimers();
    const { container } = render(<Spinner />);
    expect(SPINNER_FRAME_MS).toBe(150);
    expect(frameOf(container)).toBe('0');

    act(() => {
      vi.advanceTimersByTime(SPINNER_FRAME_MS - 1);
    });
    expect(frameOf(container)).toBe('0');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(frameOf(container)).toBe('1');
    act(() => {
      vi.advanceTimersByTime(SPINNER_FRAME_MS * 2);
    });
    expect(frameOf(container)).toBe('3');
  });

  it('wraps around after the last frame and stops its timer when unmounted', () => {
    vi.useFakeTimers();
    const { container, unmount } = render(<Spinner />);
    act(() => {
      vi.advanceTimersByTime(SPINNER_FRAME_MS * SPINNER_FRAMES);
    });
    expect(frameOf(container)).toBe('0');
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is announced as a loading status, or decorative with an empty label', () => {
    const { rerender } = render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    rerender(<Spinner label="" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
