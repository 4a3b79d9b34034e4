import { CardSetupForm } from '@/features/payment/components/card-setup-form';
import { PaymentMethodPanel } from '@/features/payment/components/payment-method-panel';
import { SubscriptionPage } from '@/features/subscription/components/subscription-page';
import { ExtensionWizardAuto } from '@/features/extension/components/extension-wizard';

/**
 * `/subscription` (guarded in router.tsx): the subscription feature's page, with the payment feature's
 * card form and Payment Method tab composed in, and the extension setup wizard in `extensionWizardSlot`
 * (shown when the user's state says so and a subscription exists).
 */
export function Component() {
  return (
    <SubscriptionPage
      renderCardSetup={(props) => <CardSetupForm {...props} />}
      renderPaymentTab={({ email }) => <PaymentMethodPanel email={email} />}
      extensionWizardSlot={<ExtensionWizardAuto />}
    />
  );
}
