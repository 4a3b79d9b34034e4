import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { LOGIN_PATH } from '@mediadiet/contract/auth';
import { confirmEmailMatches } from '@mediadiet/contract/account';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { env } from '@/config/env';
import { clearLocalSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useAccountInfo } from '@/lib/account-info';
import { useExportAccount } from '@/features/account/api/export-account';
import { useDeleteAccount } from '@/features/account/api/delete-account';

export const ACCOUNT_DELETED_MESSAGE = 'Your account and all its data have been deleted.';

/**
 * "Your account" in the Settings view: who is signed in, a download of everything stored about them,
 * and account deletion confirmed by typing the account e-mail. Placed by the dashboard's settings view.
 */
export function AccountSettings() {
  const { data: user, isPending, isError } = useAccountInfo();
  const exportAccount = useExportAccount(env.serviceName);
  const [deleteOpen, setDeleteOpen] = useState(false);

  return (
    <Card aria-labelledby="account-settings-title" role="region">
      <CardTitle as="h3" id="account-settings-title">
        Your account
      </CardTitle>
      {isPending ? (
        <Spinner className="mt-4" />
      ) : isError ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {messages.loading.accountInfo}
        </p>
      ) : (
        <dl className="mt-4 grid gap-x-6 gap-y-0.5 text-[0.95rem] sm:grid-cols-[8rem_1fr] sm:gap-y-3">
          <dt className="text-ink-muted">Name</dt>
          <dd className="font-medium break-words text-ink">{user.name || '—'}</dd>
          <dt className="mt-3 text-ink-muted sm:mt-0">E-mail</dt>
          <dd className="font-medium wrap-anywhere text-ink">{user.email}</dd>
        </dl>
      )}

      <div className="mt-7 flex flex-col gap-3 border-t border-line pt-6 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="max-w-lg">
          <h4 className="font-semibold text-ink">Your data</h4>
          <CardDescription>
            A JSON file with everything we store about you: your profile, touch points and their scores,
            ignored sites, questionnaire answers, subscription, cards (brand and last four digits only) and
            invoices.
          </CardDescription>
        </div>
        <Button
          variant="secondary"
          className="shrink-0"
          loading={exportAccount.isPending}
          onClick={() => exportAccount.mutate(undefined, { onError: (error) => notify.error(error.message) })}
        >
          {exportAccount.isPending ? null : <Download aria-hidden="true" className="size-4" />}
          Download my data
        </Button>
      </div>

      <div className="mt-6 flex flex-col gap-3 border-t border-line pt-6 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="max-w-lg">
          <h4 className="font-semibold text-ink">Delete account</h4>
          <CardDescription>
            Permanently deletes your account and all of its data. This cannot be undone.
          </CardDescription>
        </div>
        <Button variant="danger" className="shrink-0" disabled={!user} onClick={() => setDeleteOpen(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete account
        </Button>
      </div>

      {user ? (
        <DeleteAccountDialog open={deleteOpen} onOpenChange={setDeleteOpen} email={user.email} />
      ) : null}
    </Card>
  );
}

function DeleteAccountDialog({
  open,
  onOpenChange,
  email,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
}) {
  const formId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const deleteAccount = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const matches = confirmEmailMatches(typed, email);

  const close = (next: boolean) => {
    if (deleteAccount.isPending) return;
    if (!next) {
      setTyped('');
      deleteAccount.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    deleteAccount.mutate(
      { confirmEmail: typed.trim() },
      {
        onSuccess: () => {
          clearLocalSession(queryClient);
          notify.success(ACCOUNT_DELETED_MESSAGE);
          void navigate(LOGIN_PATH, { replace: true });
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      pending={deleteAccount.isPending}
      tone="danger"
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        fieldRef.current?.focus();
      }}
      title="Delete your account?"
      description="Your account, touch points, insights, ignored sites, questionnaire answers and billing records will be deleted. This cannot be undone."
      cancelText={messages.confirm.cancel}
      confirmText="Delete my account"
      confirmForm={formId}
      confirmDisabled={!matches}
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        <TextField
          ref={fieldRef}
          label="Type your e-mail address to confirm"
          description={
            <>
              Your e-mail is <strong className="font-semibold wrap-anywhere text-ink">{email}</strong>
            </>
          }
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={deleteAccount.error?.message}
        />
      </form>
    </ConfirmDialog>
  );
}
