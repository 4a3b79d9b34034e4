import { Link } from 'react-router';
import type { Verdict } from '@mediadiet/contract/analysis';
import type { CategoryId } from '@mediadiet/contract/categories';
import { cn } from '@/lib/cn';
import { useDisplayTimeZone } from '@/lib/preferences';
import { VerdictLine } from '@/features/analysis/components/verdict-line';
import { returnFocusState } from '@/features/analysis/utils/detail-link';
import { formatDateTime, hasTitle, hostnameOf } from '@/features/analysis/utils/format';

/**
 * The link that opens a page's detail. Its text is the lead (the title, or the host): its ::after stretches over
 * the nearest positioned ancestor (the card or row, `relative`), so the whole card opens the detail while the
 * link's accessible name starts with the words it shows (WCAG 2.5.3). Focus rings the whole card.
 */
export interface PageHeadingLink {
  to: string;
  /** The key that gives focus back to this link when the detail closes (`data-return-focus`). */
  returnFocus: string;
  /** The id of the rest of the card, which describes the link after the verdict line. */
  rest: string;
  /** The stretched area's corners, to match the card (e.g. `after:rounded-2xl`). */
  className?: string;
}

/** What the head shows of an analysed page (a history card, a row of the Insights list). */
export interface HeadedPage {
  url: string;
  createdAt: string;
  title?: string | undefined;
  verdict?: Verdict | undefined;
  drivers?: readonly CategoryId[] | undefined;
}

/**
 * The head of an analysed page's card: the page's title when known (otherwise its host leads), its verdict in
 * words (`${id}-verdict`, none without a verdict), then the host (the whole address on hover) and when it was
 * read (in the account's time zone, as the insights' months are cut). The lines carry `${id}-title` (when
 * titled), `${id}-host` and `${id}-time`, which name the card's link
 * (`aria-labelledby`, `pageHeadingLabel`); the verdict and the rest of the card describe it.
 */
export function PageHeading({
  id,
  page,
  link,
  className,
}: {
  id: string;
  page: HeadedPage;
  /** Makes the lead the link to the page's detail, stretched over the card. */
  link?: PageHeadingLink | undefined;
  className?: string;
}) {
  const { url, createdAt, title, verdict } = page;
  const titled = hasTitle(title);
  const timeZone = useDisplayTimeZone();
  const host = (
    <span id={`${id}-host`} title={url} className={titled ? 'break-all' : 'block truncate'}>
      {hostnameOf(url)}
    </span>
  );
  const lead = titled ? title : host;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <p
        id={titled ? `${id}-title` : undefined}
        className={cn(
          'font-semibold text-ink group-hover:text-accent-ink',
          titled && 'line-clamp-3 break-words',
        )}
        title={titled ? title : undefined}
      >
        {link ? (
          <Link
            to={link.to}
            state={returnFocusState(link.returnFocus)}
            data-return-focus={link.returnFocus}
            aria-labelledby={pageHeadingLabel(id, title)}
            aria-describedby={verdict === undefined ? link.rest : `${id}-verdict ${link.rest}`}
            className={cn(
              'after:absolute after:inset-0 after:content-[""] focus-visible:outline-none',
              'focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-accent focus-visible:after:outline-solid',
              link.className,
            )}
          >
            {lead}
          </Link>
        ) : (
          lead
        )}
      </p>
      <VerdictLine id={`${id}-verdict`} verdict={verdict} drivers={page.drivers} />
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
