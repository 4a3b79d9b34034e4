import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ChevronDown, Power, ShieldCheck } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';
import { DropdownMenu, MenuPanel, menuItemClass } from '@/components/ui/dropdown-menu';
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

  // Connected: the settings menu; otherwise the LED opens the wizard (to subscribe first, or to set up).
  const tone = !hasSubscription ? 'subscribe' : isConnected ? null : 'setup';
  const led = tone ? (
    <button
      type="button"
      data-led={tone}
      aria-label={ledName(tone)}
      aria-haspopup="dialog"
      className={pill}
      onClick={() => setWizardOpen(true)}
    >
      <LedFace tone={tone} />
    </button>
  ) : (
    <ExtensionSettingsMenu />
  );

  return (
    <>
      {led}
      {/* Outside the branches: the LED turns green on connect while the wizard shows 'Setup Complete!'. */}
      {wizardOpen ? <ExtensionWizard open onClose={() => setWizardOpen(false)} /> : null}
    </>
  );
}

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
        <MenuPanel
          menu={Menu}
          title="Browser extension"
          detail={since ? `Connected · checked at ${since}` : 'Connected to your account'}
        >
          <Menu.Item onSelect={manage} className={cn(menuItemClass, 'text-ink')}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            {messages.extension.manageProtectedSites}
          </Menu.Item>
          <Menu.Item
            disabled={busy}
            onSelect={() => void onDisconnect()}
            className={cn(menuItemClass, 'text-danger')}
          >
            <Power aria-hidden="true" className="size-4" />
            {messages.extension.disconnect}
          </Menu.Item>
        </MenuPanel>
      )}
    </DropdownMenu>
  );
}
