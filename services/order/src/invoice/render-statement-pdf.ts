import { AGING_BUCKET_LABELS, AGING_BUCKETS } from '@portal/contracts';
import { formatDayIn } from '@portal/platform';
import { DESCRIPTION_PART_SEPARATOR, type StatementModel } from '../domain/aging';
import { formatDollars, type InvoiceParty } from '../domain/invoice-document';
import {
  BODY_BOTTOM,
  CELL_PAD,
  CONTENT_WIDTH,
  type Doc,
  drawableParty,
  drawableText,
  drawDocumentHeader,
  drawFooter,
  drawPartyUnder,
  drawTableHeader,
  HEADER_FILL,
  INK,
  MARGIN,
  MUTED,
  nextTurn,
  PAGES_PER_TURN,
  RULE,
  renderPdf,
  TABLE_HEADER_HEIGHT,
  type TableColumn,
  TextRun,
} from './pdf-layout';

/**
 * Draws a dealer's statement (domain/aging.ts's StatementModel) with the invoice's page layout: the company and
 * 'STATEMENT' with the range and terms, the dealer, the balances, every entry with its running balance (a table
 * that continues on further pages with its header repeated), the closing balance, the aging boxes and the open
 * invoices with their due days, and 'Page N of M' at the foot of every page. Pure: no I/O beyond memory.
 *
 * A 24-month statement runs to hundreds of pages, so the body is laid out twice: first only counted (the page
 * breaks, without drawing), then drawn with each page's footer written before the next page is added. pdfkit then
 * writes each page out as it goes instead of buffering them all for the footers, which cost a quarter of the time.
 * Both passes let the event loop turn every PAGES_PER_TURN pages, so the service answers other requests meanwhile.
 */

export interface StatementPdfInput {
  statement: StatementModel;
  company: InvoiceParty;
  dealer: InvoiceParty;
}

/** A column of a statement table; only a `wraps` column (free text) may take more than one line. */
type StatementColumn = TableColumn & { wraps?: true };

// widths sum to the content width; days ('Nov 30, 2026') and amounts up to $9,999,999.99 fit on one line
const ENTRY_COLUMNS = [
  { key: 'date', label: 'Date', width: 66, align: 'left' },
  { key: 'description', label: 'Description', width: 158, align: 'left', wraps: true },
  { key: 'due', label: 'Due', width: 66, align: 'left' },
  { key: 'charge', label: 'Charge', width: 70, align: 'right' },
  { key: 'payment', label: 'Payment', width: 70, align: 'right' },
  { key: 'balance', label: 'Balance', width: 82, align: 'right' },
] as const satisfies readonly StatementColumn[];

const OPEN_COLUMNS = [
  { key: 'order', label: 'Order', width: 88, align: 'left', wraps: true },
  { key: 'placed', label: 'Placed', width: 66, align: 'left' },
  { key: 'due', label: 'Due', width: 66, align: 'left' },
  { key: 'days', label: 'Past due', width: 50, align: 'right' },
  { key: 'total', label: 'Total', width: 78, align: 'right' },
  { key: 'paid', label: 'Paid', width: 78, align: 'right' },
  { key: 'balance', label: 'Balance', width: 86, align: 'right' },
] as const satisfies readonly StatementColumn[];

type Row<C extends readonly StatementColumn[]> = Record<C[number]['key'], string>;

const TABLE_FONT_SIZE = 9;
/** the space above and below a row's text: a long statement stays readable at 42 rows a page */
const ROW_PAD = 3;

const dayLabels = new Map<string, string>();

/**
 * 'Nov 30, 2026' for a calendar day (a day has no zone: it is read at noon UTC and shown in UTC). Kept, as Intl's
 * formatting costs more than drawing the text and a long statement repeats its days thousands of times.
 */
function dayLabel(day: string): string {
  let label = dayLabels.get(day);
  if (label === undefined) {
    label = formatDayIn(`${day}T12:00:00Z`, 'UTC');
    if (dayLabels.size >= 10_000) dayLabels.clear();
    dayLabels.set(day, label);
  }
  return label;
}

