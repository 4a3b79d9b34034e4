import { useId, useState, type ReactNode } from 'react';
import { CreditCard, Download, Plus } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { InvoicePdfLink } from '@/features/payment/components/invoice-pdf-link';
import type { PaymentMethod } from '@mediadiet/contract/payment';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useConfirm } from '@/components/ui/use-confirm';
import { notify } from '@/lib/toast';
import { useAttachPaymentMethod } from '@/features/payment/api/attach-payment-method';
import { useCurrentPaymentMethod } from '@/features/payment/api/get-current-payment-method';
import { useInvoiceHistory } from '@/features/payment/api/get-invoice-history';
import { useLatestInvoice } from '@/features/payment/api/get-latest-invoice';
import { usePaymentMethods } from '@/features/payment/api/get-payment-methods';
import { useDeletePaymentMethod } from '@/features/payment/api/delete-payment-method';
import { useSetDefaultPaymentMethod } from '@/features/payment/api/set-default-payment-method';
import { CardSetupForm } from '@/features/payment/components/card-setup-form';
import { InvoiceStatusBadge } from '@/features/payment/components/invoice-status-badge';
import { useErrorToast } from '@/features/payment/hooks/use-error-toast';
import { cardExpiry, cardLabel, invoiceAmount, invoiceDate } from '@/features/payment/utils/format';

export interface PaymentMethodPanelProps {
  /** The account e-mail, passed to the provider with a new card. */
  email?: string | undefined;
}

/**
 * The Payment Method tab (spec §2): the default card, the latest invoice (Download PDF, View Invoice
 * History), the saved cards (Set Default, Delete), an Add New Card form, and the invoice history.
 * Mounted only while the tab is open, so its calls run when the tab is entered (spec §4).
 */
export function PaymentMethodPanel({ email }: PaymentMethodPanelProps) {
  const [showHistory, setShowHistory] = useState(false);
  const historyId = useId();
  return (
    <div className="flex flex-col gap-8">
      <div className="grid gap-6 md:grid-cols-2">
        <DefaultMethodSection email={email} />
        <LatestInvoiceSection
          historyId={historyId}
          showHistory={showHistory}
          onToggleHistory={() => setShowHistory((value) => !value)}
        />
      </div>
      <SavedCardsSection email={email} />
      {showHistory ? <InvoiceHistorySection id={historyId} /> : null}
    </div>
  );
}

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h3 id={id} className="text-base font-semibold text-ink">
      {children}
    </h3>
  );
}

interface QueryContentProps<T> {
  query: { data: T | undefined; isPending: boolean; isError: boolean };
  loadError: string;
  empty: string;
  children: (data: NonNullable<T>) => ReactNode;
}

/**
 * A section's content as its query stands: a spinner while it loads; `loadError` once it failed (also raised
 * as a toast); `empty` when there is nothing (no row, an empty list); else `children` with what it read.
 */
function QueryContent<T>({ query, loadError, empty, children }: QueryContentProps<T>) {
  useErrorToast(query.isError, loadError);
  if (query.isPending) return <Spinner className="mt-4" />;
  if (query.isError) {
    return (
      <p role="alert" className="mt-3 text-sm text-danger">
        {loadError}
      </p>
    );
  }
  const { data } = query;
  if (data == null || (Array.isArray(data) && data.length === 0)) {
    return <p className="mt-3 text-sm text-ink-muted">{empty}</p>;
  }
  return children(data);
}

/** QueryContent for a list: its items in the section's bordered list, `children` rendering each as an `li`. */
function QueryList<T>({
  children,
  ...content
}: Omit<QueryContentProps<T[]>, 'children'> & { children: (item: T) => ReactNode }) {
  return (
    <QueryContent {...content}>
      {(items) => (
        <ul className="mt-4 divide-y divide-line rounded-xl border border-line">{items.map(children)}</ul>
      )}
    </QueryContent>
  );
}

