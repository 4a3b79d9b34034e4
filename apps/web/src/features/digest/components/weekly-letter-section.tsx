import { useId } from 'react';
import { Mail } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { useSendLetter } from '@/features/digest/api/send-letter';

const text = messages.letter;

/**
 * "Weekly letter" in the Settings view (issue 29, decision 158): what the Monday letter is, and "Send me this
 * week's letter now". The answer shows under the button (a live region), so it is read out where it happens.
 * The letter's on/off switch and the time zone live beside it (the account preferences).
 */
export function WeeklyLetterSection() {
  const titleId = useId();
  const send = useSendLetter();

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardTitle as="h3" id={titleId}>
        {text.settingsTitle}
      </CardTitle>
      <CardDescription className="max-w-xl">{text.settingsText}</CardDescription>
      <div className="mt-5 flex flex-col items-start gap-3">
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
    </Card>
  );
}
