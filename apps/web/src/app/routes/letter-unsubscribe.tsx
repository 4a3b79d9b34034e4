import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MailX } from 'lucide-react';
import { DIGEST_TOKEN_PARAM } from '@mediadiet/contract/digest';
import { messages } from '@mediadiet/contract/messages';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { useUnsubscribeLetter } from '@/features/digest/api/unsubscribe';

const text = messages.letter;
const SETTINGS = '/auth/dashboard?view=settings';

/**
 * `/letter/unsubscribe?token=…`: where the weekly letter's unsubscribe link lands (issue 29, decision 158). It
 * asks before it turns the letter off — a link scanner that opens the page changes nothing — and then says the
 * letter is off, with the way back on in Settings. No sign-in needed: the token names the account. (A mail
 * client's one-click unsubscribe posts to the server directly and never opens this page.)
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get(DIGEST_TOKEN_PARAM) ?? '';
  const unsubscribe = useUnsubscribeLetter();
  const titleId = useId();
  const done = unsubscribe.isSuccess;

  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6 sm:py-16">
      <Card role="region" aria-labelledby={titleId}>
        <MailX aria-hidden="true" className="size-8 text-accent" />
        <CardTitle as="h1" size="lg" id={titleId} className="mt-4">
          {done ? text.unsubscribedTitle : text.unsubscribeTitle}
        </CardTitle>
        {!token ? (
          <CardDescription role="alert">{text.missingToken}</CardDescription>
        ) : done ? (
          <CardDescription role="status">{text.turnBackOn}</CardDescription>
        ) : (
          <CardDescription>{text.unsubscribeText}</CardDescription>
        )}
        {unsubscribe.isError ? (
          <p role="alert" className="mt-4 text-sm font-medium text-danger">
            {unsubscribe.error.message || text.unsubscribeFailed}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap items-center gap-3">
          {token && !done ? (
            <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              {unsubscribe.isPending ? text.unsubscribing : text.unsubscribeButton}
            </Button>
          ) : null}
          <Link to={SETTINGS} className={buttonClasses({ variant: 'secondary' })}>
            {text.openSettings}
          </Link>
        </div>
      </Card>
    </div>
  );
}
