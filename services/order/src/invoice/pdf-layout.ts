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
 * How many pages a long document draws before it lets the event loop turn (`nextTurn`): rendering is CPU work in
 * the service's one thread, and a 300-page statement would otherwise hold every other request for its whole time.
 */
export const PAGES_PER_TURN = 16;

/** Resolves after the event loop has turned once: what waits (other requests, timers, I/O) runs first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A document drawn by `draw` as PDF bytes. Pages are buffered, so `drawFooters` can draw on every page at the end,
 * unless `buffered` is false: then each page is written out when the next one is added (a long document keeps less
 * in memory and spends less on garbage collection), and `draw` must draw each page's footer (`drawFooter`) before
 * it adds the next page. `draw` may be async (a long document awaits `nextTurn` between pages).
 */
export async function renderPdf(
  info: PDFKit.DocumentInfo,
  draw: (doc: Doc) => void | Promise<void>,
  { buffered = true }: { buffered?: boolean } = {},
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, bufferPages: buffered, info });
  measureByGlyphs(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    await draw(doc);
  } finally {
    doc.end();
  }
  return done;
}

type Encode = (text: string) => [string[], { xAdvance: number; advanceWidth: number }[]];

/** What the layout reads of pdfkit's document beyond its public API: the current font and size. */
interface PdfkitText {
  _font?: { id?: unknown; ascender?: unknown; ref?: () => unknown; encode?: Encode };
  _fontSize?: unknown;
}

/** A number as pdfkit writes it into a content stream (at most six decimals). */
const pdfNumber = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * A built-in font's glyphs (code in hex, width) by character and its kerning by pair of characters, each asked of
 * the font's own `encode` once. pdfkit measures and encodes every string glyph by glyph, looking each width and
 * each pair's kerning up by name (a string built per pair): for a long statement that was a quarter of its time.
 * A built-in font has one glyph per character and kerns by pairs only, so a string's glyphs and kerning are its
 * characters' and its pairs'. Widths and kerning are in thousandths of the font size.
 */
class GlyphTable {
  /** Latin-1's glyphs by code, and their pairs' kerning by left × 256 + right: NaN until asked */
  private readonly latinHex: string[] = [];
  private readonly latinWidths = new Float64Array(256).fill(Number.NaN);
  private readonly latinKerns = new Float64Array(256 * 256).fill(Number.NaN);
  /** the few other characters the fonts draw (WinAnsi's dashes, quotes, euro…) */
  private readonly others = new Map<number, { hex: string; width: number }>();
  private readonly otherKerns = new Map<string, number>();

  constructor(private readonly encode: Encode) {}

  /** the glyph of the character with UTF-16 code `code`, in hex */
  hex(code: number): string {
    if (code < 256) {
      if (Number.isNaN(this.latinWidths[code])) this.learn(code);
      return this.latinHex[code] as string;
    }
    return this.other(code).hex;
  }

  /** the width of the glyph of the character with UTF-16 code `code` */
  width(code: number): number {
    if (code < 256) {
      const width = this.latinWidths[code] as number;
      return Number.isNaN(width) ? this.learn(code) : width;
    }
    return this.other(code).width;
  }

  /** the kerning of `left` before `right` (negative brings them closer) */
  kern(left: number, right: number): number {
    if (left < 256 && right < 256) {
      const pair = left * 256 + right;
      let kern = this.latinKerns[pair] as number;
      if (Number.isNaN(kern)) {
        kern = this.pairKern(left, right);
        this.latinKerns[pair] = kern;
      }
      return kern;
    }
    const pair = `${left},${right}`;
    let kern = this.otherKerns.get(pair);
    if (kern === undefined) {
      kern = this.pairKern(left, right);
      this.otherKerns.set(pair, kern);
    }
    return kern;
  }

  /** the advance of `text`: its glyphs' widths and its pairs' kerning, added in order as pdfkit adds them */
  advance(text: string): number {
    let width = 0;
    const last = text.length - 1;
    for (let i = 0; i <= last; i++) {
      const code = text.charCodeAt(i);
      width += this.width(code) + (i < last ? this.kern(code, text.charCodeAt(i + 1)) : 0);
    }
    return width;
  }

  private glyphOf(code: number): { hex: string; width: number } {
    const [hex, [position]] = this.encode(String.fromCharCode(code));
    return { hex: hex.join(''), width: position?.advanceWidth ?? 0 };
  }

  private learn(code: number): number {
    const { hex, width } = this.glyphOf(code);
    this.latinHex[code] = hex;
    this.latinWidths[code] = width;
    return width;
  }

  private other(code: number): { hex: string; width: number } {
    let glyph = this.others.get(code);
    if (glyph === undefined) {
      glyph = this.glyphOf(code);
      this.others.set(code, glyph);
    }
    return glyph;
  }

