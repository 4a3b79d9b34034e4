import { useState } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { useExtension } from '@/features/extension/components/extension-provider';
import type { ExtensionWizardProps } from '@/features/extension/components/extension-setup-wizard';

export type {
  ExtensionWizardProps,
  WizardPhase,
} from '@/features/extension/components/extension-setup-wizard';

/**
 * The extension setup wizard (extension-setup-wizard.tsx), fetched when it first shows — callers render it
 * only while open — so the dialog and its steps are not part of the pages that never show it
 * (docs/decisions/073-route-javascript-budget.md). It is a modal over the page: its arrival moves nothing.
 */
export const ExtensionWizard = lazyComponent<ExtensionWizardProps>(() =>
  import('@/features/extension/components/extension-setup-wizard').then((m) => m.ExtensionWizard),
);

/**
 * The wizard as the subscription page and the dashboard show it by themselves: when the user's state says
 * it should show (`user.state.shouldShowExtensionWizard`) and the user has a subscription.
 */
export function ExtensionWizardAuto() {
  const { user, hasSubscription } = useExtension();
  const [dismissed, setDismissed] = useState(false);
  const show = Boolean(user?.state.shouldShowExtensionWizard) && hasSubscription === true && !dismissed;
  return show ? <ExtensionWizard open onClose={() => setDismissed(true)} /> : null;
}
