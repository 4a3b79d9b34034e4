import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ChevronDown, Power, ShieldCheck } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { DropdownMenu } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import { useExtension } from '@/features/extension/components/extension-provider';
import { ExtensionWizard } from '@/features/extension/components/extension-wizard';
import { URL_MANAGEMENT_PATH } from '@/features/extension/utils/paths';

export type LedTone = 'connected' | 'setup' | 'subscribe';

const LABELS: Record<LedTone, string> = {
  connected: messages.extension.ledConnected,
  setup: messages.extension.ledSetupRequired,
  subscribe: messages.extension.ledCreateSubscription,
};

const DOT: Record<LedTone, string> = {
  connected: 'bg-success ring-3 ring-success/20',
  setup: 'bg-danger ring-3 ring-danger/20',
  subscribe: 'bg-ink-muted/50',
};

const pill =
  'inline-flex h-9 items-center gap-2 rounded-full border border-line bg-surface px-3 text-sm font-medium text-ink ' +
  'transition-colors hover:bg-sunken focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/** The accessible name of the LED button in each state ("Extension status: Connected", …). */
export function ledName(tone: LedTone): string {
  return `Extension status: ${LABELS[tone]}`;
}

function LedFace({ tone, withChevron = false }: { tone: LedTone; withChevron?: boolean }) {
  return (
    <>
      <span aria-hidden="true" className={cn('size-2.5 shrink-0 rounded-full', DOT[tone])} />
      <span className="whitespace-nowrap">{LABELS[tone]}</span>
      {withChevron ? <ChevronDown aria-hidden="true" className="-mr-1 size-4 text-ink-muted" /> : null}
    </>
  );
}

/**
 * The header's extension status LED (spec §2 Header): green 'Connected' (opens the extension settings),
 * red 'Setup Required' and gray 'Create Subscription' (not connected: open the setup flow, which without a
 * subscription says 'Create a Subscription' and leads to the plans). Nothing shows while signed out or
 * while the subscription is loading.
 */
export function ExtensionStatusLed() {
  const { user, hasSubscription, isConnected } = useExtension();
  const [wizardOpen, setWizardOpen] = useState(false);

  if (!user || hasSubscription === undefined) return null;

  let led;
  if (!hasSubscription) {
    led = (
      <button
        type="button"
        data-led="subscribe"
        aria-label={ledName('subscribe')}
        aria-haspopup="dialog"
        className={pill}
        onClick={() => setWizardOpen(true)}
      >
        <LedFace tone="subscribe" />
      </button>
    );
  } else if (isConnected) {
    led = <ExtensionSettingsMenu />;
  } else {
    led = (
      <button
        type="button"
        data-led="setup"
        aria-label={ledName('setup')}
        aria-haspopup="dialog"
        className={pill}
        onClick={() => setWizardOpen(true)}
      >
        <LedFace tone="setup" />
      </button>
    );
  }

  return (
    <>
      {led}
      {/* Outside the branches: the LED turns green on connect while the wizard shows 'Setup Complete!'. */}
      {wizardOpen ? <ExtensionWizard open onClose={() => setWizardOpen(false)} /> : null}
    </>
  );
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2.5 text-sm font-medium outline-none data-highlighted:bg-sunken data-disabled:cursor-not-allowed data-disabled:opacity-55';

/** Extension settings (spec §2: manage protected sites, Disconnect Extension), opened from the green LED. */
function ExtensionSettingsMenu() {
  const { disconnect, state } = useExtension();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const manage = () => {
    Promise.resolve(navigate(URL_MANAGEMENT_PATH)).catch(() =>
      notify.error(messages.extension.openUrlManagementFailed),
    );
  };
  const onDisconnect = async () => {
    setBusy(true);
    try {
      await disconnect();
    } finally {
      setBusy(false);
    }
  };
  const since = state.lastConnected
    ? new Date(state.lastConnected).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : null;

  return (
    <DropdownMenu
      modal={false}
      triggerProps={{
        'data-led': 'connected',
        'aria-label': ledName('connected'),
        'aria-busy': busy || undefined,
        className: pill,
      }}
      trigger={<LedFace tone="connected" withChevron />}
    >
      {(Menu) => (
        <Menu.Portal>
          <Menu.Content
            align="end"
            sideOffset={8}
            className="z-50 w-64 max-w-[calc(100vw-1.5rem)] rounded-2xl border border-line bg-surface p-2 shadow-overlay"
          >
            <div className="px-3 pt-2 pb-3">
              <p className="font-semibold text-ink">Browser extension</p>
              <p className="text-sm text-ink-muted">
                {since ? `Connected · checked at ${since}` : 'Connected to your account'}
              </p>
            </div>
            <Menu.Separator className="mx-1 my-1 h-px bg-line" />
            <Menu.Item onSelect={manage} className={cn(itemClass, 'text-ink')}>
              <ShieldCheck aria-hidden="true" className="size-4" />
              {messages.extension.manageProtectedSites}
            </Menu.Item>
            <Menu.Item
              disabled={busy}
              onSelect={() => void onDisconnect()}
              className={cn(itemClass, 'text-danger')}
            >
              <Power aria-hidden="true" className="size-4" />
              {messages.extension.disconnect}
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      )}
    </DropdownMenu>
  );
}