  private pairKern(left: number, right: number): number {
    const [, [first]] = this.encode(String.fromCharCode(left, right));
    return first ? first.xAdvance - first.advanceWidth : 0;
  }
}

const glyphTables = new WeakMap<object, GlyphTable>();

/**
 * The document's current font, size and their glyph table; undefined where pdfkit keeps its font elsewhere than
 * this expects (another version): then the layout uses pdfkit's own measuring and drawing.
 */
function currentFont(doc: Doc) {
  const { _font: font, _fontSize: size } = doc as unknown as PdfkitText;
  if (
    typeof font?.id !== 'string' ||
    typeof font.ascender !== 'number' ||
    typeof font.ref !== 'function' ||
    typeof font.encode !== 'function' ||
    typeof size !== 'number'
  )
    return undefined;
  let glyphs = glyphTables.get(font);
  if (glyphs === undefined) {
    glyphs = new GlyphTable(font.encode.bind(font));
    glyphTables.set(font, glyphs);
  }
  return { id: font.id, ascender: font.ascender, ref: font.ref.bind(font), size, glyphs };
}

/**
 * Makes `doc` measure strings by its fonts' glyph tables: the same widths as pdfkit's (the same figures added in
 * the same order), without its per-glyph lookups by name. pdfkit measures every string it draws twice (to place it
 * and to move past it), a right-aligned one once more and a wrapped one word by word. Only plain measurements (no
 * character spacing, scaling or font features) are taken over.
 */
function measureByGlyphs(doc: Doc): void {
  const measure = doc.widthOfString.bind(doc);
  doc.widthOfString = (text, options) => {
    const plain =
      options === undefined ||
      (!options.characterSpacing &&
        !options.features &&
        ((options as { horizontalScaling?: number }).horizontalScaling ?? 100) === 100);
    const font = plain && typeof text === 'string' ? currentFont(doc) : undefined;
    if (font === undefined) return measure(text, options);
    // scaled as pdfkit scales it (by 100 %), so the width is the same to the last bit
    return (font.glyphs.advance(text) * (font.size / 1000) * 100) / 100;
  };
}

/**
 * Single-line texts of one page in pdfkit's built-in fonts, written as one PDF text object (BT … ET) by one
 * addContent, in the fill colour current when they are written (`end`). pdfkit's `doc.text` writes a save, a
 * transform, BT, Tm, Tf, TJ, ET and a restore for every text, each operator its own buffer: for the thousands of
 * cells of a long statement that was most of its time. The glyphs, advances and kerning are the font's own (as
 * `doc.text` draws them), so the page looks the same. Where pdfkit keeps its font elsewhere than this expects
 * (another version), each text is drawn by `doc.text`.
 */
export class TextRun {
  private readonly ops: string[] = [];
  private fontId: string | undefined;
  private fontSize: number | undefined;

  constructor(private readonly doc: Doc) {}

  /** `text` on one line (no line break) with its top left at (x, y), in the document's current font and size. */
  add(text: string, x: number, y: number): void {
    const font = currentFont(this.doc);
    if (font === undefined) {
      this.doc.text(text, x, y, { lineBreak: false });
      return;
    }
    if (text === '') return;
    if (font.id !== this.fontId || font.size !== this.fontSize) {
      const fonts = this.doc.page.fonts as Record<string, unknown>;
      fonts[font.id] ??= font.ref();
      this.ops.push(`/${font.id} ${pdfNumber(font.size)} Tf`);
      this.fontId = font.id;
      this.fontSize = font.size;
    }
    // pdfkit's coordinates run down from the top left; the text object's up from the bottom left, at the baseline
    const baseline = this.doc.page.height - y - (font.ascender / 1000) * font.size;
    // the glyphs in runs; a kerned pair ends a run with its adjustment (positive moves the next glyph left)
    let shown = `1 0 0 1 ${pdfNumber(x)} ${pdfNumber(baseline)} Tm\n[<`;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      shown += font.glyphs.hex(code);
      const kern = i + 1 < text.length ? font.glyphs.kern(code, text.charCodeAt(i + 1)) : 0;
      if (kern !== 0) shown += `> ${pdfNumber(-kern)} <`;
    }
    this.ops.push(`${shown}>] TJ`);
  }

  /** Writes the texts added since the last end to the current page: call it before the page ends. */
  end(): void {
    if (this.ops.length === 0) return;
    const height = pdfNumber(this.doc.page.height);
    this.doc.addContent(`q\n1 0 0 -1 0 ${height} cm\nBT\n${this.ops.join('\n')}\nET\nQ`);
    this.ops.length = 0;
    this.fontId = undefined;
    this.fontSize = undefined;
  }
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
