import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Globe } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { IconBadge } from '@/components/ui/icon-badge';
import { useUpdatePreferences } from '@/features/account/api/update-preferences';
import { useAccountInfo } from '@/lib/account-info';
import { usePreferences } from '@/lib/preferences';
import { timeZoneOfferKey, useStoredItem, writeItem } from '@/lib/storage';
import { browserTimeZone, canonicalZone, isUtc, zoneLabel } from '@/lib/time-zones';
import { notify } from '@/lib/toast';

const text = messages.preferences;

/** An account this young that is still on UTC takes the browser's zone on its own (decision 155). */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/**
 * The browser's time zone for an account still on the default, UTC (decision 155), mounted by the dashboard
 * whatever its view:
 * - a new account (created in the last 24 hours) takes it at once and says so in a toast: its person has not
 *   chosen anything yet, and their days should end at their own midnight from the first page;
 * - an older account is offered it, without blocking anything (`showOffer`: on the dashboard's views, not in
 *   Settings, which has its own "Use …" button): "Use Europe/Berlin" or "Keep UTC". Either answer is remembered
 *   in this browser for that zone, so the offer does not come back until the browser moves to another zone.
 * Nothing happens for an account with a zone of its own, or a browser in UTC.
 */
export function TimeZoneOffer({ showOffer }: { showOffer: boolean }) {
  const preferences = usePreferences();
  const account = useAccountInfo();
  const update = useUpdatePreferences();
  const titleId = useId();
  const browser = browserTimeZone();
  const userId = account.data?.id;
  const answered = useStoredItem(userId ? timeZoneOfferKey(userId) : '');
  const adopted = useRef(false);

  const applies =
    userId !== undefined &&
    preferences.data !== undefined &&
    isUtc(preferences.data.timeZone) &&
    !isUtc(browser) &&
    canonicalZone(browser) !== null &&
    answered !== browser;
  // When the dashboard was opened: the account's age is read against it.
  const [openedAt] = useState(Date.now);
  const isNew = account.data !== undefined && openedAt - Date.parse(account.data.createdAt) < NEW_ACCOUNT_MS;

  const remember = () => {
    if (userId) writeItem(timeZoneOfferKey(userId), browser);
  };
  const use = (announce: string) =>
    update.mutate(
      { timeZone: browser },
      {
        onSuccess: () => {
          remember();
          notify.info(announce);
        },
        onError: (error) => notify.error(error.message || text.saveFailed),
      },
    );

  // A new account: once, in this browser (remembered before the call, so a failure is not retried on every
  // render or reload).
  const adopt = useEffectEvent(() => {
    remember();
    use(text.detected(zoneLabel(browser)));
  });
  useEffect(() => {
    if (!applies || !isNew || adopted.current) return;
    adopted.current = true;
    adopt();
  }, [applies, isNew]);

  if (!applies || isNew || !showOffer) return null;
  const zone = zoneLabel(browser);
  return (
    <Card role="region" aria-labelledby={titleId} className="mt-6 p-5 sm:p-6 print:hidden">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <IconBadge>
            <Globe className="size-5" />
          </IconBadge>
          <div className="min-w-0">
            <CardTitle as="h2" id={titleId} className="text-base">
              {text.offerTitle}
            </CardTitle>
            <CardDescription className="mt-1 text-sm">{text.offer(zone)}</CardDescription>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button size="sm" loading={update.isPending} onClick={() => use(text.timeZoneSaved(zone))}>
            {text.offerAccept(zone)}
          </Button>
          <Button variant="ghost" size="sm" disabled={update.isPending} onClick={remember}>
            {text.offerDecline}
          </Button>
        </div>
      </div>
    </Card>
  );
}
