import { ArcElement, Chart as ChartJS, Tooltip, type ChartOptions } from 'chart.js';
import { Doughnut } from 'react-chartjs-2';
import { CHART_ANIMATION_MS } from '@mediadiet/contract/constants';
import type { TrendSlice } from '@/features/analysis/utils/insights';
import { formatInsightScore } from '@/features/analysis/utils/format';

// Only what a donut needs; the controller itself is registered by react-chartjs-2's <Doughnut>.
ChartJS.register(ArcElement, Tooltip);

/**
 * The Trends donut (spec §2, §9: animation 1000 ms). Loaded on demand (React.lazy in trends-panel.tsx) so
 * Chart.js stays out of the dashboard's first load. The legend and the centre text are HTML around it.
 */
export default function TrendsDonut({ slices, label }: { slices: TrendSlice[]; label: string }) {
  // The spec's 1000 ms, unless the reader asked the system for less motion.
  const reducedMotion =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const options: ChartOptions<'doughnut'> = {
    responsive: true,
    maintainAspectRatio: true,
    cutout: '68%',
    animation: { duration: reducedMotion ? 0 : CHART_ANIMATION_MS },
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: { label: (item) => ` ${item.label}: ${formatInsightScore(Number(item.raw))}` },
      },
    },
  };
  return (
    <Doughnut
      aria-label={label}
      role="img"
      options={options}
      data={{
        labels: slices.map((slice) => slice.name),
        datasets: [
          {
            data: slices.map((slice) => slice.value),
            backgroundColor: slices.map((slice) => slice.color),
            borderColor: '#ffffff',
            borderWidth: 2,
            hoverOffset: 6,
          },
        ],
      }}
    />
  );
}
