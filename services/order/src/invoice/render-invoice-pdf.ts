import type { InvoiceDelivery, InvoiceDocument } from '../domain/invoice-document';
import {
  BODY_BOTTOM,
  CELL_PAD,
  CONTENT_WIDTH,
  type Doc,
  drawableParty,
  drawableText,
  drawDocumentHeader,
  drawFooters,
  drawPartyUnder,
  drawRule,
  drawTableHeader,
  INK,
  MARGIN,
  MUTED,
  renderPdf,
  type TableColumn,
} from './pdf-layout';

/**
 * Draws an invoice (the layout model of domain/invoice-document.ts) as a US Letter PDF with pdfkit and its
 * built-in Helvetica (no font file is read): the company and 'INVOICE' with its number, date and status, the
 * dealer, a table of lines that continues on further pages with its header repeated, the totals, the delivery
 * line with its signature when the order was delivered with a proof, the notes when asked for, and 'Page N of M' at the foot of every page. Pure: no I/O beyond memory.
 */

/** The table's columns, left to right; amounts are right-aligned. */
const COLUMNS = [
  { key: 'description', label: 'Description', width: 262, align: 'left' },
  { key: 'quantity', label: 'Qty', width: 50, align: 'right' },
  { key: 'unitPrice', label: 'Unit Price', width: 100, align: 'right' },
  { key: 'total', label: 'Total', width: 100, align: 'right' },
] as const satisfies readonly TableColumn<'description' | 'quantity' | 'unitPrice' | 'total'>[];
const TABLE_FONT_SIZE = 9.5;

/** Kept here too: the invoice's tests and bench read it from the renderer. */
export { drawableText };

/** Every text of the invoice made drawable. */
function drawable(invoice: InvoiceDocument): InvoiceDocument {
  return {
    ...invoice,
    company: drawableParty(invoice.company),
    dealer: drawableParty(invoice.dealer),
    lines: invoice.lines.map((line) => ({ ...line, description: drawableText(line.description) })),
    notes: invoice.notes === null ? null : drawableText(invoice.notes),
    poNumber: invoice.poNumber === null ? null : drawableText(invoice.poNumber),
    delivery: invoice.delivery && { ...invoice.delivery, line: drawableText(invoice.delivery.line) },
  };
}

/** The invoice as PDF bytes. */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const invoice = drawable(document);
  const title = `Invoice ${invoice.number}`;
  return renderPdf({ Title: title, Author: invoice.company.name, Subject: title }, (doc) => {
    drawHeader(doc, invoice);
    drawTable(doc, invoice);
    drawTotals(doc, invoice);
    if (invoice.delivery) drawDelivery(doc, invoice.delivery);
    if (invoice.notes) drawNotes(doc, invoice.notes);
    drawFooters(doc, `Invoice ${invoice.number} · ${invoice.company.name}`);
  });
}

function drawHeader(doc: Doc, invoice: InvoiceDocument): void {
  drawDocumentHeader(doc, invoice.company, 'INVOICE', [
    ['Invoice #', invoice.number],
    ['Date', invoice.date],
    ['Status', invoice.status],
    ['Payment', invoice.paymentStatus],
    ...(invoice.poNumber ? [['PO #', invoice.poNumber] as [string, string]] : []),
  ]);
  drawPartyUnder(doc, 'BILL TO', invoice.dealer);
}

function drawTable(doc: Doc, invoice: InvoiceDocument): void {
  let y = drawTableHeader(doc, COLUMNS, doc.y);
  doc.font('Helvetica').fontSize(TABLE_FONT_SIZE);
  const descriptionWidth = COLUMNS[0].width - 2 * CELL_PAD;
  for (const line of invoice.lines) {
    const rowHeight = doc.heightOfString(line.description, { width: descriptionWidth }) + 2 * CELL_PAD;
    if (y + rowHeight > BODY_BOTTOM) {
      doc.addPage();
      y = drawTableHeader(doc, COLUMNS, MARGIN);
      doc.font('Helvetica').fontSize(TABLE_FONT_SIZE);
    }
    let x = MARGIN;
    doc.fillColor(INK);
    for (const column of COLUMNS) {
      doc.text(line[column.key], x + CELL_PAD, y + CELL_PAD, {
        width: column.width - 2 * CELL_PAD,
        align: column.align,
      });
      x += column.width;
    }
    y += rowHeight;
    drawRule(doc, y);
  }
  doc.y = y + 12;
}

function drawTotals(doc: Doc, invoice: InvoiceDocument): void {
  const rows: [string, string, boolean][] = [
    ['Subtotal', invoice.subtotal, false],
    ['Tax', invoice.tax, false],
    ['Total', invoice.total, true],
    ['Paid', invoice.paid, false],
    ['Balance Due', invoice.balanceDue, true],
  ];
  const rowHeight = 17;
  if (doc.y + rows.length * rowHeight + 8 > BODY_BOTTOM) {
    doc.addPage();
    doc.y = MARGIN;
  }
  const labelX = MARGIN + CONTENT_WIDTH - 240;
  let y = doc.y;
  for (const [label, value, strong] of rows) {
    if (label === 'Paid') {
      drawRule(doc, y - 3, 0.5, labelX);
    }
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 11 : 10)
      .fillColor(strong ? INK : MUTED);
    doc.text(label, labelX, y, { width: 120, lineBreak: false });
    doc.fillColor(INK).text(value, labelX + 120, y, { width: 120 - CELL_PAD, align: 'right', lineBreak: false });
    y += rowHeight;
  }
  doc.y = y + 10;
}

const SIGNATURE_BOX = { width: 180, height: 60 } as const;

/** The delivery line, and under it the signature scaled into its box; kept together on one page. */
function drawDelivery(doc: Doc, delivery: InvoiceDelivery): void {
  doc.font('Helvetica').fontSize(10);
  const lineHeight = doc.heightOfString(delivery.line, { width: CONTENT_WIDTH });
  const height = lineHeight + (delivery.signaturePng ? SIGNATURE_BOX.height + 6 : 0) + 12;
  if (doc.y + height > BODY_BOTTOM) {
    doc.addPage();
    doc.y = MARGIN;
  }
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(delivery.line, MARGIN, top, { width: CONTENT_WIDTH });
  let y = top + lineHeight + 6;
  if (delivery.signaturePng) {
    try {
      doc.image(delivery.signaturePng, MARGIN, y, { fit: [SIGNATURE_BOX.width, SIGNATURE_BOX.height] });
      y += SIGNATURE_BOX.height;
    } catch {
      // a signature pdfkit cannot decode is left out: the invoice still goes, with the delivery line
    }
  }
  doc.y = y + 12;
}

function drawNotes(doc: Doc, notes: string): void {
  doc.font('Helvetica').fontSize(9.5);
  const height = doc.heightOfString(notes, { width: CONTENT_WIDTH }) + 20;
  // notes that fit on a page are kept together; longer ones flow over pages as pdfkit breaks them
  if (doc.y + Math.min(height, 120) > BODY_BOTTOM) {
    doc.addPage();
    doc.y = MARGIN;
  }
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text('Notes', MARGIN, doc.y);
  doc.moveDown(0.2);
  doc.font('Helvetica').fontSize(9.5).fillColor(INK).text(notes, MARGIN, doc.y, { width: CONTENT_WIDTH });
}