/** The statement as PDF bytes. */
export function renderStatementPdf(input: StatementPdfInput): Promise<Buffer> {
  const company = drawableParty(input.company);
  const dealer = drawableParty(input.dealer);
  const { statement } = input;
  const range = `${dayLabel(statement.from)} – ${dayLabel(statement.to)}`;
  const footer = `Statement ${range} · ${company.name}`;
  const entries: readonly Entry[] = ['opening', ...statement.lines, 'closing'];
  return renderPdf(
    { Title: `Statement ${range}`, Author: company.name, Subject: `Statement for ${dealer.name}, ${range}` },
    async (doc) => {
      drawDocumentHeader(doc, company, 'STATEMENT', [
        ['From', dayLabel(statement.from)],
        ['To', dayLabel(statement.to)],
        ['Terms', `Net ${statement.termsDays} days`],
        ['Closing', formatDollars(statement.closing_cents)],
      ]);
      drawPartyUnder(doc, 'STATEMENT FOR', dealer);
      const body = async (flow: Flow) => {
        drawSummary(flow, statement);
        await drawEntries(flow, statement, entries);
        drawAging(flow, statement);
        await drawOpenInvoices(flow, statement);
      };
      const top = doc.y;
      const counted: Flow = { doc, y: top, page: 1, pages: 0, footer };
      await body(counted);
      const flow: Flow = { doc, y: top, page: 1, pages: counted.page, footer };
      await body(flow);
      drawFooter(doc, footer, flow.page, flow.pages);
    },
    { buffered: false },
  );
}

/**
 * Where the body is laid out: the page and the y on it. While `pages` is 0 the layout is only counted (nothing is
 * drawn: the same code finds the same page breaks); then it is drawn, knowing the page count for the footers.
 */
interface Flow {
  doc: Doc;
  y: number;
  page: number;
  pages: number;
  footer: string;
}

const drawing = (flow: Flow) => flow.pages > 0;

/** Ends the page (its footer) and starts the next one at the top margin. */
function newPage(flow: Flow): void {
  if (drawing(flow)) {
    drawFooter(flow.doc, flow.footer, flow.page, flow.pages);
    flow.doc.addPage();
  }
  flow.page += 1;
  flow.y = MARGIN;
}

/** Starts a new page when `height` does not fit below the flow's y. */
function keepTogether(flow: Flow, height: number): void {
  if (flow.y + height > BODY_BOTTOM) newPage(flow);
}

function drawSummary(flow: Flow, statement: StatementModel): void {
  const items: [string, string][] = [
    ['Opening balance', formatDollars(statement.opening_cents)],
    ['Charges', formatDollars(statement.charges_cents)],
    ['Payments', formatDollars(statement.payments_cents)],
    ['Closing balance', formatDollars(statement.closing_cents)],
  ];
  drawBoxes(flow, items);
}

