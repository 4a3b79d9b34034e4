import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Check, CircleCheckBig, Link2, MousePointerClick, PlugZap, Puzzle, RefreshCw, Store } from 'lucide-react';
import { INSTALL_POLL_MAX_TRIES } from '@mediadiet/contract/constants';
import { messages } from '@mediadiet/contract/messages';
import { Button, buttonClasses } from '@/components/ui/button';
import { IconBadge, IconLead } from '@/components/ui/icon-badge';
import { Modal } from '@/components/ui/modal';
import { detectBrowser } from '@/lib/browser';
import { cn } from '@/lib/cn';
import { useMarkWizardShown } from '@/features/extension/api/mark-wizard-shown';
import { useExtension } from '@/features/extension/components/extension-provider';
import { useInstallPolling, type InstallPolling } from '@/features/extension/hooks/use-install-polling';
import { DASHBOARD_PATH, SUBSCRIPTION_PATH } from '@/features/extension/utils/paths';
import {
  browserName,
  isSupportedBrowser,
  storeLinksFor,
  type StoreLink,
} from '@/features/extension/utils/store-links';

export type WizardPhase = 'install' | 'connect' | 'complete';

const PHASE_TITLES: Record<WizardPhase, string> = {
  install: messages.extension.phaseInstall,
  connect: messages.extension.phaseConnect,
  complete: messages.extension.setupComplete,
};

export interface ExtensionWizardProps {
  open: boolean;
  /** Called after the wizard hid itself (closed, skipped or finished). */
  onClose: () => void;
  /** Overrides the browser detection (tests, screenshots). */
  browser?: ReturnType<typeof detectBrowser>;
}

/**
 * The extension setup wizard (spec §2 "Extension wizard", §4): Phase I: Install (store link for the
 * detected browser, a short illustrated tutorial, install detection polling) → Phase II: Connect
 * (Connect Now) → Setup Complete! 'Skip for now' shows until the extension is installed and connected.
 * Closing or skipping marks the wizard shown (`PATCH /api/subscription/chrome`), refreshes the user and
 * hides it. Without a subscription it only says that one is needed.
 */
export function ExtensionWizard({ open, onClose, browser }: ExtensionWizardProps) {
  const ext = useExtension();
  const { hasSubscription, setWizardOpen } = ext;

  useEffect(() => {
    if (!open) return;
    setWizardOpen(true);
    return () => setWizardOpen(false);
  }, [open, setWizardOpen]);

  if (!hasSubscription) return <NoSubscription open={open} onClose={onClose} />;
  return <SetupWizard open={open} onClose={onClose} browser={browser ?? detectBrowser()} />;
}

function NoSubscription({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      size="small"
      title={messages.extension.wizardNoSubscriptionTitle}
      description={messages.extension.wizardNoSubscriptionText}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Not now
          </Button>
          <Button
            onClick={() => {
              onClose();
              void navigate(SUBSCRIPTION_PATH);
            }}
          >
            View plans
          </Button>
        </>
      }
    />
  );
}

function SetupWizard({
  open,
  onClose,
  browser,
}: {
  open: boolean;
  onClose: () => void;
  browser: ReturnType<typeof detectBrowser>;
}) {
  const { isConnected, installed, connect, detectInstallation, state } = useExtension();
  const markShown = useMarkWizardShown();
  const navigate = useNavigate();
  // The phase starts from what is known when the wizard opens, then only the steps move it.
  const [phase, setPhase] = useState<WizardPhase>(() =>
    isConnected ? 'complete' : installed ? 'connect' : 'install',
  );
  const { polling, start } = useInstallPolling(detectInstallation, () => setPhase('connect'));

  const hide = () => {
    markShown.mutate();
    onClose();
  };
  const onConnect = async () => {
    if (await connect()) setPhase('complete');
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && hide()}
      size="large"
      title={PHASE_TITLES[phase]}
      description={<PhaseSteps phase={phase} />}
      footer={
        phase === 'complete' ? (
          <Button
            onClick={() => {
              hide();
              void navigate(DASHBOARD_PATH);
            }}
          >
            {messages.extension.continueToDashboard}
          </Button>
        ) : (
          <Button variant="ghost" onClick={hide}>
            {messages.extension.skipForNow}
          </Button>
        )
      }
    >
      {phase === 'install' && <InstallStep browser={browser} polling={polling} onInstallClick={start} />}
      {phase === 'connect' && (
        <ConnectStep
          connecting={state.status === 'connecting'}
          error={state.status === 'error' ? state.error : null}
          onConnect={() => void onConnect()}
        />
      )}
      {phase === 'complete' && <CompleteStep />}
    </Modal>
  );
}

