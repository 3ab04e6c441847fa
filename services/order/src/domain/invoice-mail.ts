import type { InvoiceDocument } from './invoice-document';

/** The mail that carries an invoice PDF to its dealer: subject and plain text, from the invoice itself. */
export function invoiceMail(invoice: InvoiceDocument): { subject: string; text: string } {
  const lines = [
    `Hello ${invoice.dealer.name},`,
    '',
    `Please find attached invoice ${invoice.number} dated ${invoice.date}.`,
    '',
    `Total: ${invoice.total}`,
    `Paid: ${invoice.paid}`,
    `Balance due: ${invoice.balanceDue}`,
    '',
    'Thank you for your business.',
    invoice.company.name,
    ...invoice.company.lines,
  ];
  return {
    // one line: a line break in a company name must not reach the header
    subject: `Invoice ${invoice.number} from ${invoice.company.name}`.replace(/[\r\n]+/g, ' '),
    text: lines.join('\n'),
  };
}
