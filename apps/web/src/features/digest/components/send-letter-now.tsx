import { Mail } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { useSendLetter } from '@/features/digest/api/send-letter';

const text = messages.letter;

/**
 * "Send me this week's letter now" (issue 29, decision 158), shown in Settings beside the weekly letter's
 * switch (the account preferences). The answer shows under the button (a live region), so it is read out where
 * it happens; a refusal (a few an hour) is an alert and the button stays for later.
 */
export function SendLetterNow() {
  const send = useSendLetter();

  return (
    <div className="flex flex-col items-start gap-3">
      <Button variant="secondary" loading={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? null : <Mail aria-hidden="true" className="size-4" />}
        {send.isPending ? text.sending : text.sendNow}
      </Button>
      <div aria-live="polite" className="text-sm empty:hidden">
        {send.isSuccess ? <p className="font-medium text-success">{send.data.message}</p> : null}
      </div>
      {send.isError ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {send.error.message || text.sendFailed}
        </p>
      ) : null}
    </div>
  );
}