/** A row of equal boxes, each a small label over an amount. */
function drawBoxes(flow: Flow, items: readonly (readonly [string, string])[]): void {
  const height = 40;
  keepTogether(flow, height + 12);
  const top = flow.y;
  flow.y = top + height + 14;
  if (!drawing(flow)) return;
  const { doc } = flow;
  const gap = 8;
  const width = (CONTENT_WIDTH - gap * (items.length - 1)) / items.length;
  items.forEach(([label, value], i) => {
    const x = MARGIN + i * (width + gap);
    doc.rect(x, top, width, height).lineWidth(0.5).fillAndStroke(HEADER_FILL, RULE);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(label, x + CELL_PAD, top + 6, { width: width - 2 * CELL_PAD, lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(value, x + CELL_PAD, top + 20, { width: width - 2 * CELL_PAD, align: 'right', lineBreak: false });
  });
}

/**
 * A table of `rows` (each drawn as `cellsOf` answers, bold when `strong`) from the flow's y: each row as tall as
 * its tallest cell; a row that does not fit starts a new page with the header repeated. Days and amounts always
 * fit their columns; free text that does not is broken between its parts (`partLines`). Every such line is drawn
 * at a computed x in the page's TextRun, without pdfkit's line wrapper, which costs more than the drawing (a
 * 24-month statement has thousands of rows); only a part too long for its column goes through the wrapper. A day
 * that repeats the row above on the same page is left blank, as ledgers do.
 */
async function drawTable<T, C extends readonly StatementColumn[]>(
  flow: Flow,
  columns: C,
  rows: readonly T[],
  cellsOf: (row: T) => { cells: Row<C>; strong?: boolean },
): Promise<void> {
  const { doc } = flow;
  const draw = drawing(flow);
  keepTogether(flow, TABLE_HEADER_HEIGHT + 2 * (TABLE_FONT_SIZE + 2 * ROW_PAD));
  // the rules under the rows are drawn as one path per page, after its text: one colour and stroke, not thousands
  let rules: number[] = [];
  // the page's cells, written together when the page's table ends
  const cellsText = new TextRun(doc);
  const drawRules = () => {
    if (!draw) return;
    cellsText.end();
    for (const ruleY of rules) doc.moveTo(MARGIN, ruleY).lineTo(MARGIN + CONTENT_WIDTH, ruleY);
    if (rules.length) doc.lineWidth(0.5).strokeColor(RULE).stroke();
    rules = [];
  };
  // the font and colour are set when they change (after a header, for a strong row), not for every row
  let strong: boolean | undefined;
  let lastDay = '';
  const startPage = (top: number) => {
    if (draw) {
      drawTableHeader(doc, columns, top);
      doc.fillColor(INK);
    }
    strong = undefined;
    lastDay = '';
    return top + TABLE_HEADER_HEIGHT;
  };
  let y = startPage(flow.y);
  for (const row of rows) {
    const { cells, strong: isStrong } = cellsOf(row);
    const rowStrong = isStrong === true;
    if (strong !== rowStrong) {
      doc.font(rowStrong ? 'Helvetica-Bold' : 'Helvetica').fontSize(TABLE_FONT_SIZE);
      strong = rowStrong;
    }
    const lineHeight = doc.currentLineHeight(true);
    // each cell's lines; undefined for one left to pdfkit's wrapper
    const lines = columns.map((column) => {
      const text = cells[column.key as keyof Row<C>];
      return column.wraps ? partLines(doc, text, column.width - 2 * CELL_PAD) : [text];
    });
    let textHeight = lineHeight;
    columns.forEach((column, i) => {
      const cell = lines[i];
      const height = cell
        ? cell.length * lineHeight
        : doc.heightOfString(cells[column.key as keyof Row<C>], { width: column.width - 2 * CELL_PAD });
      textHeight = Math.max(textHeight, height);
    });
    const height = textHeight + 2 * ROW_PAD;
    if (y + height > BODY_BOTTOM) {
      drawRules();
      newPage(flow);
      if (flow.page % PAGES_PER_TURN === 0) await nextTurn();
      y = startPage(flow.y);
      doc.font(rowStrong ? 'Helvetica-Bold' : 'Helvetica').fontSize(TABLE_FONT_SIZE);
      strong = rowStrong;
    }
    if (draw) {
      let x = MARGIN;
      columns.forEach((column, i) => {
        const text = cells[column.key as keyof Row<C>];
        const repeated = column.key === 'date' && text === lastDay;
        if (column.key === 'date') lastDay = text;
        const width = column.width - 2 * CELL_PAD;
        const cell = lines[i];
        if (text === '' || repeated) {
          // nothing to draw (a payment's empty charge, the same day as the row above)
        } else if (cell) {
          cell.forEach((line, n) => {
            const left = column.align === 'right' ? x + CELL_PAD + width - doc.widthOfString(line) : x + CELL_PAD;
            cellsText.add(line, left, y + ROW_PAD + n * lineHeight);
          });
        } else doc.text(text, x + CELL_PAD, y + ROW_PAD, { width, align: column.align });
        x += column.width;
      });
    }
    y += height;
    rules.push(y);
  }
  drawRules();
  flow.y = y + 14;
}

/**
 * The lines of a free-text cell `width` wide: the text when it fits on one; otherwise its parts (a description's,
 * split at DESCRIPTION_PART_SEPARATOR) gathered into as few lines as fit, each line breaking between two parts,
 * never inside one. Undefined when a part alone is too wide or the text has a line break of its own: pdfkit's
 * wrapper breaks it.
 */
function partLines(doc: Doc, text: string, width: number): string[] | undefined {
  if (text.includes('\n')) return undefined;
  if (doc.widthOfString(text) <= width) return [text];
  const lines: string[] = [];
  for (const part of text.split(DESCRIPTION_PART_SEPARATOR)) {
    const last = lines.length - 1;
    const joined = last >= 0 ? `${lines[last]}${DESCRIPTION_PART_SEPARATOR}${part}` : '';
    if (last >= 0 && doc.widthOfString(joined) <= width) lines[last] = joined;
    else if (doc.widthOfString(part) <= width) lines.push(part);
    else return undefined;
  }
  return lines;
}

/** A row of the activity table: the opening line, an entry, the closing line. */
type Entry = 'opening' | StatementModel['lines'][number] | 'closing';

function drawEntries(flow: Flow, statement: StatementModel, entries: readonly Entry[]): Promise<void> {
  drawHeading(flow, 'Activity');
  const money = (cents: number) => (cents === 0 ? '' : formatDollars(cents));
  return drawTable(flow, ENTRY_COLUMNS, entries, (entry) => {
    if (entry === 'opening')
      return {
        cells: {
          date: dayLabel(statement.from),
          description: 'Opening balance',
          due: '',
          charge: '',
          payment: '',
          balance: formatDollars(statement.opening_cents),
        },
        strong: true,
      };
    if (entry === 'closing')
      return {
        cells: {
          date: dayLabel(statement.to),
          description: 'Closing balance',
          due: '',
          charge: formatDollars(statement.charges_cents),
          payment: formatDollars(statement.payments_cents),
          balance: formatDollars(statement.closing_cents),
        },
        strong: true,
      };
    return {
      cells: {
        date: dayLabel(entry.date),
        description: drawableText(entry.description),
        due: entry.due_date ? dayLabel(entry.due_date) : '',
        charge: money(entry.charge_cents),
        payment: money(entry.payment_cents),
        balance: formatDollars(entry.balance_cents),
      },
    };
  });
}

function drawAging(flow: Flow, statement: StatementModel): void {
  keepTogether(flow, 80);
  drawHeading(flow, `Aging as of ${dayLabel(statement.to)}`);
  drawBoxes(
    flow,
    AGING_BUCKETS.map((bucket) => [AGING_BUCKET_LABELS[bucket], formatDollars(statement.aging[bucket])] as const),
  );
}

async function drawOpenInvoices(flow: Flow, statement: StatementModel): Promise<void> {
  keepTogether(flow, 80);
  drawHeading(flow, 'Open invoices');
  if (statement.open_invoices.length === 0) {
    if (drawing(flow))
      flow.doc
        .font('Helvetica')
        .fontSize(9.5)
        .fillColor(MUTED)
        .text('Nothing is unpaid.', MARGIN, flow.y, { lineBreak: false });
    return;
  }
  await drawTable(flow, OPEN_COLUMNS, statement.open_invoices, (invoice) => ({
    cells: {
      order: drawableText(
        invoice.po_number
          ? `${invoice.order_number}${DESCRIPTION_PART_SEPARATOR}PO ${invoice.po_number}`
          : invoice.order_number,
      ),
      placed: dayLabel(invoice.placed_date),
      due: invoice.due_date ? dayLabel(invoice.due_date) : 'Not yet due',
      days: String(invoice.days_past_due),
      total: formatDollars(invoice.total_cents),
      paid: formatDollars(invoice.paid_cents),
      balance: formatDollars(invoice.balance_cents),
    },
  }));
}

function drawHeading(flow: Flow, text: string): void {
  keepTogether(flow, 40);
  const { doc } = flow;
  doc.font('Helvetica-Bold').fontSize(11);
  if (drawing(flow)) doc.fillColor(INK).text(text, MARGIN, flow.y, { lineBreak: false });
  flow.y += doc.currentLineHeight(true) + 4;
}
