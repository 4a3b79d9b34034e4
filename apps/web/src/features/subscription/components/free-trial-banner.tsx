import { Gift } from 'lucide-react';
import { FREE_TRIAL_DAYS } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';

/** Shown to a user who has never had a free trial (spec §2). */
export function FreeTrialBanner() {
  return (
    <aside
      aria-label="Free trial"
      className="flex items-start gap-3 rounded-2xl border border-accent/25 bg-accent-soft px-5 py-4 text-accent-ink"
    >
      <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="text-[0.95rem] leading-relaxed">
        <span className="font-semibold">{FREE_TRIAL_DAYS} days free. </span>
        {messages.billing.freeTrialBanner(FREE_TRIAL_DAYS)}
      </p>
    </aside>
  );
}
