import { CardSetupForm } from '@/features/payment/components/card-setup-form';
import { PaymentMethodPanel } from '@/features/payment/components/payment-method-panel';
import { SubscriptionPage } from '@/features/subscription/components/subscription-page';

/**
 * `/subscription` (guarded in router.tsx): the subscription feature's page, with the payment feature's
 * card form and Payment Method tab composed in. The extension setup wizard goes into
 * `extensionWizardSlot` with the extension issue.
 */
export function Component() {
  return (
    <SubscriptionPage
      renderCardSetup={(props) => <CardSetupForm {...props} />}
      renderPaymentTab={({ email }) => <PaymentMethodPanel email={email} />}
    />
  );
}
