import PDFDocument from 'pdfkit';
import type { InvoiceRow } from './repository.ts';
import { TEST_MODE_NOTICE } from './providers/local.ts';

const money = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '—');

/** An invoice of the local provider as a PDF (pdfkit), marked "Test mode — no real charges". */
export function renderInvoicePdf(invoice: InvoiceRow, info: { serviceName: string; email: string }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Invoice ${invoice.id}`, Author: info.serviceName } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fillColor('#b45309').fontSize(12).text(TEST_MODE_NOTICE.toUpperCase(), { align: 'right' });
    doc.fillColor('#111827').fontSize(22).text(info.serviceName).moveDown(0.3);
    doc.fontSize(16).text('Invoice').moveDown();
    doc.fontSize(10);
    doc.text(`Invoice number: ${invoice.id}`);
    doc.text(`Date: ${day(invoice.createdAt)}`);
    doc.text(`Billed to: ${info.email}`);
    doc.text(`Period: ${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`);
    doc.text(`Status: ${invoice.status}`).moveDown();
    doc.fontSize(12).text(invoice.description).moveDown(0.5);
    doc.fontSize(10);
    for (const line of invoice.lines) {
      const y = doc.y;
      doc.text(line.description, 56, y, { width: 380 });
      doc.text(money(line.amountCents), 440, y, { width: 100, align: 'right' });
      doc.moveDown(0.4);
    }
    doc.moveDown().fontSize(12).text(`Total (USD): ${money(invoice.amountCents)}`, { align: 'right' });
    doc.moveDown(2).fontSize(9).fillColor('#6b7280').text(
      `${TEST_MODE_NOTICE}. This invoice was produced by the built-in test-mode payment provider; no card was charged.`,
    );
    doc.end();
  });
}
