import type { ReactNode } from 'react';
import { messages } from '@mediadiet/contract/messages';
import { downloadWithSession } from '@/lib/download';
import { notify } from '@/lib/toast';

interface InvoicePdfLinkProps {
  href: string;
  invoiceId: string;
  className: string;
  children: ReactNode;
}

/**
 * An invoice's PDF. Stripe's hosted PDFs are public links; the test-mode provider's PDFs are served by our
 * API (a relative path) and need the session, so those are fetched with the token and downloaded.
 */
export function InvoicePdfLink({ href, invoiceId, className, children }: InvoicePdfLinkProps) {
  if (!href.startsWith('/')) {
    return (
      <a href={href} target="_blank" rel="noreferrer" className={className}>
        {children}
      </a>
    );
  }
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        downloadWithSession(href, `invoice-${invoiceId}.pdf`).catch((error: unknown) =>
          notify.error(error instanceof Error ? error.message : messages.http.unknown),
        );
      }}
    >
      {children}
    </a>
  );
}
