import type { ComponentProps } from 'react';
import * as SliderPrimitive from '@radix-ui/react-slider';
import { cn } from '@/lib/cn';

export interface SliderProps extends ComponentProps<typeof SliderPrimitive.Root> {
  /** The accessible name of the thumb. */
  thumbLabel: string;
  /** Read out instead of the raw value (e.g. "$50.00"). */
  valueText?: string;
  /** Id of an element that describes the thumb (read after its name and value). */
  thumbDescribedBy?: string;
}

/** A single-thumb Radix slider (arrow keys, Home/End, Page Up/Down) in the app's look. */
export function Slider({ thumbLabel, valueText, thumbDescribedBy, className, ...props }: SliderProps) {
  return (
    <SliderPrimitive.Root
      className={cn('relative flex h-6 w-full touch-none items-center select-none', className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 grow overflow-hidden rounded-full bg-sunken">
        <SliderPrimitive.Range className="absolute h-full rounded-full bg-accent" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={thumbLabel}
        aria-valuetext={valueText}
        aria-describedby={thumbDescribedBy}
        className="block size-5 rounded-full border-2 border-accent bg-surface shadow-card transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      />
    </SliderPrimitive.Root>
  );
}
