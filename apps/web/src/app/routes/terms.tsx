import { Link } from 'react-router';
import { env } from '@/config/env';
import { LegalContact, LegalPage } from '@/app/routes/legal-page';

export function Component() {
  const { serviceName } = env;
  return (
    <LegalPage title="Terms of Service">
      <section>
        <h2>The service</h2>
        <p>
          {serviceName} analyses the web pages you read, through a browser extension you install and connect
          yourself, and shows you how that content tends to affect how you feel. It is a wellbeing tool, not
          medical advice.
        </p>
      </section>
      <section>
        <h2>Your account</h2>
        <p>
          You sign in with Google or with a one-time PIN sent to your e-mail. Keep access to that e-mail
          account secure; you are responsible for activity under your account.
        </p>
      </section>
      <section>
        <h2>Plans and billing</h2>
        <ul>
          <li>
            Paid plans renew each billing period until you cancel. Cancelling keeps your access until the
            period ends.
          </li>
          <li>
            Usage beyond a plan&apos;s included touch points is charged at the overage rate shown, up to the
            cap you set.
          </li>
          <li>A free trial, when offered, converts to a paid plan at its end unless you cancel before.</li>
          <li>
            Card payments are processed by our payment provider; we never see or store your full card number.
          </li>
        </ul>
      </section>
      <section>
        <h2>Your data</h2>
        <p>
          What we collect — your account details, the touch points the extension sends, your ignored sites,
          questionnaire answers and billing records — is described on the{' '}
          <Link className="font-medium text-accent-ink underline underline-offset-2" to="/privacy">
            Privacy
          </Link>{' '}
          page. You can download all of it, or delete your account and all its data, from Settings in your
          dashboard at any time.
        </p>
      </section>
      <section>
        <h2>Acceptable use</h2>
        <p>
          Do not attempt to access other users&apos; data, overload the service, or use it to break the law.
        </p>
      </section>
      <LegalContact topic="these terms" />
    </LegalPage>
  );
}