const STEP_ORDER: WizardPhase[] = ['install', 'connect', 'complete'];
const STEP_LABELS: Record<WizardPhase, string> = { install: 'Install', connect: 'Connect', complete: 'Done' };

/** "Step n of 3" with a small progress line; the visible phase title is the dialog's name. */
function PhaseSteps({ phase }: { phase: WizardPhase }) {
  const index = STEP_ORDER.indexOf(phase);
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1.5 sm:gap-2">
      <span className="sr-only">{`Step ${index + 1} of ${STEP_ORDER.length}: `}</span>
      {STEP_ORDER.map((step, i) => (
        <span key={step} aria-hidden="true" className="inline-flex items-center gap-1.5 text-xs font-medium">
          <span
            className={cn(
              'inline-flex size-5 items-center justify-center rounded-full text-[0.7rem]',
              i < index && 'bg-accent text-white',
              i === index && 'bg-accent-soft text-accent-ink ring-1 ring-accent',
              i > index && 'bg-sunken text-ink-muted',
            )}
          >
            {i < index ? <Check className="size-3" /> : i + 1}
          </span>
          <span className={i === index ? 'text-ink' : 'text-ink-muted'}>{STEP_LABELS[step]}</span>
          {i < STEP_ORDER.length - 1 ? <span className="mx-0.5 h-px w-3 bg-line-strong sm:mx-1 sm:w-5" /> : null}
        </span>
      ))}
      <span className="sr-only">{STEP_LABELS[phase]}</span>
    </span>
  );
}

