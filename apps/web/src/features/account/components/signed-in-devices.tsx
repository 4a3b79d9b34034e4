import { useId, type ReactNode } from 'react';
import { LogOut, Monitor, Puzzle } from 'lucide-react';
import type { DeviceExtension, DeviceSession } from '@mediadiet/contract/account';
import { messages } from '@mediadiet/contract/messages';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { IconBadge } from '@/components/ui/icon-badge';
import {
  useDevices,
  useDisconnectBrowser,
  useSignOutDevice,
  useSignOutOthers,
} from '@/features/account/api/devices';
import { InlineQueryState } from '@/features/account/components/inline-query-state';

const text = messages.security;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

/**
 * "Signed-in devices" in the Settings view (docs/decisions/110): every live session (browser, coarse place
 * and time of last use, this device marked) with Sign out, "Sign out everywhere else", and the browser
 * extensions paired per browser with Disconnect. Ending access takes effect at once on every server
 * instance; this device signs out with Logout in the user menu as before.
 */
export function SignedInDevices() {
  const devices = useDevices();
  const signOutOthers = useSignOutOthers();
  const titleId = useId();
  const others = devices.data?.sessions.filter((session) => !session.current) ?? [];

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardTitle as="h3" id={titleId}>
        {text.devicesTitle}
      </CardTitle>
      <CardDescription>
        Where your account is signed in, and the browsers your extension is paired with. Sign out anything you
        don’t recognise.
      </CardDescription>

      {devices.isPending || devices.isError ? (
        <InlineQueryState query={devices} loading={text.devicesLoading} failed={text.devicesFailed} />
      ) : (
        <>
          <ul className="mt-5 divide-y divide-line border-y border-line">
            {devices.data.sessions.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {others.length === 0 ? <p className="mt-3 text-sm text-ink-muted">{text.noOtherDevices}</p> : null}
          <div className="mt-4">
            <Button
              variant="secondary"
              size="sm"
              disabled={others.length === 0}
              loading={signOutOthers.isPending}
              onClick={() => signOutOthers.mutate()}
            >
              {signOutOthers.isPending ? null : <LogOut aria-hidden="true" className="size-4" />}
              {text.signOutOthers}
            </Button>
          </div>

          <h4 className="mt-7 font-semibold text-ink">Browser extensions</h4>
          {devices.data.extensions.length === 0 ? (
            <p className="mt-2 text-sm text-ink-muted">{text.noExtensions}</p>
          ) : (
            <ul className="mt-3 divide-y divide-line border-y border-line">
              {devices.data.extensions.map((extension) => (
                <ExtensionRow key={extension.id} extension={extension} />
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}

function Row({
  icon,
  name,
  badge,
  details,
  action,
}: {
  icon: ReactNode;
  name: string;
  badge?: ReactNode;
  details: string;
  action?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="flex min-w-0 items-start gap-3">
        <IconBadge size="sm" tone="muted" className="mt-0.5">
          {icon}
        </IconBadge>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
            {name}
            {badge}
          </p>
          <p className="text-sm wrap-anywhere text-ink-muted">{details}</p>
        </div>
      </div>
      {action ? <div className="shrink-0 pl-12 sm:pl-0">{action}</div> : null}
    </li>
  );
}

function SessionRow({ session }: { session: DeviceSession }) {
  const signOut = useSignOutDevice();
  const place = session.place ? `near ${session.place}` : 'place unknown';
  const details = session.current
    ? `${place} · active now`
    : `${place} · last active ${when(session.lastSeenAt)}`;
  return (
    <Row
      icon={<Monitor className="size-4" />}
      name={session.browser}
      badge={session.current ? <Badge tone="accent">{text.thisDevice}</Badge> : undefined}
      details={details}
      action={
        session.current ? undefined : (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${text.signOut}: ${session.browser}, last active ${when(session.lastSeenAt)}`}
            loading={signOut.isPending}
            onClick={() => signOut.mutate(session.id)}
          >
            {text.signOut}
          </Button>
        )
      }
    />
  );
}

function ExtensionRow({ extension }: { extension: DeviceExtension }) {
  const disconnect = useDisconnectBrowser();
  const used = extension.lastUsedAt ? `last used ${when(extension.lastUsedAt)}` : 'not used yet';
  return (
    <Row
      icon={<Puzzle className="size-4" />}
      name={extension.browser}
      details={`Paired ${when(extension.createdAt)} · ${used}`}
      action={
        <Button
          variant="secondary"
          size="sm"
          aria-label={`${text.disconnect}: the extension in ${extension.browser}`}
          loading={disconnect.isPending}
          onClick={() => disconnect.mutate(extension.id)}
        >
          {text.disconnect}
        </Button>
      }
    />
  );
}
