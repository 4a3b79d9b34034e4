import { ChevronDown } from 'lucide-react';
import { useContentBelow } from '@/features/questionnaire/hooks/use-content-below';

/**
 * A "more below" button at the bottom of the view while the page holds more than 100 px beneath it
 * (spec §2, §9). Pressing it scrolls on to `target` (the questionnaire's buttons).
 */
export function ScrollIndicator({ target }: { target: () => HTMLElement | null }) {
  const visible = useContentBelow();
  if (!visible) return null;
  return (
    <button
      type="button"
      data-testid="scroll-indicator"
      onClick={() => target()?.scrollIntoView({ behavior: 'smooth', block: 'end' })}
      className="fixed bottom-5 left-1/2 z-20 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full border border-line bg-surface/95 px-4 py-2 text-sm font-medium text-ink shadow-overlay backdrop-blur transition-colors hover:bg-sunken print:hidden"
    >
      <ChevronDown aria-hidden="true" className="size-4 motion-safe:animate-bounce" />
      More below
    </button>
  );
}
