import { env } from '@/config/env';
import { LegalPage } from '@/app/routes/legal-page';

export function Component() {
  const { supportEmail } = env;
  return (
    <LegalPage title="Privacy">
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>Your name and e-mail address, to run your account.</li>
          <li>
            While the extension is connected: the address and readable text of pages you visit, except sites
            on the default protected list and sites you add to your ignored list.
          </li>
          <li>
            The scores we compute from that text, and your questionnaire answers if you choose to take the
            survey.
          </li>
          <li>
            Billing records from our payment provider (plan, invoices, the last four digits of your card).
          </li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>Only to show you your own analyses and insights and to bill your subscription.</p>
      </section>
      <section>
        <h2>Your choices</h2>
        <ul>
          <li>Disconnect the extension at any time; nothing is collected while it is disconnected.</li>
          <li>Add any site to your ignored list so it is never read.</li>
          <li>Opt out of the personality questionnaire.</li>
        </ul>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          To ask about or delete your data:{' '}
          <a
            className="font-medium text-accent-ink underline underline-offset-2"
            href={`mailto:${supportEmail}`}
          >
            {supportEmail}
          </a>
          .
        </p>
      </section>
    </LegalPage>
  );
}