function InstallStep({
  browser,
  polling,
  onInstallClick,
}: {
  browser: ReturnType<typeof detectBrowser>;
  polling: InstallPolling;
  onInstallClick: () => void;
}) {
  const links = storeLinksFor(browser);
  const supported = isSupportedBrowser(browser);
  const storeName = supported ? `the ${browserName(browser)} store` : 'the store';

  return (
    <div className="grid gap-6">
      <div className="rounded-xl border border-line bg-canvas/60 p-4">
        {supported ? (
          <p className="text-sm text-ink-muted">
            We detected <strong className="font-semibold text-ink">{browserName(browser)}</strong>. Install the
            extension from {storeName}; it opens in a new tab.
          </p>
        ) : (
          <p className="text-sm text-ink-muted">
            {browser === 'safari'
              ? 'The extension is not available for Safari yet. '
              : "We couldn't recognise this browser. "}
            It works in Chrome, Edge, Opera and other Chromium browsers, and in Firefox — open this page in one of
            them to install it.
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-3">
          {links.map((link) => (
            <StoreButton key={link.browser} link={link} onClick={onInstallClick} />
          ))}
        </div>
        <DetectionStatus polling={polling} onRetry={onInstallClick} />
      </div>

      <section aria-labelledby="wizard-tutorial">
        <h3 id="wizard-tutorial" className="text-sm font-semibold text-ink">
          How it works
        </h3>
        <TutorialVideo />
        <ol className="mt-3 grid gap-3 sm:grid-cols-2">
          <TutorialStep n={1} icon={<Store className="size-5" />} title="Open the store page">
            Use the button above. {storeName.charAt(0).toUpperCase() + storeName.slice(1)} shows the Media Diet
            extension.
          </TutorialStep>
          <TutorialStep n={2} icon={<MousePointerClick className="size-5" />} title="Add the extension">
            Choose “Add”, then confirm the permissions prompt.
          </TutorialStep>
          <TutorialStep n={3} icon={<Puzzle className="size-5" />} title="Pin it (optional)">
            Pin it from the puzzle-piece menu in the toolbar to see its status at a glance.
          </TutorialStep>
          <TutorialStep n={4} icon={<RefreshCw className="size-5" />} title="Come back to this tab">
            We detect the extension automatically and move on to connecting it.
          </TutorialStep>
        </ol>
      </section>
    </div>
  );
}

/** Where the tutorial video and its captions are served from (apps/web/public; scripts/make-install-video.mjs). */
export const TUTORIAL_VIDEO = {
  src: '/tutorial/install-extension.webm',
  captions: '/tutorial/install-extension.vtt',
} as const;

/** The install tutorial (spec §2 "Phase I: Install … a tutorial video"): served by us, captioned, never autoplayed. */
function TutorialVideo() {
  return (
    <figure className="mt-3">
      <video
        controls
        preload="metadata"
        width={960}
        height={600}
        aria-describedby="wizard-tutorial-caption"
        className="aspect-[8/5] h-auto w-full rounded-xl border border-line bg-canvas"
      >
        <source src={TUTORIAL_VIDEO.src} type="video/webm" />
        <track kind="captions" src={TUTORIAL_VIDEO.captions} srcLang="en" label="English" default />
      </video>
      <figcaption id="wizard-tutorial-caption" className="mt-2 text-xs text-ink-muted">
        Tutorial video (20 seconds, captioned): installing the extension and checking it is there. The same
        steps are written out below.
      </figcaption>
    </figure>
  );
}

function StoreButton({ link, onClick }: { link: StoreLink; onClick: () => void }) {
  return (
    <a
      href={link.url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
      aria-label={`${link.label} (opens in a new tab)`}
      className={buttonClasses({ size: 'md' })}
    >
      <Store aria-hidden="true" className="size-4" />
      {link.label}
    </a>
  );
}

function DetectionStatus({ polling, onRetry }: { polling: InstallPolling; onRetry: () => void }) {
  return (
    <div role="status" aria-live="polite" className="mt-3 text-sm empty:hidden">
      {polling.status === 'polling' && (
        <p className="flex items-center gap-2 text-ink-muted">
          <RefreshCw aria-hidden="true" className="size-4 animate-spin [animation-duration:2s]" />
          {`Looking for the extension… (check ${polling.attempt} of ${INSTALL_POLL_MAX_TRIES})`}
        </p>
      )}
      {polling.status === 'found' && (
        <p className="flex items-center gap-2 font-medium text-success">
          <CircleCheckBig aria-hidden="true" className="size-4" />
          Extension detected! Moving on to connect it…
        </p>
      )}
      {polling.status === 'not-found' && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-ink-muted">We couldn&apos;t detect the extension yet.</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Check again
          </Button>
        </div>
      )}
    </div>
  );
}

function TutorialStep({
  n,
  icon,
  title,
  children,
}: {
  n: number;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3 rounded-xl border border-line p-3">
      <IconBadge size="sm">{icon}</IconBadge>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-ink">
          <span className="sr-only">{`Step ${n}: `}</span>
          {title}
        </p>
        <p className="mt-0.5 text-sm leading-relaxed text-ink-muted">{children}</p>
      </div>
    </li>
  );
}

function ConnectStep({
  connecting,
  error,
  onConnect,
}: {
  connecting: boolean;
  error: string | null;
  onConnect: () => void;
}) {
  return (
    <div className="grid gap-4">
      <IconLead icon={<Link2 className="size-5" />}>
        <p className="text-sm leading-relaxed text-ink-muted">
          The extension is installed. Connect it to your account so it can send the pages you visit for analysis.
          Your ignored and protected sites are never captured, and you can disconnect at any time from the status
          indicator in the header.
        </p>
      </IconLead>
      <div>
        <Button onClick={onConnect} loading={connecting}>
          <PlugZap aria-hidden="true" className="size-4" />
          {messages.extension.connectNow}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CompleteStep() {
  return (
    <IconLead icon={<CircleCheckBig className="size-5" />} tone="success">
      <p className="text-sm leading-relaxed text-ink-muted">
        The extension is installed and connected. Your insights will fill in as you go about your routine.
      </p>
    </IconLead>
  );
}
