import { Link } from 'react-router';
import { env } from '@/config/env';
import { LegalContact, LegalPage } from '@/app/routes/legal-page';

export function Component() {
  const { serviceName } = env;
  const link = 'font-medium text-accent-ink underline underline-offset-2';
  return (
    <LegalPage title="Privacy">
      <p>
        {serviceName} exists to show you how what you read online affects you. That needs some of your data;
        this page lists all of it, what we do with it, and how to take it with you or delete it.
      </p>
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Your account:</strong> your name and e-mail address (or the ones your Google account
            shares when you sign in with Google), and when you signed up.
          </li>
          <li>
            <strong>Touch points:</strong> while the browser extension is connected, each page you read is
            sent to us as its address, title and readable text. We score it across affect categories (calm,
            hope, anger, anxiety and others) and keep the address, the scores, the statistics behind them and
            the number of tokens the analysis used.
          </li>
          <li>
            <strong>Ignored sites:</strong> the list of sites you asked us never to read. Sites on the default
            protected list (banking, health, e-mail and similar) are never read either.
          </li>
          <li>
            <strong>Questionnaire:</strong> your answers and the personality snapshot computed from them, only
            if you choose to take the survey.
          </li>
          <li>
            <strong>Billing:</strong> your plan, usage, invoices and, from our payment provider, the brand,
            last four digits and expiry of your cards. We never see or store full card numbers.
          </li>
          <li>
            <strong>Sign-in:</strong> a session token stored in your browser, and a hashed copy on our server
            so that signing out revokes it.
          </li>
        </ul>
      </section>
      <section>
        <h2>What we do not collect</h2>
        <ul>
          <li>Anything while the extension is disconnected, and nothing from ignored or protected sites.</li>
          <li>Your browsing history beyond the pages the extension sends while connected.</li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>
          Only to show you your own analyses and insights, to send your sign-in PIN, and to bill your
          subscription. We do not sell your data or use it for advertising.
        </p>
      </section>
      <section>
        <h2>Your data, your choices</h2>
        <ul>
          <li>
            <strong>Download it:</strong> in the dashboard, open <em>Settings → Your account</em> and choose{' '}
            <em>Download my data</em>. You get one JSON file with everything listed above.
          </li>
          <li>
            <strong>Delete it:</strong> in the same place, choose <em>Delete account</em> and type your e-mail
            address to confirm. Your account and all its data are deleted at once; this cannot be undone.
          </li>
          <li>Disconnect the extension at any time; nothing is collected while it is disconnected.</li>
          <li>Add any site to your ignored list so it is never read.</li>
          <li>Opt out of the personality questionnaire.</li>
        </ul>
        <p>
          Not signed in any more?{' '}
          <Link className={link} to="/auth/login">
            Sign in
          </Link>{' '}
          first, or write to us.
        </p>
      </section>
      <LegalContact topic="your data" />
    </LegalPage>
  );
}
