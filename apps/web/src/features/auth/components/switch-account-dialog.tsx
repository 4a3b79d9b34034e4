import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@mediadiet/contract/messages';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { establishSession } from '@/features/auth/api/session';
import { discardSessionToken } from '@/features/auth/api/google-exchange';
import { revokeSession } from '@/features/auth/api/logout';
import { setPendingSwitch, usePendingSwitch } from '@/features/auth/stores/pending-switch';

/**
 * A signed-in person is never silently moved into another account (docs/decisions/108): when a Google
 * sign-in finishes for a different account, this asks first. Staying (the first button, also Escape)
 * ends the new session; switching signs this device out of the current account and into the new one.
 * Accounts are named by their e-mail addresses, which Google has verified, never by a chosen name.
 */
export function SwitchAccountDialog() {
  const pending = usePendingSwitch();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!pending) return null;
  const current = pending.current.email;
  const next = pending.user.email;

  const stay = () => {
    setPendingSwitch(null);
    void discardSessionToken(pending.token);
  };
  const switchAccount = async () => {
    setBusy(true);
    await revokeSession();
    establishSession(queryClient, pending.token, pending.user);
    setPendingSwitch(null);
    setBusy(false);
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) stay();
      }}
      title={messages.security.switchAccountTitle}
      description={messages.security.switchAccount(current, next)}
      cancelText={messages.security.stay(current)}
      confirmText={messages.security.switchTo(next)}
      onConfirm={() => void switchAccount()}
      pending={busy}
    />
  );
}
