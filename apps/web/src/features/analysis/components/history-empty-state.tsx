import { Sparkles } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { CardDescription, CardTitle, IconCard } from '@/components/ui/card';

const PLACEHOLDER_CARDS = 6;

/** No analyses yet, but everything is ready (spec §2): a calm note and six placeholder cards. */
export function HistoryEmptyState() {
  return (
    <div className="flex flex-col gap-6">
      <IconCard icon={<Sparkles className="size-5" />} tone="success" className="max-w-3xl">
        <CardTitle as="h4" className="pt-1.5 first-letter:uppercase">
          {messages.history.emptyTitle}
        </CardTitle>
        <CardDescription>{messages.history.emptyText}</CardDescription>
      </IconCard>
      <ul
        aria-hidden="true"
        data-testid="placeholder-cards"
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <li
            key={index}
            className="flex flex-col gap-4 rounded-2xl border border-dashed border-line-strong bg-surface/60 p-5"
          >
            <div className="h-4 w-2/3 rounded-full bg-sunken" />
            <div className="h-3 w-1/3 rounded-full bg-sunken" />
            <div className="h-5 w-24 rounded-full bg-sunken" />
            <div className="flex flex-col gap-2">
              <div className="h-1.5 w-full rounded-full bg-sunken" />
              <div className="h-1.5 w-4/5 rounded-full bg-sunken" />
              <div className="h-1.5 w-3/5 rounded-full bg-sunken" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
