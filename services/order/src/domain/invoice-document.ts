import { type CompanySettings, formatCents, type OrderStatus, type PaymentStatus } from '@portal/contracts';
import { formatDayAndTimeIn } from '@portal/platform';
import { lineTotalCents, orderTotalCents } from './order-lines';
import { orderNumber } from './order-status';
import type { OrderDealer, OrderRecord } from './order-view';
import { balanceCents, paymentStatus } from './payments';

/**
 * What an invoice says, every amount already written out: the layout model that the PDF renderer draws (and a
 * unit test reads). Built from the stored order (cents) and the company settings; no I/O, no float arithmetic.
 */
export interface InvoiceDocument {
  /** the order number: the last 8 characters of the order id, upper-cased */
  number: string;
  /** `invoice-<NUMBER>.pdf` */
  fileName: string;
  /** e.g. 'Jan 5, 2026' (the order's date in the system timezone: its formatted_date) */
  date: string;
  status: string;
  paymentStatus: string;
  /** the dealer's purchase order number, or null */
  poNumber: string | null;
  company: InvoiceParty;
  dealer: InvoiceParty;
  lines: InvoiceLine[];
  subtotal: string;
  tax: string;
  total: string;
  paid: string;
  balanceDue: string;
  /** the order's notes, only when asked for and present */
  notes: string | null;
  /** the driver's proof, when the order has one */
  delivery: InvoiceDelivery | null;
}

export interface InvoiceDelivery {
  /** 'Delivered on Nov 30, 2026 at 11:30 AM CST to Pat Dealer' (the day and time in the system timezone) */
  line: string;
  /** the signature drawn at delivery, PNG bytes, or null */
  signaturePng: Buffer | null;
}

/** A name and the lines under it (address, contact), blank ones left out. */
export interface InvoiceParty {
  name: string;
  lines: string[];
}

export interface InvoiceLine {
  description: string;
  quantity: string;
  unitPrice: string;
  total: string;
}

/** The company details an invoice shows (the public company settings). */
export type InvoiceCompany = Pick<
  CompanySettings,
  'company_name' | 'email' | 'phone' | 'address' | 'city' | 'state' | 'zip_code'
>;

/** Shown when the company settings are blank or cannot be read (the web shows the same placeholder). */
export const PLACEHOLDER_COMPANY_NAME = 'Your Company';

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  in_shipment: 'In Shipment',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  partially_paid: 'Partially Paid',
  fully_paid: 'Paid',
};

/** Cents as US dollars with thousands separators: 123456789 -> '$1,234,567.89', -5 -> '-$0.05'. */
export function formatDollars(cents: number): string {
  const text = formatCents(cents);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${fraction}`;
}

const filled = (...parts: (string | null | undefined)[]) =>
  parts.map((part) => part?.trim() ?? '').filter((part) => part.length > 0);

/** 'Austin, TX 78701' from whichever of the three are filled in. */
function cityLine(city: string | null | undefined, state: string | null | undefined, zip: string | null | undefined) {
  const place = filled(city).join('');
  const stateZip = filled(state, zip).join(' ');
  return filled(place && stateZip ? `${place},` : place, stateZip).join(' ');
}

export function invoiceCompany(company: InvoiceCompany | null): InvoiceParty {
  return {
    name: company?.company_name.trim() || PLACEHOLDER_COMPANY_NAME,
    lines: company
      ? filled(company.address, cityLine(company.city, company.state, company.zip_code), company.email, company.phone)
      : [],
  };
}

/** A dealer as a document shows it: business name (else contact, else its id), then contact, address, email, phone. */
export function dealerParty(dealerId: string, dealer: OrderDealer | null): InvoiceParty {
  const business = dealer?.business_name?.trim();
  const person = dealer?.full_name?.trim();
  return {
    name: business || person || `Dealer ${dealerId}`,
    lines: filled(
      business ? person : null,
      dealer?.address,
      cityLine(dealer?.city, dealer?.state, dealer?.zip_code),
      dealer?.email,
      dealer?.phone,
    ),
  };
}

const invoiceDealer = (order: OrderRecord): InvoiceParty => dealerParty(order.dealer_id, order.dealer);

/** A catalogue line shows its title; a custom line its description (its title when it has none). */
function lineDescription(line: OrderRecord['lines'][number]): string {
  const text = line.is_custom ? line.description || line.title : line.title;
  return text.trim() || '(no description)';
}

/** "Delivered on <day and time in `timeZone`> to <name>" (without a name: no "to"). */
export function deliveryLine(deliveredAt: string, deliveredTo: string | null, timeZone: string): string {
  const to = deliveredTo?.trim();
  return `Delivered on ${formatDayAndTimeIn(deliveredAt, timeZone)}${to ? ` to ${to}` : ''}`;
}

export interface InvoiceOptions {
  includeNotes: boolean;
  /** the system timezone: the delivery's day and time are shown in it */
  timeZone: string;
  /** the signature drawn at the order's delivery (findDeliverySignature) */
  signaturePng?: Buffer | null;
}

/**
 * The invoice of `order`: totals from the lines (tax $0.00, so total = subtotal), paid and balance from payments,
 * and the delivery line with its signature when the order was delivered with a proof.
 */
export function invoiceDocument(
  order: OrderRecord,
  company: InvoiceCompany | null,
  options: InvoiceOptions,
): InvoiceDocument {
  const number = orderNumber(order.order_id);
  const subtotal = orderTotalCents(order.lines);
  const taxCents = 0;
  const total = subtotal + taxCents;
  const paid = order.paid_cents;
  const notes = options.includeNotes ? order.notes?.trim() || null : null;
  return {
    number,
    fileName: `invoice-${number}.pdf`,
    date: order.formatted_date,
    status: STATUS_LABELS[order.status],
    paymentStatus: PAYMENT_STATUS_LABELS[paymentStatus(total, paid)],
    poNumber: order.po_number,
    company: invoiceCompany(company),
    dealer: invoiceDealer(order),
    lines: order.lines.map((line) => ({
      description: lineDescription(line),
      quantity: String(line.quantity),
      unitPrice: formatDollars(line.price_cents),
      total: formatDollars(lineTotalCents(line)),
    })),
    subtotal: formatDollars(subtotal),
    tax: formatDollars(taxCents),
    total: formatDollars(total),
    paid: formatDollars(paid),
    balanceDue: formatDollars(balanceCents(total, paid)),
    notes,
    delivery: order.delivered_at
      ? {
          line: deliveryLine(order.delivered_at, order.delivered_to, options.timeZone),
          signaturePng: options.signaturePng ?? null,
        }
      : null,
  };
}
