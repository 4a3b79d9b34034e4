import { useId, useRef, useState, type FormEvent } from 'react';
import * as Collapsible from '@radix-ui/react-collapsible';
import { ArrowLeft, ChevronDown, Globe, Lock, Plus, Trash2, X } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { DOMAIN_EXAMPLE, DomainSchema } from '@mediadiet/contract/urls';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { inputClasses } from '@/components/ui/text-field';
import { refusalMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { useAddUrl } from '@/features/urls/api/add-url';
import { useDefaultUrls } from '@/features/urls/api/get-default-urls';
import { useUrls } from '@/features/urls/api/get-urls';
import { useRemoveUrl } from '@/features/urls/api/remove-url';

export interface IgnoredSitesProps {
  /** Back and close both return to where the user came from (the dashboard passes the settings view). */
  onBack: () => void;
  onClose: () => void;
  /** Id for the visible title, so the surrounding section can be labelled by it. */
  titleId?: string;
}

/**
 * The Ignored Sites screen (spec §2, §5, §8): add a domain, the user's list with remove buttons, and the
 * collapsible default protected websites grouped by category. Validation and results are toasts.
 */
export function IgnoredSites({ onBack, onClose, titleId }: IgnoredSitesProps) {
  const ownId = useId();
  const headingId = titleId ?? ownId;
  return (
    <div className="grid max-w-3xl gap-6">
      <div className="flex items-center gap-2">
        <button type="button" aria-label="Back" onClick={onBack} className="-ml-2 inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-ink-muted transition-colors hover:bg-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent">
          <ArrowLeft aria-hidden="true" className="size-5" />
        </button>
        <h2 id={headingId} className="min-w-0 flex-1 text-2xl font-semibold tracking-tight text-ink">
          {messages.urls.title}
        </h2>
        <button type="button" aria-label="Close" onClick={onClose} className="-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-ink-muted transition-colors hover:bg-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent">
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <p className="-mt-3 text-[0.95rem] leading-relaxed text-ink-muted">
        The browser extension never captures these websites, or any of their subdomains.
      </p>
      <Card className="grid gap-6">
        <AddSiteForm />
        <UserSites />
      </Card>
      <DefaultSites />
    </div>
  );
}

function AddSiteForm() {
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const add = useAddUrl();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = DomainSchema.safeParse(value);
    if (!parsed.success) {
      setInvalid(true);
      notify.warning(parsed.error.issues[0]?.message ?? messages.urls.invalidDomain(DOMAIN_EXAMPLE));
      input.current?.focus();
      return;
    }
    setInvalid(false);
    const domain = parsed.data;
    add.mutate(domain, {
      onSuccess: () => {
        notify.success(messages.urls.added(domain));
        setValue('');
      },
      onError: (error) => notify.error(refusalMessage(error, messages.urls.addFailed)),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Website domain
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          ref={input}
          id={id}
          name="domain"
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={DOMAIN_EXAMPLE}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setValue(event.target.value);
            setInvalid(false);
          }}
          className={cn(inputClasses, 'sm:flex-1')}
        />
        <Button type="submit" loading={add.isPending} className="shrink-0">
          {add.isPending ? null : <Plus aria-hidden="true" className="size-4" />}
          Add site
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {`Just the domain, like ${DOMAIN_EXAMPLE} — no https:// or paths.`}
      </p>
    </form>
  );
}

function UserSites() {
  const sites = useUrls();
  const remove = useRemoveUrl();
  const [removing, setRemoving] = useState<string | null>(null);

  const onRemove = (domain: string) => {
    setRemoving(domain);
    remove.mutate(domain, {
      onSuccess: () => notify.success(messages.urls.removed(domain)),
      onError: () => notify.error(messages.urls.removeFailed),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <section aria-labelledby="your-sites-title">
      <h3 id="your-sites-title" className="text-base font-semibold text-ink">
        Your ignored websites
      </h3>
      {sites.isPending ? (
        <div className="py-6">
          <Spinner label="Loading your ignored sites" />
        </div>
      ) : sites.isError ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {sites.error.message}
        </p>
      ) : sites.data.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-line-strong px-4 py-6 text-center text-sm text-ink-muted">
          You haven&apos;t added any websites yet.
        </p>
      ) : (
        <div className="mt-3 overflow-hidden rounded-xl border border-line">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your ignored websites</caption>
            <thead className="bg-canvas/70 text-ink-muted">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Website
                </th>
                <th scope="col" className="w-px px-4 py-2.5 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {sites.data.map((domain) => (
                <tr key={domain}>
                  <td className="max-w-0 px-4 py-2">
                    <span className="flex min-w-0 items-center gap-2 text-ink">
                      <Globe aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                      <span className="truncate">{domain}</span>
                    </span>
                  </td>
                  <td className="px-2 py-1.5 text-right">
                    <button
                      type="button"
                      aria-label={`${messages.urls.remove} ${domain}`}
                      aria-busy={removing === domain || undefined}
                      disabled={removing !== null}
                      onClick={() => onRemove(domain)}
                      className="inline-flex h-9 items-center gap-2 rounded-xl px-3 text-sm font-medium text-danger transition-colors hover:bg-danger-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-55"
                    >
                      {removing === domain ? (
                        <Spinner size="sm" label="" />
                      ) : (
                        <Trash2 aria-hidden="true" className="size-4" />
                      )}
                      <span className="hidden sm:inline">{messages.urls.remove}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function DefaultSites() {
  const [open, setOpen] = useState(false);
  const defaults = useDefaultUrls();
  const total = defaults.data?.reduce((n, group) => n + group.urls.length, 0);

  return (
    <Collapsible.Root open={open} onOpenChange={setOpen}>
      <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-card">
        <h3>
          <Collapsible.Trigger className="flex w-full items-center gap-3 px-6 py-5 text-left transition-colors hover:bg-canvas/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent sm:px-8">
            <Lock aria-hidden="true" className="size-5 shrink-0 text-accent" />
            <span className="min-w-0 flex-1">
              <span className="block text-base font-semibold text-ink">{messages.urls.defaultsTitle}</span>
              <span className="block text-sm text-ink-muted">
                {total ? `${total} websites` : 'Websites'} that are always protected and cannot be removed
              </span>
            </span>
            <ChevronDown
              aria-hidden="true"
              className={cn('size-5 shrink-0 text-ink-muted transition-transform', open && 'rotate-180')}
            />
          </Collapsible.Trigger>
        </h3>
        <Collapsible.Content className="border-t border-line px-6 py-5 sm:px-8">
          {defaults.isPending ? (
            <Spinner label="Loading the default protected websites" />
          ) : defaults.isError ? (
            <p role="alert" className="text-sm text-danger">
              {messages.loading.defaultBlockedUrls}
            </p>
          ) : (
            <div className="grid gap-5 sm:grid-cols-2">
              {defaults.data.map((group) => (
                <section key={group.category} aria-label={group.category}>
                  <h4 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{group.category}</h4>
                  {group.reason ? (
                    <p className="mt-1 text-xs leading-relaxed text-ink-muted">{group.reason}</p>
                  ) : null}
                  <ul className="mt-2 grid gap-1.5">
                    {group.urls.map((url) => (
                      <li key={url} className="flex min-w-0 items-center gap-2 text-sm text-ink">
                        <Lock role="img" aria-label="Protected" className="size-3.5 shrink-0 text-ink-muted" />
                        <span className="truncate">{url}</span>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </Collapsible.Content>
      </div>
    </Collapsible.Root>
  );
}
