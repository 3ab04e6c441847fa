import PDFDocument from 'pdfkit';
import { noAging, type StatementLine, type StatementModel } from '../../src/domain/aging';
import { PAGES_PER_TURN, renderPdf, TextRun } from '../../src/invoice/pdf-layout';
import { renderStatementPdf } from '../../src/invoice/render-statement-pdf';
import { type PdfTextItem, pdfTextItems } from '../support/pdf-text';

/**
 * The documents' text drawn without pdfkit's `doc.text` (TextRun, widths from glyph tables) must look exactly as
 * pdfkit draws it: the same glyphs at the same places, as a real PDF reader (PDF.js) finds them.
 */

// kerned pairs (AV, Yo, Tw, LT, r.), Latin-1 accents, WinAnsi's extras beyond Latin-1, figures and separators
const SAMPLES = [
  'AVATAR Yo Tw LT WAVE r. y, F.',
  'Café Ñandú · Zoë’s “Blinds” – €12',
  '$1,234,567.89',
  'Payment (check 2012341) · Order 7B3D4C1F',
  'Nov 30, 2026',
];

/** Each sample at its own row, left-aligned and right-aligned, in Helvetica and Helvetica-Bold at two sizes. */
function drawSamples(place: (doc: PDFKit.PDFDocument, text: string, x: number, y: number) => void) {
  return renderPdf({ Title: 'samples' }, (doc) => {
    let y = 60;
    for (const font of ['Helvetica', 'Helvetica-Bold']) {
      for (const size of [9, 11.5]) {
        doc.font(font).fontSize(size);
        for (const text of SAMPLES) {
          place(doc, text, 50, y);
          place(doc, text, 560 - doc.widthOfString(text), y + 14);
          y += 30;
        }
      }
    }
  });
}

/** Items with the font named by its order of appearance (a document's own font names differ between documents). */
function comparable(pages: PdfTextItem[][]) {
  const names = new Map<string, string>();
  return pages.map((items) =>
    items.map(({ text, x, y, width, font }) => {
      if (!names.has(font)) names.set(font, `font${names.size + 1}`);
      return { text, x: x.toFixed(3), y: y.toFixed(3), width: width.toFixed(3), font: names.get(font) };
    }),
  );
}

describe('Text drawn by the statement layout', () => {
  test('When cells are drawn by a TextRun, Then a PDF reader finds the same text at the same places as drawn by pdfkit', async () => {
    const byPdfkit = await drawSamples((doc, text, x, y) => doc.text(text, x, y, { lineBreak: false }));
    const byRun = await drawSamples((doc, text, x, y) => {
      const run = new TextRun(doc);
      run.add(text, x, y);
      run.end();
    });
    const expected = comparable(await pdfTextItems(byPdfkit));
    expect(expected[0]).toHaveLength(SAMPLES.length * 2 * 4);
    expect(comparable(await pdfTextItems(byRun))).toEqual(expected);
    // one text object for many cells: the page's content is a fraction of pdfkit's, one BT … ET per run
    const batched = await drawSamples((doc, text, x, y) => {
      const run = new TextRun(doc);
      run.add(text, x, y);
      run.add(text, x, y + 200);
      run.end();
    });
    expect(batched.length).toBeLessThan(byPdfkit.length * 1.5);
  });

  test('When a document measures text, Then its widths are pdfkit’s own to the last bit', async () => {
    const plain = new PDFDocument({ size: 'LETTER' });
    const measured: [string, number, number][] = [];
    await renderPdf({}, (doc) => {
      for (const font of ['Helvetica', 'Helvetica-Bold']) {
        for (const size of [8, 9, 24]) {
          doc.font(font).fontSize(size);
          plain.font(font).fontSize(size);
          for (const text of [...SAMPLES, '', 'x', '漢字 and emoji 🦌']) {
            measured.push([text, doc.widthOfString(text), plain.widthOfString(text)]);
          }
        }
      }
      // options the glyph tables leave to pdfkit
      measured.push([
        'spaced',
        doc.widthOfString('AV', { characterSpacing: 2 }),
        plain.widthOfString('AV', { characterSpacing: 2 }),
      ]);
    });
    plain.end();
    for (const [text, ours, pdfkits] of measured) expect({ text, width: ours }).toEqual({ text, width: pdfkits });
    expect(measured.find(([text]) => text === 'AVATAR Yo Tw LT WAVE r. y, F.')?.[1]).toBeGreaterThan(0);
  });
});

