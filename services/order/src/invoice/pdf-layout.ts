import PDFDocument from 'pdfkit';
import type { InvoiceParty } from '../domain/invoice-document';

/**
 * The page layout the order service's documents share (the invoice and the statement): US Letter with pdfkit's
 * built-in Helvetica (no font file is read), the same margins, colours, party blocks, table headers and
 * 'Page N of M' footers. Pure: no I/O beyond memory.
 */

export const PAGE = { width: 612, height: 792 } as const;
export const MARGIN = 50;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** the lowest y the body may reach: the footer sits below it */
export const BODY_BOTTOM = PAGE.height - MARGIN - 24;

export const INK = '#1f2937';
export const MUTED = '#6b7280';
export const RULE = '#d1d5db';
export const HEADER_FILL = '#f3f4f6';
export const CELL_PAD = 5;

export type Doc = InstanceType<typeof PDFDocument>;

/** A table column; amounts are right-aligned. */
export interface TableColumn<K extends string = string> {
  key: K;
  label: string;
  width: number;
  align: 'left' | 'right';
}

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

export const drawableParty = (p: InvoiceParty): InvoiceParty => ({
  name: drawableText(p.name),
  lines: p.lines.map(drawableText),
});

/**
 * A document drawn by `draw` as PDF bytes. Pages are buffered, so `drawFooters` can draw on every page at the end,
 * unless `buffered` is false: then each page is written out when the next one is added (a long document keeps less
 * in memory and spends less on garbage collection), and `draw` must draw each page's footer (`drawFooter`) before
 * it adds the next page.
 */
export function renderPdf(
  info: PDFKit.DocumentInfo,
  draw: (doc: Doc) => void,
  { buffered = true }: { buffered?: boolean } = {},
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, bufferPages: buffered, info });
  measureOnce(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    draw(doc);
    doc.end();
  } catch (err) {
    doc.end();
    return Promise.reject(err);
  }
  return done;
}

/**
 * Makes `doc` measure each string once per font and size. pdfkit measures every string it draws twice (to place
 * it and to move past it) and a right-aligned cell is measured once more to place it, each a walk over its
 * glyphs and kerning pairs: that walk was most of the time of a long statement, whose dates and amounts repeat.
 * Only plain measurements (no character spacing, scaling or font features) are kept, and only for this document.
 */
function measureOnce(doc: Doc): void {
  const measure = doc.widthOfString.bind(doc);
  // pdfkit keeps the current font and size in these fields; they key the kept widths
  const current = doc as unknown as { _font: object; _fontSize: number };
  const widths = new Map<object, Map<number, Map<string, number>>>();
  doc.widthOfString = (text, options) => {
    const plain =
      options === undefined ||
      (!options.characterSpacing &&
        !options.features &&
        ((options as { horizontalScaling?: number }).horizontalScaling ?? 100) === 100);
    // a pdfkit that keeps them elsewhere gets no memo rather than one width per string for every font
    const known = typeof current._font === 'object' && current._font !== null && typeof current._fontSize === 'number';
    if (!plain || !known || typeof text !== 'string') return measure(text, options);
    let bySize = widths.get(current._font);
    if (bySize === undefined) {
      bySize = new Map();
      widths.set(current._font, bySize);
    }
    let byText = bySize.get(current._fontSize);
    if (byText === undefined) {
      byText = new Map();
      bySize.set(current._fontSize, byText);
    }
    let width = byText.get(text);
    if (width === undefined) {
      width = measure(text, options);
      byText.set(text, width);
    }
    return width;
  };
}

export function drawParty(
  doc: Doc,
  party: InvoiceParty,
  x: number,
  y: number,
  width: number,
  nameSize: number,
): number {
  doc.font('Helvetica-Bold').fontSize(nameSize).fillColor(INK).text(party.name, x, y, { width });
  doc.font('Helvetica').fontSize(9.5).fillColor(MUTED);
  for (const line of party.lines) doc.text(line, { width });
  return doc.y;
}

/**
 * The top of a document: the company on the left; on the right the document's title and its facts (label, value);
 * then a rule. Leaves doc.y below the rule.
 */
export function drawDocumentHeader(
  doc: Doc,
  company: InvoiceParty,
  title: string,
  facts: readonly (readonly [string, string])[],
): void {
  const top = MARGIN;
  const leftWidth = 300;
  const companyBottom = drawParty(doc, company, MARGIN, top, leftWidth, 16);

  const rightX = MARGIN + leftWidth + 20;
  const rightWidth = CONTENT_WIDTH - leftWidth - 20;
  doc
    .font('Helvetica-Bold')
    .fontSize(24)
    .fillColor(INK)
    .text(title, rightX, top, { width: rightWidth, align: 'right' });
  let factY = top + 34;
  for (const [label, value] of facts) {
    doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(label, rightX, factY, { width: 70, lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(value, rightX + 70, factY, { width: rightWidth - 70, align: 'right', lineBreak: false });
    factY += 14;
  }
  const y = Math.max(companyBottom, factY) + 18;
  drawRule(doc, y, 1);
  doc.y = y + 12;
}

/** A party under a small caption ('BILL TO') at doc.y; leaves doc.y a gap below it. */
export function drawPartyUnder(doc: Doc, caption: string, party: InvoiceParty): void {
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(MUTED).text(caption, MARGIN, doc.y);
  drawParty(doc, party, MARGIN, doc.y + 2, 320, 11.5);
  doc.y += 16;
}

/** A thin horizontal rule across the content (or from `x`). */
export function drawRule(doc: Doc, y: number, width = 0.5, x = MARGIN): void {
  doc
    .moveTo(x, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(width)
    .strokeColor(RULE)
    .stroke();
}

export const TABLE_HEADER_HEIGHT = 20;

/** The shaded header row of a table at `y`; answers the y below it (`TABLE_HEADER_HEIGHT` lower). */
export function drawTableHeader(doc: Doc, columns: readonly TableColumn[], y: number): number {
  const height = TABLE_HEADER_HEIGHT;
  doc.rect(MARGIN, y, CONTENT_WIDTH, height).fill(HEADER_FILL);
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
  let x = MARGIN;
  for (const column of columns) {
    doc.text(column.label, x + CELL_PAD, y + 6, {
      width: column.width - 2 * CELL_PAD,
      align: column.align,
      lineBreak: false,
    });
    x += column.width;
  }
  return y + height;
}

/** `label` and 'Page N of M' at the foot of every page (of a buffered document). */
export function drawFooters(doc: Doc, label: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    drawFooter(doc, label, i - start + 1, count);
  }
}

/** `label` and 'Page `page` of `pages`' at the foot of the current page. */
export function drawFooter(doc: Doc, label: string, page: number, pages: number): void {
  const y = PAGE.height - MARGIN - 10;
  // the footer sits in the bottom margin: no automatic page break
  const saved = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  doc.text(label, MARGIN, y, { width: 300, lineBreak: false });
  doc.text(`Page ${page} of ${pages}`, MARGIN + CONTENT_WIDTH - 150, y, {
    width: 150,
    align: 'right',
    lineBreak: false,
  });
  doc.page.margins.bottom = saved;
}
