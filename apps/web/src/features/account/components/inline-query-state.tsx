import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * A Settings card's query while it has no data: a small spinner with its words on the first load, or the failure
 * with "Try again". Inline, under the card's heading, so the card keeps its place while it loads.
 */
export function InlineQueryState({
  query,
  loading,
  failed,
}: {
  query: { isPending: boolean; refetch: () => Promise<unknown> };
  loading: string;
  failed: string;
}) {
  if (query.isPending)
    return (
      <div className="mt-5 flex items-center gap-3 text-sm text-ink-muted">
        <Spinner size="sm" label={loading} />
        <span aria-hidden="true">{loading}</span>
      </div>
    );
  return (
    <div role="alert" className="mt-5 flex flex-wrap items-center gap-3">
      <p className="text-sm font-medium text-danger">{failed}</p>
      <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}
