import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import { server } from '@/testing/msw-server';
import { InvoicePdfLink } from '@/features/payment/components/invoice-pdf-link';

afterEach(() => vi.restoreAllMocks());

describe('InvoicePdfLink', () => {
  it('opens a hosted (absolute) PDF as a plain link in a new tab', () => {
    render(
      <InvoicePdfLink href="https://pay.example.com/inv_1.pdf" invoiceId="inv_1" className="">
        Download PDF
      </InvoicePdfLink>,
    );
    const link = screen.getByRole('link', { name: 'Download PDF' });
    expect(link).toHaveAttribute('href', 'https://pay.example.com/inv_1.pdf');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('downloads our own (relative) PDF with the session token', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok-pdf');
    let auth: string | null = null;
    server.use(
      http.get('*/api/payment/invoices/inv_2/pdf', ({ request }) => {
        auth = request.headers.get('authorization');
        return new HttpResponse('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:pdf');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(
      <InvoicePdfLink href="/api/payment/invoices/inv_2/pdf" invoiceId="inv_2" className="">
        Download PDF
      </InvoicePdfLink>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Download PDF' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(auth).toBe('Bearer tok-pdf');
    // The first click is the user's (prevented); the second is the generated download anchor's.
    expect(click.mock.contexts.some((a) => (a as HTMLAnchorElement).download === 'invoice-inv_2.pdf')).toBe(true);
  });
});
