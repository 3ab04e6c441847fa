import { deliveryLine, formatDollars, invoiceDocument } from '../../src/domain/invoice-document';
import { invoiceMail } from '../../src/domain/invoice-mail';
import type { OrderRecord } from '../../src/domain/order-view';
import { drawableText } from '../../src/invoice/render-invoice-pdf';

const COMPANY = {
  company_name: 'Ridge Line Blinds',
  email: 'sales@ridgeline.example',
  phone: '555-0199',
  address: '1 Factory Way',
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
};

const ZONE = 'America/Chicago';

function order(overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    order_id: 'ord-5f1c2e9a-7b3d4c1f',
    dealer_id: 'D1',
    status: 'pending',
    notes: 'Leave at the gate',
    total_cents: 53043,
    paid_cents: 0,
    created_at: '2026-01-05T10:00:00.000Z',
    delivered_at: null,
    delivered_to: null,
    po_number: null,
    confirmed_at: null,
    on_hold: false,
    hold_reason: null,
    hold_released_at: null,
    hold_release_note: null,
    formatted_date: 'Jan 5, 2026',
    dealer: {
      business_name: 'Timber Blinds',
      full_name: 'Pat Dealer',
      email: 'pat@timber.example',
      phone: '555-0100',
      address: '12 Oak Rd',
      city: 'Waco',
      state: 'TX',
      zip_code: '76701',
    },
    lines: [
      { product_id: 'p1', title: 'Hub Blind', description: null, quantity: 2, price_cents: 24999, is_custom: false },
      {
        product_id: 'custom_1',
        title: 'Chair',
        description: 'Blind Chair, camo',
        quantity: 3,
        price_cents: 1015,
        is_custom: true,
      },
    ],
    payments: [],
    ...overrides,
  };
}

describe('the delivery on the invoice', () => {
  const SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');

  test('When the order was delivered with a proof, Then the invoice says when (system timezone) and to whom, with the signature', () => {
    const delivered = order({
      status: 'delivered',
      delivered_at: '2026-01-07T21:05:00.000Z',
      delivered_to: 'Sam Yard',
    });
    const invoice = invoiceDocument(delivered, COMPANY, {
      includeNotes: false,
      timeZone: ZONE,
      signaturePng: SIGNATURE,
    });
    // 21:05 UTC is 3:05 PM in Chicago (CST in January)
    expect(invoice.delivery).toEqual({
      line: 'Delivered on Jan 7, 2026 at 3:05 PM CST to Sam Yard',
      signaturePng: SIGNATURE,
    });
    expect(invoice.status).toBe('Delivered');
  });

  test('When the day differs between UTC and the system timezone, Then the system timezone decides (and daylight saving shows)', () => {
    expect(deliveryLine('2026-07-01T03:30:00.000Z', 'Sam', ZONE)).toBe(
      'Delivered on Jun 30, 2026 at 10:30 PM CDT to Sam',
    );
    expect(deliveryLine('2026-07-01T03:30:00.000Z', 'Sam', 'UTC')).toBe(
      'Delivered on Jul 1, 2026 at 3:30 AM UTC to Sam',
    );
  });

  test('When the proof has no recipient name, Then the line says only when; without a signature none is drawn', () => {
    const delivered = order({ status: 'delivered', delivered_at: '2026-01-07T21:05:00.000Z', delivered_to: null });
    expect(invoiceDocument(delivered, COMPANY, { includeNotes: false, timeZone: ZONE }).delivery).toEqual({
      line: 'Delivered on Jan 7, 2026 at 3:05 PM CST',
      signaturePng: null,
    });
  });

  test('When the order has no delivery (or it was undone), Then the invoice has no delivery line, even if a signature is passed', () => {
    expect(
      invoiceDocument(order({ status: 'shipped' }), COMPANY, {
        includeNotes: false,
        timeZone: ZONE,
        signaturePng: SIGNATURE,
      }).delivery,
    ).toBeNull();
  });
});

