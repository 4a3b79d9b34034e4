import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { TrendSlice } from '@/features/analysis/utils/insights';
import { donutArcs, TrendsDonut } from '@/features/analysis/components/trends-donut';

function slice(
  id: TrendSlice['id'],
  value: number,
  classification: TrendSlice['classification'] = 'pro',
): TrendSlice {
  return { id, name: id[0]!.toUpperCase() + id.slice(1), classification, value, color: '#0f6b63' };
}

/** The end point of a segment's outer arc (its first `A … x y`). */
function outerEnd(d: string): [number, number] {
  const match = /A [\d.]+ [\d.]+ 0 [01] 1 ([\d.]+) ([\d.]+)/.exec(d);
  return [Number(match![1]), Number(match![2])];
}

describe('TrendsDonut', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives each category a share of the ring proportional to its value, clockwise from 12 o’clock', () => {
    const arcs = donutArcs([slice('joy', 30), slice('calm', 10, 'pro'), slice('anger', 0, 'mal')]);
    // A category with no value has no segment.
    expect(arcs.map((arc) => arc.slice.id)).toEqual(['joy', 'calm']);
    // Joy is three quarters of 40: its outer arc ends at 9 o'clock (x = 100 − 96, y = 100).
    const [x, y] = outerEnd(arcs[0]!.d);
    expect(x).toBeCloseTo(4, 2);
    expect(y).toBeCloseTo(100, 2);
    // Calm's middle points up and to the left (between 9 and 12 o'clock).
    expect(arcs[1]!.mid.x).toBeLessThan(0);
    expect(arcs[1]!.mid.y).toBeLessThan(0);
  });

  it('draws a single category as a whole ring', () => {
    const [arc] = donutArcs([slice('joy', 12)]);
    expect(arc!.d.match(/A /g)).toHaveLength(4);
    expect(donutArcs([slice('joy', 0)])).toEqual([]);
  });

  it('skips the draw-in animation when the reader prefers reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    render(<TrendsDonut slices={[slice('joy', 10), slice('fear', 5, 'mal')]} label="Donut" />);
    const donut = screen.getByRole('img', { name: 'Donut' });
    expect(donut).toHaveAttribute('data-animation-ms', '0');
    expect(donut.querySelectorAll('path[data-category]')).toHaveLength(2);
  });
});
