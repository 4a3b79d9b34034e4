import { useId, type CSSProperties } from 'react';
import { CHART_ANIMATION_MS } from '@mediadiet/contract/constants';
import type { TrendSlice } from '@/features/analysis/utils/insights';
import { formatInsightScore } from '@/features/analysis/utils/format';

/** The drawing's coordinates: a 200 × 200 box, the ring between these radii (a 68 % cutout). */
const SIZE = 200;
const CENTRE = SIZE / 2;
const OUTER = 96;
const INNER = OUTER * 0.68;
/** The white gap between two slices, in the drawing's units. */
const GAP = 2;

export interface DonutArc {
  slice: TrendSlice;
  /** The SVG path of the ring segment. */
  d: string;
  /** Unit vector towards the middle of the segment (the hover offset). */
  mid: { x: number; y: number };
}

const point = (radius: number, angle: number) =>
  `${(CENTRE + radius * Math.sin(angle)).toFixed(3)} ${(CENTRE - radius * Math.cos(angle)).toFixed(3)}`;

/** One ring segment from `start` to `end` (radians, clockwise from 12 o'clock). */
function ringSegment(start: number, end: number): string {
  const sweep = end - start;
  if (sweep >= 2 * Math.PI - 1e-6) {
    // A full ring: two half arcs per circle, the inner one drawn backwards (evenodd leaves the hole).
    return [
      `M ${point(OUTER, 0)} A ${OUTER} ${OUTER} 0 1 1 ${point(OUTER, Math.PI)} A ${OUTER} ${OUTER} 0 1 1 ${point(OUTER, 0)} Z`,
      `M ${point(INNER, 0)} A ${INNER} ${INNER} 0 1 0 ${point(INNER, Math.PI)} A ${INNER} ${INNER} 0 1 0 ${point(INNER, 0)} Z`,
    ].join(' ');
  }
  const large = sweep > Math.PI ? 1 : 0;
  return (
    `M ${point(OUTER, start)} A ${OUTER} ${OUTER} 0 ${large} 1 ${point(OUTER, end)} ` +
    `L ${point(INNER, end)} A ${INNER} ${INNER} 0 ${large} 0 ${point(INNER, start)} Z`
  );
}

/**
 * The ring segments of the slices: each one's share of the circle is its share of the sum of the values
 * (as Chart.js's doughnut drew them), clockwise from 12 o'clock in the slices' order. Slices with no
 * value have no segment.
 */
export function donutArcs(slices: TrendSlice[]): DonutArc[] {
  const sum = slices.reduce((total, slice) => total + Math.max(0, slice.value), 0);
  if (sum <= 0) return [];
  const arcs: DonutArc[] = [];
  let angle = 0;
  for (const slice of slices) {
    const sweep = (Math.max(0, slice.value) / sum) * 2 * Math.PI;
    if (sweep <= 0) continue;
    const middle = angle + sweep / 2;
    arcs.push({
      slice,
      d: ringSegment(angle, angle + sweep),
      mid: { x: Math.sin(middle), y: -Math.cos(middle) },
    });
    angle += sweep;
  }
  return arcs;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The Trends donut (spec §2, §9: animation 1000 ms): an SVG ring with one segment per category, drawn in
 * by a mask that sweeps clockwise over 1000 ms (none when the reader asked for less motion, and none in
 * print). One `img` for assistive technology, named by `label`; the values are the list beside it
 * (trends-panel.tsx), the 'Total Score' is HTML over its centre. Hovering a segment moves it out a little
 * and shows its value (the SVG title) — docs/decisions/074-svg-donut.md.
 */
export function TrendsDonut({ slices, label }: { slices: TrendSlice[]; label: string }) {
  const arcs = donutArcs(slices);
  const duration = prefersReducedMotion() ? 0 : CHART_ANIMATION_MS;
  const maskId = `trends-donut-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      className="trends-donut block size-full overflow-visible"
      data-animation-ms={duration}
    >
      <mask id={maskId} maskUnits="userSpaceOnUse" x="-10" y="-10" width={SIZE + 20} height={SIZE + 20}>
        <circle
          className="trends-donut-reveal"
          cx={CENTRE}
          cy={CENTRE}
          r={(OUTER + INNER) / 2}
          fill="none"
          stroke="#fff"
          strokeWidth={OUTER - INNER + 30}
          pathLength={100}
          transform={`rotate(-90 ${CENTRE} ${CENTRE})`}
          style={{ animationDuration: `${duration}ms` }}
        />
      </mask>
      <g mask={`url(#${maskId})`}>
        {arcs.map(({ slice, d, mid }) => (
          <path
            key={slice.id}
            data-category={slice.id}
            d={d}
            fill={slice.color}
            fillRule="evenodd"
            stroke="#ffffff"
            strokeWidth={GAP}
            strokeLinejoin="round"
            className="trends-donut-arc"
            style={
              {
                '--dx': `${(mid.x * 6).toFixed(2)}px`,
                '--dy': `${(mid.y * 6).toFixed(2)}px`,
              } as CSSProperties
            }
          >
            <title>{`${slice.name}: ${formatInsightScore(slice.value)}`}</title>
          </path>
        ))}
      </g>
    </svg>
  );
}
