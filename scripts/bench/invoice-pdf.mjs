#!/usr/bin/env node
/**
 * Benchmark: the invoice PDF of a 50-line order, rendered by the order service's own code (the built
 * services/order/dist: the layout model of domain/invoice-document.js and the pdfkit renderer of
 * invoice/render-invoice-pdf.js) — what POST /api/admin/email-invoice and GET /api/admin/invoice-pdf/{order_id}
 * do besides reading the order. Renders the invoice BENCH_RENDERS times one after the other (after warm-up
 * renders, so the figures are the steady state of a running service) and prints p50/p95/max of the time from
 * the stored order to the PDF bytes. Target: p95 <= 50 ms. The PDF is checked once with a real PDF parser
 * (unpdf): it must hold the order number, the last line and the total, over more than one page.
 *
 *   node scripts/bench/invoice-pdf.mjs            (after `npx turbo run build`)
 * Settings (environment): BENCH_RENDERS (default 200), BENCH_WARMUP (default 20), BENCH_LINES (default 50).
 * Exits 1 when the target is missed. See docs/benchmarks.md for the last figures.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ORDER_DIST = path.join(REPO, 'services/order/dist');
const RENDERS = Number(process.env.BENCH_RENDERS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const LINES = Number(process.env.BENCH_LINES ?? 50);
const TARGET_P95_MS = 50;

const require = createRequire(import.meta.url);

function load() {
  try {
    return {
      ...require(path.join(ORDER_DIST, 'domain/invoice-document.js')),
      ...require(path.join(ORDER_DIST, 'invoice/render-invoice-pdf.js')),
    };
  } catch (err) {
    throw new Error(`the order service is not built (${err.message}): run \`npx turbo run build\` first`);
  }
}

/** A stored order as the order service reads it (cents), with realistic text: some titles wrap in the table. */
function fiftyLineOrder() {
  const lines = Array.from({ length: LINES }, (_, i) => ({
    product_id: i % 10 === 9 ? `custom_${i}` : `product-${i}`,
    title:
      i % 7 === 3
        ? `Hub Blind Deluxe ${i + 1}, 5-hub, blackout interior with shoot-through mesh windows and carry bag`
        : `Hub Blind ${i + 1}`,
    description: i % 10 === 9 ? `Custom fabric panel ${i + 1}` : null,
    quantity: (i % 4) + 1,
    price_cents: 24_999 + i * 101,
    is_custom: i % 10 === 9,
  }));
  const total = lines.reduce((sum, line) => sum + line.quantity * line.price_cents, 0);
  return {
    order_id: 'ord-bench-5f1c2e9a-7b3d4c1f',
    dealer_id: 'DBENCH01',
    status: 'confirmed',
    po_number: 'PO-2026-0147',
    notes: 'Deliver to the north barn; call the day before. Two pallets, forklift on site.',
    total_cents: total,
    paid_cents: 50_000,
    created_at: '2026-01-05T10:00:00.000Z',
    formatted_date: 'Jan 5, 2026',
    dealer: {
      business_name: 'Timber Ridge Outfitters',
      full_name: 'Pat Dealer',
      email: 'pat@timber-ridge.example',
      phone: '555-0100',
      address: '12 Oak Road',
      city: 'Waco',
      state: 'TX',
      zip_code: '76701',
    },
    lines,
    payments: [],
  };
}

const COMPANY = {
  company_name: 'Ridge Line Blinds',
  email: 'sales@ridgeline.example',
  phone: '555-0199',
  address: '1 Factory Way',
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function check(pdf, invoice) {
  // unpdf is the order service's dependency (its tests read the invoice PDFs), not the scripts'
  const fromOrder = createRequire(path.join(REPO, 'services/order/package.json'));
  const { extractText, getDocumentProxy } = await import(pathToFileURL(fromOrder.resolve('unpdf')).href);
  const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  const missing = [invoice.number, invoice.lines.at(-1).description, invoice.total].filter((t) => !text.includes(t));
  if (missing.length || totalPages < 2)
    throw new Error(`the PDF is wrong: ${totalPages} page(s), missing ${JSON.stringify(missing)}`);
  return totalPages;
}

async function main() {
  const { invoiceDocument, renderInvoicePdf } = load();
  const order = fiftyLineOrder();
  const render = async () => renderInvoicePdf(invoiceDocument(order, COMPANY, { includeNotes: true }));

  const first = process.hrtime.bigint();
  const pdf = await render();
  const firstMs = Number(process.hrtime.bigint() - first) / 1e6;
  const pages = await check(pdf, invoiceDocument(order, COMPANY, { includeNotes: true }));
  for (let i = 0; i < WARMUP; i++) await render();

  const times = [];
  for (let i = 0; i < RENDERS; i++) {
    const started = process.hrtime.bigint();
    await render();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const ok = p95 <= TARGET_P95_MS;
  console.log(`invoice PDF, ${LINES} lines (${pages} pages, ${(pdf.length / 1024).toFixed(1)} KB): ${RENDERS} renders`);
  console.log(`  first render (cold): ${firstMs.toFixed(1)} ms`);
  console.log(
    `  p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  max ${times.at(-1).toFixed(1)} ms  ` +
      `(target p95 <= ${TARGET_P95_MS} ms: ${ok ? 'met' : 'MISSED'})`,
  );
  return ok;
}

process.stdout.on('error', () => undefined);
main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
