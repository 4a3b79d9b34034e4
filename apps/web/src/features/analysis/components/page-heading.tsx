import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useDisplayTimeZone } from '@/lib/preferences';
import { formatDateTime, hasTitle, hostnameOf } from '@/features/analysis/utils/format';

/**
 * The head of an analysed page's card: the page's title when known (otherwise its host leads), what sits
 * under the lead (`children`: the verdict line), then the host (the whole address on hover) and when it was
 * read (in the account's time zone, as the insights' months are cut). The lines carry `${id}-title` (when
 * titled), `${id}-host` and `${id}-time`, which name the card's link (`aria-labelledby`, `pageHeadingLabel`).
 */
export function PageHeading({
  id,
  url,
  createdAt,
  title,
  className,
  children,
}: {
  id: string;
  url: string;
  createdAt: string;
  title?: string | undefined;
  className?: string;
  children?: ReactNode;
}) {
  const titled = hasTitle(title);
  const timeZone = useDisplayTimeZone();
  const host = (
    <span id={`${id}-host`} title={url} className={titled ? 'break-all' : 'block truncate'}>
      {hostnameOf(url)}
    </span>
  );
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      {titled ? (
        <p
          id={`${id}-title`}
          className="line-clamp-3 font-semibold break-words text-ink group-hover:text-accent-ink"
          title={title}
        >
          {title}
        </p>
      ) : (
        <p className="font-semibold text-ink group-hover:text-accent-ink">{host}</p>
      )}
      {children}
      <p className="text-sm text-ink-muted">
        {titled ? (
          <>
            {host}
            <span aria-hidden="true"> · </span>
          </>
        ) : null}
        <time id={`${id}-time`} dateTime={createdAt}>
          {formatDateTime(createdAt, timeZone)}
        </time>
      </p>
    </div>
  );
}

/** The ids that name a card's link: its title (when it has one), host and time. */
export function pageHeadingLabel(id: string, title: string | undefined): string {
  return hasTitle(title) ? `${id}-title ${id}-host ${id}-time` : `${id}-host ${id}-time`;
}
