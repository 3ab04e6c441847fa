import PDFDocument from 'pdfkit';
import type { InvoiceDelivery, InvoiceDocument, InvoiceParty } from '../domain/invoice-document';

/**
 * Draws an invoice (the layout model of domain/invoice-document.ts) as a US Letter PDF with pdfkit and its
 * built-in Helvetica (no font file is read): the company and 'INVOICE' with its number, date and status, the
 * dealer, a table of lines that continues on further pages with its header repeated, the totals, the delivery
 * line with its signature when the order was delivered with a proof, the notes when asked for, and 'Page N of M' at the foot of every page. Pure: no I/O beyond memory.
 */

const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 50;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** the lowest y the body may reach: the footer sits below it */
const BODY_BOTTOM = PAGE.height - MARGIN - 24;

const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const HEADER_FILL = '#f3f4f6';

/** The table's columns, left to right; amounts are right-aligned. */
const COLUMNS = [
  { key: 'description', label: 'Description', width: 262, align: 'left' },
  { key: 'quantity', label: 'Qty', width: 50, align: 'right' },
  { key: 'unitPrice', label: 'Unit Price', width: 100, align: 'right' },
  { key: 'total', label: 'Total', width: 100, align: 'right' },
] as const satisfies readonly { key: string; label: string; width: number; align: 'left' | 'right' }[];
const CELL_PAD = 5;
const TABLE_FONT_SIZE = 9.5;

type Doc = InstanceType<typeof PDFDocument>;

/** The characters beyond Latin-1 that the built-in fonts' encoding (WinAnsi) can show. */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/**
 * Text the built-in fonts can draw: a character outside their encoding (WinAnsi: Latin-1 and a few more, so
 * no CJK or emoji) becomes '?', rather than a wrong glyph; other control characters become spaces.
 */
export function drawableText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n') out += char;
    else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) out += ' ';
    else if (code < 0x100 || WIN_ANSI_EXTRAS.includes(char)) out += char;
    else out += '?';
  }
  return out;
}

/** Every text of the invoice made drawable. */
function drawable(invoice: InvoiceDocument): InvoiceDocument {
  const party = (p: InvoiceParty): InvoiceParty => ({ name: drawableText(p.name), lines: p.lines.map(drawableText) });
  return {
    ...invoice,
    company: party(invoice.company),
    dealer: party(invoice.dealer),
    lines: invoice.lines.map((line) => ({ ...line, description: drawableText(line.description) })),
    notes: invoice.notes === null ? null : drawableText(invoice.notes),
    poNumber: invoice.poNumber === null ? null : drawableText(invoice.poNumber),
    delivery: invoice.delivery && { ...invoice.delivery, line: drawableText(invoice.delivery.line) },
  };
}

/** The invoice as PDF bytes. */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const invoice = drawable(document);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Invoice ${invoice.number}`, Author: invoice.company.name, Subject: `Invoice ${invoice.number}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    drawHeader(doc, invoice);
    drawTable(doc, invoice);
    drawTotals(doc, invoice);
    if (invoice.delivery) drawDelivery(doc, invoice.delivery);
    if (invoice.notes) drawNotes(doc, invoice.notes);
    drawFooters(doc, invoice);
    doc.end();
  } catch (err) {
    doc.end();
    return Promise.reject(err);
  }
  return done;
}

function drawParty(doc: Doc, party: InvoiceParty, x: number, y: number, width: number, nameSize: number): number {
  doc.font('Helvetica-Bold').fontSize(nameSize).fillColor(INK).text(party.name, x, y, { width });
  doc.font('Helvetica').fontSize(9.5).fillColor(MUTED);
  for (const line of party.lines) doc.text(line, { width });
  return doc.y;
}

function drawHeader(doc: Doc, invoice: InvoiceDocument): void {
  const top = MARGIN;
  const leftWidth = 300;
  const companyBottom = drawParty(doc, invoice.company, MARGIN, top, leftWidth, 16);

  const rightX = MARGIN + leftWidth + 20;
  const rightWidth = CONTENT_WIDTH - leftWidth - 20;
  doc
    .font('Helvetica-Bold')
    .fontSize(24)
    .fillColor(INK)
    .text('INVOICE', rightX, top, { width: rightWidth, align: 'right' });
  const facts: [string, string][] = [
    ['Invoice #', invoice.number],
    ['Date', invoice.date],
    ['Status', invoice.status],
    ['Payment', invoice.paymentStatus],
    ...(invoice.poNumber ? [['PO #', invoice.poNumber] as [string, string]] : []),
  ];
  let factY = top + 34;
  for (const [label, value] of facts) {
    doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(label, rightX, factY, { width: 70, lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(value, rightX + 70, factY, { width: rightWidth - 70, align: 'right', lineBreak: false });
    factY += 14;
  }
  doc.y = factY;
  const factsBottom = doc.y;

  let y = Math.max(companyBottom, factsBottom) + 18;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  y += 12;
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(MUTED).text('BILL TO', MARGIN, y);
  drawParty(doc, invoice.dealer, MARGIN, doc.y + 2, 320, 11.5);
  doc.y += 16;
}

function drawTableHeader(doc: Doc, y: number): number {
  const height = 20;
  doc.rect(MARGIN, y, CONTENT_WIDTH, height).fill(HEADER_FILL);
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
  let x = MARGIN;
  for (const column of COLUMNS) {
    doc.text(column.label, x + CELL_PAD, y + 6, {
      width: column.width - 2 * CELL_PAD,
      align: column.align,
      lineBreak: false,
    });
    x += column.width;
  }
  return y + height;
}

function drawTable(doc: Doc, invoice: InvoiceDocument): void {
  let y = drawTableHeader(doc, doc.y);
  doc.font('Helvetica').fontSize(TABLE_FONT_SIZE);
  const descriptionWidth = COLUMNS[0].width - 2 * CELL_PAD;
  for (const line of invoice.lines) {
    const rowHeight = doc.heightOfString(line.description, { width: descriptionWidth }) + 2 * CELL_PAD;
    if (y + rowHeight > BODY_BOTTOM) {
      doc.addPage();
      y = drawTableHeader(doc, MARGIN);
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
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
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
      doc
        .moveTo(labelX, y - 3)
        .lineTo(MARGIN + CONTENT_WIDTH, y - 3)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
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

function drawFooters(doc: Doc, invoice: InvoiceDocument): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - MARGIN - 10;
    // the footer sits in the bottom margin: no automatic page break
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(`Invoice ${invoice.number} · ${invoice.company.name}`, MARGIN, y, { width: 300, lineBreak: false });
    doc.text(`Page ${i - start + 1} of ${count}`, MARGIN + CONTENT_WIDTH - 150, y, {
      width: 150,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = saved;
  }
}