const ORDER_ID = 'ord-5f1c2e9a-7b3d4c1f';

function line(overrides: Partial<StatementLine>): StatementLine {
  return {
    kind: 'payment',
    at: new Date('2026-03-02T15:00:00Z'),
    date: '2026-03-02',
    order_id: ORDER_ID,
    order_number: '7B3D4C1F',
    po_number: null,
    payment_id: 'pay-1',
    description: 'Payment (card) · Order 7B3D4C1F',
    due_date: null,
    charge_cents: 0,
    payment_cents: 10_000,
    balance_cents: 0,
    ...overrides,
  };
}

function statement(lines: StatementLine[]): StatementModel {
  return {
    from: '2026-03-01',
    to: '2026-03-31',
    timeZone: 'America/Chicago',
    termsDays: 30,
    opening_cents: 0,
    charges_cents: 0,
    payments_cents: 0,
    closing_cents: 0,
    lines,
    aging: noAging(),
    open_invoices: [],
  };
}

const PARTY = { name: 'Ridge Line Blinds', lines: ['1 Factory Way', 'Austin, TX 78701'] };

describe('A statement PDF’s descriptions', () => {
  test('When a description is too wide for its column, Then it breaks between its parts, and a part too wide alone still wraps', async () => {
    const longPo = `PO ${'LONG-PURCHASE-ORDER-'.repeat(3)}END`;
    const pdf = await renderStatementPdf({
      statement: statement([
        line({ description: 'Payment (card) · Order 7B3D4C1F' }),
        line({ description: 'Payment (check 2012341) · Order 7B3D4C1F', payment_id: 'pay-2' }),
        line({ kind: 'order', payment_id: null, description: `Order 7B3D4C1F · ${longPo}`, charge_cents: 5_000 }),
      ]),
      company: PARTY,
      dealer: PARTY,
    });
    const [page] = await pdfTextItems(pdf);
    const texts = (page ?? []).map((item) => item.text);
    // fits: one line
    expect(texts).toContain('Payment (card) · Order 7B3D4C1F');
    // too wide: its two parts on two lines, the second one line below the first at the same x
    const first = page?.find((item) => item.text === 'Payment (check 2012341)');
    const second = page?.find((item) => item.text === 'Order 7B3D4C1F');
    expect(first).toBeDefined();
    expect(second?.x).toBeCloseTo(first?.x ?? Number.NaN, 3);
    expect((first?.y ?? 0) - (second?.y ?? 0)).toBeGreaterThan(9);
    expect((first?.y ?? 0) - (second?.y ?? 0)).toBeLessThan(12);
    // a part wider than the column: pdfkit's wrapper breaks it, and every character is still there
    expect(texts.join('').replace(/\s/g, '')).toContain(longPo.replace(/\s/g, ''));
  });
});

describe('A long statement PDF and the service around it', () => {
  test('When a statement of hundreds of pages renders, Then the event loop turns between its pages: other requests are answered meanwhile', async () => {
    const lines: StatementLine[] = [];
    for (let i = 0; i < 3_000; i++)
      lines.push(
        line({
          kind: i % 2 ? 'payment' : 'order',
          payment_id: i % 2 ? `pay-${i}` : null,
          description: i % 2 ? `Payment (check ${2_000_000 + i}) · Order 7B3D4C1F` : 'Order 7B3D4C1F',
          charge_cents: i % 2 ? 0 : 10_000,
          payment_cents: i % 2 ? 10_000 : 0,
        }),
      );
    // what else the service has to do: one turn of the event loop after another, counted
    let turns = 0;
    let rendering = true;
    const turn = () => {
      turns += 1;
      if (rendering) setImmediate(turn);
    };
    setImmediate(turn);
    const pdf = await renderStatementPdf({ statement: statement(lines), company: PARTY, dealer: PARTY });
    rendering = false;
    const pages = (await pdfTextItems(pdf)).length;
    expect(pages).toBeGreaterThan(100);
    // the layout is counted, then drawn: each pass lets the loop turn at least every PAGES_PER_TURN pages
    expect(turns).toBeGreaterThanOrEqual(Math.floor((2 * pages) / PAGES_PER_TURN));
  });
});
