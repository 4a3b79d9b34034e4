import { useEffect, useState } from 'react';
import { SPINNER_FRAME_MS } from '@mediadiet/contract/constants';
import { cn } from '@/lib/cn';

/** Eight dots in a ring; one frame lights the next dot, every SPINNER_FRAME_MS (spec §9: 150 ms). */
export const SPINNER_FRAMES = 8;

const sizes = { sm: 'size-4', md: 'size-7', lg: 'size-10' } as const;
const toneClass = { accent: 'text-accent', inverse: 'text-white' } as const;

export interface SpinnerProps {
  size?: keyof typeof sizes;
  tone?: keyof typeof toneClass;
  /** Announced to assistive technology; '' makes the spinner decorative (e.g. inside a labelled button). */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', tone = 'accent', label = 'Loading...', className }: SpinnerProps) {
  const [frame, setFrame] = useState(0);

  useEffect(() => {
    const id = setInterval(() => setFrame((current) => (current + 1) % SPINNER_FRAMES), SPINNER_FRAME_MS);
    return () => clearInterval(id);
  }, []);

  const dots = Array.from({ length: SPINNER_FRAMES }, (_, index) => {
    const angle = (index / SPINNER_FRAMES) * 2 * Math.PI - Math.PI / 2;
    // The lit dot is `frame`; the ones behind it fade out like a tail.
    const age = (frame - index + SPINNER_FRAMES) % SPINNER_FRAMES;
    return (
      <circle
        key={index}
        cx={12 + 8.5 * Math.cos(angle)}
        cy={12 + 8.5 * Math.sin(angle)}
        r={2.1}
        fill="currentColor"
        opacity={Math.max(0.15, 1 - age * 0.22)}
      />
    );
  });

  const graphic = (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={cn(sizes[size], toneClass[tone])}
      data-frame={frame}
    >
      {dots}
    </svg>
  );

  if (!label) return <span className={cn('inline-flex', className)}>{graphic}</span>;
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      {graphic}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A large spinner centred in the space it is given: the page (`min-h-[40vh]`) or a section (`min-h-40`, …). */
export function PageSpinner({ label, className = 'min-h-[40vh]' }: { label?: string; className?: string }) {
  return (
    <div className={cn('flex items-center justify-center', className)}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
