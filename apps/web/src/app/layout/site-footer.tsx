import { AppLink } from '@/components/ui/app-link';
import { env } from '@/config/env';

export function SiteFooter() {
  return (
    <footer className="border-t border-line print:hidden">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} {env.serviceName}
        </p>
        <nav aria-label="Legal" className="flex flex-wrap gap-x-5 gap-y-2">
          <AppLink to="/terms" className="rounded hover:text-ink">
            Terms
          </AppLink>
          <AppLink to="/privacy" className="rounded hover:text-ink">
            Privacy
          </AppLink>
          <a href={`mailto:${env.supportEmail}`} className="rounded hover:text-ink">
            {env.supportEmail}
          </a>
        </nav>
      </div>
    </footer>
  );
}