describe('the invoice document', () => {
  test('When an order is invoiced, Then its number is the last 8 characters of its id, upper-cased, and names the file', () => {
    const invoice = invoiceDocument(order(), COMPANY, { includeNotes: false, timeZone: ZONE });

    expect(invoice.number).toBe('7B3D4C1F');
    expect(invoice.fileName).toBe('invoice-7B3D4C1F.pdf');
    expect(invoice.date).toBe('Jan 5, 2026');
    expect(invoice.status).toBe('Pending');
  });

  test('When lines are priced in cents, Then line totals, subtotal, tax $0.00 and total are exact', () => {
    const invoice = invoiceDocument(order(), COMPANY, { includeNotes: false, timeZone: ZONE });

    expect(invoice.lines).toEqual([
      { description: 'Hub Blind', quantity: '2', unitPrice: '$249.99', total: '$499.98' },
      { description: 'Blind Chair, camo', quantity: '3', unitPrice: '$10.15', total: '$30.45' },
    ]);
    expect(invoice).toMatchObject({ subtotal: '$530.43', tax: '$0.00', total: '$530.43' });
  });

  test('When part is paid, Then paid and balance due follow (integer cents, no float drift)', () => {
    const lines = [
      { product_id: 'a', title: 'A', description: null, quantity: 3, price_cents: 10, is_custom: false },
      { product_id: 'b', title: 'B', description: null, quantity: 1, price_cents: 20, is_custom: false },
    ];
    // 0.1 × 3 + 0.2 is 0.5000000000000001 in floats
    const invoice = invoiceDocument(order({ lines, paid_cents: 10 }), COMPANY, { includeNotes: false, timeZone: ZONE });

    expect(invoice).toMatchObject({
      total: '$0.50',
      paid: '$0.10',
      balanceDue: '$0.40',
      paymentStatus: 'Partially Paid',
    });
  });

  test('When a payment covers the balance, Then the invoice says Paid with $0.00 due', () => {
    const invoice = invoiceDocument(order({ paid_cents: 53043 }), COMPANY, { includeNotes: false, timeZone: ZONE });

    expect(invoice).toMatchObject({ paid: '$530.43', balanceDue: '$0.00', paymentStatus: 'Paid' });
  });

  test('When include_notes is false, Then no notes; when true, Then the notes (blank notes are none)', () => {
    expect(invoiceDocument(order(), COMPANY, { includeNotes: false, timeZone: ZONE }).notes).toBeNull();
    expect(invoiceDocument(order(), COMPANY, { includeNotes: true, timeZone: ZONE }).notes).toBe('Leave at the gate');
    expect(invoiceDocument(order({ notes: '  ' }), COMPANY, { includeNotes: true, timeZone: ZONE }).notes).toBeNull();
  });

  test('When the company and dealer are known, Then their name, address, email and phone are shown, blanks left out', () => {
    const invoice = invoiceDocument(order(), { ...COMPANY, phone: '' }, { includeNotes: false, timeZone: ZONE });

    expect(invoice.company).toEqual({
      name: 'Ridge Line Blinds',
      lines: ['1 Factory Way', 'Austin, TX 78701', 'sales@ridgeline.example'],
    });
    expect(invoice.dealer).toEqual({
      name: 'Timber Blinds',
      lines: ['Pat Dealer', '12 Oak Rd', 'Waco, TX 76701', 'pat@timber.example', '555-0100'],
    });
  });

  test('When the company settings are unknown or blank, Then the placeholder name; a dealer never announced shows its id', () => {
    expect(invoiceDocument(order(), null, { includeNotes: false, timeZone: ZONE }).company).toEqual({
      name: 'Your Company',
      lines: [],
    });
    const blank = { ...COMPANY, company_name: ' ', address: '', city: '', state: '', zip_code: '' };
    expect(invoiceDocument(order(), blank, { includeNotes: false, timeZone: ZONE }).company.name).toBe('Your Company');
    expect(invoiceDocument(order({ dealer: null }), COMPANY, { includeNotes: false, timeZone: ZONE }).dealer).toEqual({
      name: 'Dealer D1',
      lines: [],
    });
  });

  test('When the mail is written, Then its subject names the invoice number and company, on one line', () => {
    const mail = invoiceMail(
      invoiceDocument(order(), { ...COMPANY, company_name: 'Ridge\nLine' }, { includeNotes: false, timeZone: ZONE }),
    );

    expect(mail.subject).toBe('Invoice 7B3D4C1F from Ridge Line');
    expect(mail.text).toContain('Total: $530.43');
    expect(mail.text).toContain('Balance due: $530.43');
  });
});

describe('formatDollars', () => {
  test.each<[number, string]>([
    [0, '$0.00'],
    [5, '$0.05'],
    [99999, '$999.99'],
    [100000, '$1,000.00'],
    [123456789, '$1,234,567.89'],
    [999_999_999_999, '$9,999,999,999.99'],
    [-5, '-$0.05'],
    [-123456, '-$1,234.56'],
  ])('When %p cents are shown, Then %p', (cents, text) => {
    expect(formatDollars(cents)).toBe(text);
  });

  test('When the amount is not whole cents, Then it throws', () => {
    expect(() => formatDollars(1.5)).toThrow(/integer/);
  });
});

describe('drawableText', () => {
  test('When text has characters the built-in PDF fonts cannot draw, Then they become ? (Latin-1, € and dashes stay)', () => {
    expect(drawableText('Café — 5 € “ok” 漢字 🦌')).toBe('Café — 5 € “ok” ?? ?');
    expect(drawableText('line one\nline\ttwo\r')).toBe('line one\nline two ');
  });
});
