import { useId, type ReactNode } from 'react';
import { messages } from '@mediadiet/contract/messages';
import type { PreferencesUpdate } from '@mediadiet/contract/preferences';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useUpdatePreferences } from '@/features/account/api/update-preferences';
import { InlineQueryState } from '@/features/account/components/inline-query-state';
import { TimeZoneCombobox } from '@/features/account/components/time-zone-combobox';
import { usePreferences } from '@/lib/preferences';
import { browserTimeZone, sameZone, timeIn, zoneLabel, zoneOffsetLabel } from '@/lib/time-zones';
import { notify } from '@/lib/toast';

const text = messages.preferences;

/**
 * "Preferences" in the Settings view (issue 29, decisions 154 and 155): the time zone the account's days, weeks
 * and months are cut in — a searchable list of IANA zones, with the browser's own offered when it differs —
 * and the weekly letter's switch, with the letter's own actions (`letterActions`: "Send me this week's letter
 * now", from the digest feature) beside it. Each change is saved at once and confirmed (or refused) by a toast.
 */
export function PreferencesSettings({ letterActions }: { letterActions?: ReactNode }) {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const titleId = useId();

  const save = (patch: PreferencesUpdate, done: string) =>
    update.mutate(patch, {
      onSuccess: () => notify.success(done),
      onError: (error) => notify.error(error.message || text.saveFailed),
    });

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardTitle as="h3" id={titleId}>
        {text.title}
      </CardTitle>
      {preferences.isPending || preferences.isError ? (
        <InlineQueryState query={preferences} loading={text.loading} failed={text.loadFailed} />
      ) : (
        <>
          <TimeZoneSection
            zone={preferences.data.timeZone}
            saving={update.isPending && update.variables.timeZone !== undefined}
            onChange={(timeZone) => save({ timeZone }, text.timeZoneSaved(zoneLabel(timeZone)))}
          />
          <WeeklyLetterSection
            on={
              update.isPending && update.variables.weeklyLetter !== undefined
                ? update.variables.weeklyLetter
                : preferences.data.weeklyLetter
            }
            saving={update.isPending && update.variables.weeklyLetter !== undefined}
            onChange={(weeklyLetter) =>
              save({ weeklyLetter }, weeklyLetter ? text.weeklyLetterOn : text.weeklyLetterOff)
            }
            actions={letterActions}
          />
        </>
      )}
    </Card>
  );
}

function TimeZoneSection({
  zone,
  saving,
  onChange,
}: {
  zone: string;
  saving: boolean;
  onChange: (zone: string) => void;
}) {
  const inputId = useId();
  const descriptionId = useId();
  const browser = browserTimeZone();
  const now = new Date();
  const offset = zoneOffsetLabel(zone, now);

  return (
    // Sections of the card, not landmarks of their own: the card is the region.
    <div className="mt-5">
      <h4 className="font-semibold text-ink">{text.timeZoneTitle}</h4>
      <CardDescription id={descriptionId}>{text.timeZoneDescription}</CardDescription>
      <div className="mt-4 flex max-w-md flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          {text.timeZoneLabel}
        </label>
        <TimeZoneCombobox
          id={inputId}
          value={zone}
          onChange={onChange}
          disabled={saving}
          describedBy={descriptionId}
        />
      </div>
      <div className="mt-1 flex min-h-9 flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-muted">
        {saving ? (
          <span className="flex items-center gap-2">
            <Spinner size="sm" label="" />
            <span role="status">{text.timeZoneSaving}</span>
          </span>
        ) : (
          <span>{text.localTime(timeIn(zone, now), offset)}</span>
        )}
        {!sameZone(zone, browser) ? (
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{text.browserZone(zoneLabel(browser))}</span>
            <Button variant="secondary" size="sm" disabled={saving} onClick={() => onChange(browser)}>
              {text.useBrowserZone(zoneLabel(browser))}
            </Button>
          </span>
        ) : null}
      </div>
    </div>
  );
}

function WeeklyLetterSection({
  on,
  saving,
  onChange,
  actions,
}: {
  on: boolean;
  saving: boolean;
  onChange: (on: boolean) => void;
  actions: ReactNode;
}) {
  const switchId = useId();
  const descriptionId = useId();

  return (
    <div className="mt-6 border-t border-line pt-6">
      <h4 className="font-semibold text-ink">{text.weeklyLetterTitle}</h4>
      <CardDescription id={descriptionId}>{text.weeklyLetterDescription}</CardDescription>
      {/* The letter's own actions (sending this week's letter now) sit in this row, beside the switch. */}
      <div className="mt-4 flex flex-wrap items-start gap-x-6 gap-y-3">
        <div className="flex items-center gap-3">
          <Switch
            id={switchId}
            checked={on}
            onCheckedChange={onChange}
            disabled={saving}
            aria-describedby={descriptionId}
          />
          <label htmlFor={switchId} className="cursor-pointer text-[0.95rem] font-medium text-ink">
            {text.weeklyLetterLabel}
          </label>
          {saving ? <Spinner size="sm" label={text.timeZoneSaving} /> : null}
        </div>
        {actions}
      </div>
    </div>
  );
}
