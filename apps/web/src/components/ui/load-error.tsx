import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

export interface LoadErrorProps {
  /** The catalogue's loading failure ('Failed to load analysis history', …). */
  title: string;
  /** What the server said (or the client's network / status message), shown when it adds something. */
  detail?: string | undefined;
  /** Asking again: the button stays (and keeps focus) while it runs. */
  retrying?: boolean;
  onRetry: () => void;
  className?: string;
}

/** A section that could not load: what failed, the server's own words, and "Try again". */
export function LoadError({ title, detail, retrying = false, onRetry, className }: LoadErrorProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-2xl border border-danger/30 bg-danger-soft p-5',
        className,
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium text-danger">{title}</p>
        {detail && detail !== title ? <p className="mt-1 text-sm text-ink-muted">{detail}</p> : null}
      </div>
      <Button variant="secondary" size="sm" loading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** What QueryFallback reads of a TanStack query (plain or infinite). */
export interface FallbackQuery {
  isPending: boolean;
  isError: boolean;
  errorUpdateCount: number;
  error: Error | null;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * What a section shows while its query has no data: a spinner on the first load; after a failure, the error
 * and "Try again" (asking again keeps them on screen, no spinner in between).
 */
export function QueryFallback({ query, title }: { query: FallbackQuery; title: string }) {
  const failed = query.isError || query.errorUpdateCount > 0;
  if (query.isPending && !failed) return <PageSpinner className="min-h-40" />;
  return (
    <LoadError
      title={title}
      detail={query.error?.message}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}
