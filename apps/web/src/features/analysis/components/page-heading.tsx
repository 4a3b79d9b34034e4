import { cn } from '@/lib/cn';
import { formatDateTime, hostnameOf } from '@/features/analysis/utils/format';

/**
 * The head of an analysed page's card: its host (the whole address on hover) and when it was read. The two
 * lines carry `${id}-host` and `${id}-time`, which name the card's link (`aria-labelledby`).
 */
export function PageHeading({
  id,
  url,
  createdAt,
  className,
}: {
  id: string;
  url: string;
  createdAt: string;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <p
        id={`${id}-host`}
        className="truncate font-semibold text-ink group-hover:text-accent-ink"
        title={url}
      >
        {hostnameOf(url)}
      </p>
      <p id={`${id}-time`} className="mt-0.5 text-sm text-ink-muted">
        <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
      </p>
    </div>
  );
}