function DefaultMethodSection({ email }: { email?: string | undefined }) {
  const titleId = useId();
  const current = useCurrentPaymentMethod();
  const [updateOpen, setUpdateOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const attachCard = useAttachCard({
    failed: messages.billing.updateFailed,
    succeeded: messages.success.paymentMethodUpdated,
    onAttached: () => setUpdateOpen(false),
  });

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-line p-4 sm:p-5">
      <SectionTitle id={titleId}>Default payment method</SectionTitle>
      <QueryContent
        query={current}
        loadError={messages.loading.paymentInformation}
        empty="No card on file yet."
      >
        {(method) => (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <CardSummary method={method} />
            <Button variant="secondary" size="sm" onClick={() => setUpdateOpen(true)}>
              Update Card
            </Button>
          </div>
        )}
      </QueryContent>
      <Modal
        open={updateOpen}
        onOpenChange={(open) => {
          if (!pending) setUpdateOpen(open);
        }}
        dismissible={!pending}
        title="Update Card"
        description="The new card becomes your default payment method."
      >
        <CardSetupForm
          submitLabel="Update Card"
          email={email}
          onPendingChange={setPending}
          onConfirmed={attachCard}
        />
      </Modal>
    </section>
  );
}

/**
 * `onConfirmed` for a CardSetupForm: attaches the confirmed card; on failure toasts `failed` and gives the
 * form the error's message, on success toasts `succeeded` and calls `onAttached`.
 */
function useAttachCard({
  failed,
  succeeded,
  onAttached,
}: {
  failed: string;
  succeeded: string;
  onAttached: () => void;
}) {
  const attach = useAttachPaymentMethod();
  return async (paymentMethodId: string): Promise<string | undefined> => {
    try {
      await attach.mutateAsync(paymentMethodId);
    } catch (error) {
      notify.error(failed);
      return error instanceof Error ? error.message : failed;
    }
    notify.success(succeeded);
    onAttached();
    return undefined;
  };
}

function CardSummary({ method }: { method: PaymentMethod }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-ink">
        <CreditCard aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="font-medium text-ink">{cardLabel(method)}</p>
        <p className="text-sm text-ink-muted">Expires {cardExpiry(method)}</p>
      </div>
    </div>
  );
}

function LatestInvoiceSection({
  historyId,
  showHistory,
  onToggleHistory,
}: {
  historyId: string;
  showHistory: boolean;
  onToggleHistory: () => void;
}) {
  const titleId = useId();
  const latest = useLatestInvoice();
  const invoice = latest.data;

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-line p-4 sm:p-5">
      <SectionTitle id={titleId}>Latest invoice</SectionTitle>
      <QueryContent query={latest} loadError={messages.loading.paymentInformation} empty="No invoices yet.">
        {({ amount, status, date }) => (
          <div className="mt-4 flex flex-col gap-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="text-xl font-semibold text-ink tabular-nums">{invoiceAmount(amount)}</span>
              <InvoiceStatusBadge status={status} />
            </p>
            <p className="text-sm text-ink-muted">{invoiceDate(date)}</p>
          </div>
        )}
      </QueryContent>
      <div className="mt-4 flex flex-wrap gap-3">
        {invoice?.invoice_pdf ? (
          <InvoicePdfLink
            href={invoice.invoice_pdf}
            invoiceId={invoice.id}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <Download aria-hidden="true" className="size-4" />
            {messages.billing.downloadPdf}
          </InvoicePdfLink>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showHistory}
          aria-controls={historyId}
          onClick={onToggleHistory}
        >
          {messages.billing.viewInvoiceHistory}
        </Button>
      </div>
    </section>
  );
}

