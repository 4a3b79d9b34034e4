import { Button } from '@/components/ui/button';

export interface LoadErrorProps {
  /** The catalogue's loading failure ('Failed to load analysis history', …). */
  title: string;
  /** What the server said (or the client's network / status message), shown when it adds something. */
  detail?: string | undefined;
  /** Asking again: the button stays (and keeps focus) while it runs. */
  retrying: boolean;
  onRetry: () => void;
}

/** A section that could not load: what failed, the server's own words, and "Try again". */
export function LoadError({ title, detail, retrying, onRetry }: LoadErrorProps) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-danger/30 bg-danger-soft p-5"
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