function SavedCardsSection({ email }: { email?: string | undefined }) {
  const titleId = useId();
  const methods = usePaymentMethods();
  const setDefault = useSetDefaultPaymentMethod();
  const remove = useDeletePaymentMethod();
  const [adding, setAdding] = useState(false);
  const attachCard = useAttachCard({
    failed: messages.billing.addFailed,
    succeeded: messages.success.paymentMethodAdded,
    onAttached: () => setAdding(false),
  });
  const { confirm, confirmDialog } = useConfirm();

  const onSetDefault = (method: PaymentMethod) =>
    setDefault.mutate(method.id, {
      onSuccess: () => notify.success(messages.success.defaultPaymentMethodUpdated),
      onError: () => notify.error(messages.billing.updateDefaultFailed),
    });

  const onDelete = async (method: PaymentMethod) => {
    const confirmed = await confirm({
      title: `Delete ${cardLabel(method)}?`,
      text: messages.billing.deleteCardConfirm,
      tone: 'danger',
    });
    if (!confirmed) return;
    remove.mutate(method.id, {
      onSuccess: () => notify.success(messages.success.paymentMethodDeleted),
      onError: () => notify.error(messages.billing.deleteFailed),
    });
  };

  const busyId = setDefault.isPending
    ? setDefault.variables
    : remove.isPending
      ? remove.variables
      : undefined;

  return (
    <section aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SectionTitle id={titleId}>Saved cards</SectionTitle>
        {adding ? null : (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {messages.billing.addNewCard}
          </Button>
        )}
      </div>
      <QueryList query={methods} loadError={messages.loading.paymentMethods} empty="No saved cards.">
        {(method) => (
          <li
            key={method.id}
            aria-label={cardLabel(method)}
            className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
          >
            <div className="flex items-center gap-3">
              <CardSummary method={method} />
              {method.isDefault ? <Badge tone="accent">Default</Badge> : null}
            </div>
            <div className="flex gap-2">
              {method.isDefault ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busyId !== undefined}
                  loading={setDefault.isPending && busyId === method.id}
                  onClick={() => onSetDefault(method)}
                >
                  {messages.billing.setDefault}
                </Button>
              )}
              <Button
                variant="ghost"
                size="sm"
                className="text-danger hover:bg-danger-soft"
                disabled={busyId !== undefined}
                loading={remove.isPending && busyId === method.id}
                onClick={() => void onDelete(method)}
              >
                {messages.billing.delete}
              </Button>
            </div>
          </li>
        )}
      </QueryList>
      {adding ? (
        <section aria-labelledby={`${titleId}-add`} className="mt-6 rounded-xl border border-line p-4 sm:p-5">
          <h4 id={`${titleId}-add`} className="mb-4 font-semibold text-ink">
            {messages.billing.addNewCard}
          </h4>
          <CardSetupForm
            submitLabel="Add Card"
            email={email}
            secondaryAction={
              <Button variant="secondary" onClick={() => setAdding(false)}>
                {messages.billing.cancel}
              </Button>
            }
            onConfirmed={attachCard}
          />
        </section>
      ) : null}
      {confirmDialog}
    </section>
  );
}

function InvoiceHistorySection({ id }: { id: string }) {
  const titleId = useId();
  const history = useInvoiceHistory();

  return (
    <section id={id} aria-labelledby={titleId}>
      <SectionTitle id={titleId}>Invoice history</SectionTitle>
      <QueryList query={history} loadError={messages.loading.invoiceHistory} empty="No invoices yet.">
        {(invoice) => (
          <li
            key={invoice.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3"
          >
            <div className="min-w-0">
              <p className="font-medium text-ink">{invoiceDate(invoice.date)}</p>
              {invoice.description ? <p className="text-sm text-ink-muted">{invoice.description}</p> : null}
            </div>
            <div className="flex items-center gap-3">
              <span className="font-medium text-ink tabular-nums">{invoiceAmount(invoice.amount)}</span>
              <InvoiceStatusBadge status={invoice.status} />
              {invoice.invoice_pdf ? (
                <InvoicePdfLink
                  href={invoice.invoice_pdf}
                  invoiceId={invoice.id}
                  className="text-sm font-medium text-accent underline-offset-2 hover:underline"
                >
                  PDF<span className="sr-only"> of the invoice of {invoiceDate(invoice.date)}</span>
                </InvoicePdfLink>
              ) : null}
            </div>
          </li>
        )}
      </QueryList>
    </section>
  );
}
