/**
 * all-orders and dealer-orders in pages (issue 18): keyset pages that concatenate to the unpaged answer for
 * every sort, filters and the text search, the totals, the 400s, and the CSV export of the filtered orders.
 */
import { DealerCreated, DealerUpdated, type SystemTimezone, TimezoneChanged } from '@portal/contracts';
import { isoDayIn } from '@portal/platform';
import { newDealerSnapshot } from '@portal/platform/testing';
import { startOrders, type TestOrders } from './support/orders';

type ListedOrder = {
  order_id: string;
  order_number: string;
  dealer_id: string;
  created_at: string;
  status: string;
  payment_status: string;
  total_value: number;
  total_paid: number;
  balance: number;
  dealer_business_name: string | null;
  dealer_full_name: string | null;
  dealer_email: string | null;
  dealer_city: string | null;
  dealer_info: { business_name: string | null; email: string | null };
  product_details: { quantity: number }[];
  po_number: string | null;
};

let t: TestOrders;
const dealers: { id: string; business_name: string; full_name: string; email: string; city: string }[] = [];
beforeAll(async () => {
  t = await startOrders('order_lists');
  const names = [
    { business_name: 'Acorn Outfitters', full_name: 'Wendy Marsh', email: 'wendy@acorn.example', city: 'Missoula' },
    { business_name: 'Bluff Blinds', full_name: 'Otto Krane', email: 'otto@bluff.example', city: 'Duluth' },
    { business_name: '=HYPERLINK("x")', full_name: 'Quinn "Q" Vale', email: 'q@vale.example', city: 'Tulsa' },
    { business_name: 'Acorn Outfitters', full_name: 'Sam Reed', email: 'sam@reed.example', city: 'Boise' },
  ];
  for (const fields of names) {
    const snapshot = newDealerSnapshot({ ...fields, phone: '555-0100', state: 'MT' });
    await t.deliver(DealerCreated, snapshot.dealer_id, snapshot);
    dealers.push({ id: snapshot.dealer_id, ...fields });
  }
  const cheap = await t.newProduct({ price_cents: 1000 });
  const dear = await t.newProduct({ price_cents: 12345 });
  const statuses = ['pending', 'confirmed', 'in_shipment', 'shipped', 'delivered', 'cancelled'] as const;
  // 24 orders: every status, totals that tie, dealers that share a name
  for (let i = 0; i < 24; i++) {
    const dealer = dealers[i % dealers.length]!;
    const res = await t
      .api()
      .post('/api/admin/create-order')
      .set(t.admin)
      .send({
        dealer_id: dealer.id,
        status: statuses[i % statuses.length],
        product_details: [{ product_id: (i % 3 === 0 ? dear : cheap).product_id, quantity: 1 + (i % 4) }],
      });
    expect(res.status).toBe(200);
  }
  const all = await unpaged('/api/admin/all-orders');
  // payments: some partly paid, some fully paid (not on cancelled orders)
  const payable = all.filter((o) => o.status !== 'cancelled');
  for (const [i, order] of payable.slice(0, 8).entries()) {
    const amount = i % 2 === 0 ? order.total_value : 5;
    const res = await t
      .api()
      .post('/api/admin/record-payment')
      .set(t.admin)
      .send({ order_id: order.order_id, payment_method: 'cash', amount });
    expect(res.status).toBe(200);
  }
  // times that tie (the order id breaks them) and that straddle a day in Chicago: 2025-03-04 00:00 CST is 06:00Z
  const times = ['2025-03-04T05:30:00Z', '2025-03-04T06:30:00Z', '2025-03-04T06:30:00Z', '2025-03-05T05:59:59.999Z'];
  const ids = all.map((o) => o.order_id);
  await db().query(
    `UPDATE orders SET created_at = CASE WHEN i <= 4 THEN ($2::timestamptz[])[i] ELSE '2025-01-01T12:00:00Z'::timestamptz + i * interval '1 hour' END
     FROM unnest($1::text[]) WITH ORDINALITY AS x(id, i) WHERE orders.order_id = x.id`,
    [ids, times],
  );
});
afterAll(() => t?.stop());

const db = () => t.orders.service.ctx.db;

const get = (path: string, query: Record<string, string | number> = {}, auth = t.admin) =>
  t.api().get(path).query(query).set(auth);

async function unpaged(path: string, query: Record<string, string> = {}): Promise<ListedOrder[]> {
  const res = await get(path, query);
  expect(res.status).toBe(200);
  expect(res.body).not.toHaveProperty('next_cursor');
  expect(res.body).not.toHaveProperty('total');
  return res.body.orders;
}

/** Every page of the list, in order, checking that each page carries the same total. */
async function pages(path: string, query: Record<string, string>, limit: number): Promise<ListedOrder[]> {
  const rows: ListedOrder[] = [];
  let cursor: string | undefined;
  let total: number | undefined;
  for (let n = 0; n < 100; n++) {
    const res = await get(path, { ...query, limit, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.orders.length).toBeLessThanOrEqual(limit);
    total ??= res.body.total;
    expect(res.body.total).toBe(total);
    rows.push(...res.body.orders);
    cursor = res.body.next_cursor;
    if (cursor === null) break;
  }
  expect(rows.length).toBe(total);
  return rows;
}

const SORTS = ['created_at', 'total_value', 'dealer_business_name', 'status'].flatMap((s) => [s, `-${s}`]);
const ids = (orders: readonly ListedOrder[]) => orders.map((o) => o.order_id);

describe('paging', () => {
  test('When no parameter is given, Then every order arrives newest first (the order id breaking ties), with no page fields', async () => {
    const all = await unpaged('/api/admin/all-orders');
    expect(all).toHaveLength(24);
    const expected = [...all].sort(
      (a, b) => b.created_at.localeCompare(a.created_at) || (a.order_id < b.order_id ? 1 : -1),
    );
    expect(ids(all)).toEqual(ids(expected));
  });

  test('When every sort is read in pages of 1, 5 and 200, Then the pages concatenate to the unpaged answer of that sort', async () => {
    for (const sort of SORTS) {
      const whole = await unpaged('/api/admin/all-orders', { sort });
      expect(whole).toHaveLength(24);
      for (const limit of [1, 5, 200]) expect(await pages('/api/admin/all-orders', { sort }, limit)).toEqual(whole);
    }
    const dealerId = dealers[0]!.id;
    for (const sort of SORTS) {
      const whole = await unpaged(`/api/admin/dealer-orders/${dealerId}`, { sort });
      expect(whole.length).toBe(6);
      expect(whole.every((o) => o.dealer_id === dealerId)).toBe(true);
      expect(await pages(`/api/admin/dealer-orders/${dealerId}`, { sort }, 4)).toEqual(whole);
    }
  });

  test('When a sort is asked for, Then the rows come in that column’s order', async () => {
    const byTotal = await unpaged('/api/admin/all-orders', { sort: 'total_value' });
    expect(byTotal.map((o) => o.total_value)).toEqual([...byTotal.map((o) => o.total_value)].sort((a, b) => a - b));
    const byStatus = await unpaged('/api/admin/all-orders', { sort: '-status' });
    expect(byStatus.map((o) => o.status)).toEqual([...byStatus.map((o) => o.status)].sort().reverse());
    const byName = await unpaged('/api/admin/all-orders', { sort: 'dealer_business_name' });
    const names = byName.map((o) => o.dealer_business_name ?? '');
    // in the database's collation
    const sorted: { name: string }[] = await db().query('SELECT name FROM unnest($1::text[]) AS name ORDER BY name', [
      names,
    ]);
    expect(names).toEqual(sorted.map((row) => row.name));
  });

  test('When orders are created or changed between two page reads, Then no order that existed is repeated or skipped', async () => {
    for (const sort of ['-created_at', 'total_value', 'status']) {
      const before = await unpaged('/api/admin/all-orders', { sort });
      const first = await get('/api/admin/all-orders', { sort, limit: 5 });
      expect(first.status).toBe(200);
      const product = await t.newProduct({ price_cents: 1500 });
      for (const dealer of dealers.slice(0, 2)) {
        const created = await t
          .api()
          .post('/api/admin/create-order')
          .set(t.admin)
          .send({ dealer_id: dealer.id, product_details: [{ product_id: product.product_id, quantity: 1 }] });
        expect(created.status).toBe(200);
      }
      const rest: ListedOrder[] = [];
      let cursor: string | null = first.body.next_cursor;
      while (cursor) {
        const res = await get('/api/admin/all-orders', { sort, limit: 5, cursor });
        expect(res.status).toBe(200);
        rest.push(...res.body.orders);
        cursor = res.body.next_cursor;
      }
      const seen = ids([...first.body.orders, ...rest]);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of ids(before)) expect(seen).toContain(id);
    }
    // the orders made here leave the fixture for the other tests
    await db().query(
      `DELETE FROM orders WHERE order_id NOT IN (SELECT order_id FROM orders ORDER BY created_at LIMIT 24)`,
    );
    expect(await unpaged('/api/admin/all-orders')).toHaveLength(24);
  });
});

describe('filters and search', () => {
  const filtered = async (query: Record<string, string>, expected: (o: ListedOrder) => boolean) => {
    const all = await unpaged('/api/admin/all-orders');
    const want = all.filter(expected);
    expect(want.length).toBeGreaterThan(0);
    const got = await unpaged('/api/admin/all-orders', query);
    expect(ids(got)).toEqual(ids(want));
    expect(await pages('/api/admin/all-orders', query, 2)).toEqual(got);
    return got;
  };

  test('When status is filtered (in_shipment, delivered, or a list), Then exactly those orders, with their total', async () => {
    await filtered({ status: 'in_shipment' }, (o) => o.status === 'in_shipment');
    await filtered({ status: 'delivered' }, (o) => o.status === 'delivered');
    await filtered({ status: 'pending,cancelled,delivered' }, (o) =>
      ['pending', 'cancelled', 'delivered'].includes(o.status),
    );
  });

  test('When payment_status is filtered, alone or with a status, Then exactly those orders', async () => {
    await filtered({ payment_status: 'partially_paid' }, (o) => o.payment_status === 'partially_paid');
    await filtered({ payment_status: 'unpaid,fully_paid' }, (o) => o.payment_status !== 'partially_paid');
    const got = await filtered(
      { payment_status: 'fully_paid', status: 'pending,confirmed,in_shipment' },
      (o) => o.payment_status === 'fully_paid' && ['pending', 'confirmed', 'in_shipment'].includes(o.status),
    );
    expect(got.length).toBeGreaterThan(0);
  });

  test('When an order is paid or its status changes, Then the totals of the status filters follow at once', async () => {
    const total = async (query: Record<string, string>) =>
      (await get('/api/admin/all-orders', { ...query, limit: 1 })).body.total;
    const [pendingBefore, unpaidBefore, allBefore] = [
      await total({ status: 'pending' }),
      await total({ payment_status: 'unpaid' }),
      await total({}),
    ];
    const order = (await unpaged('/api/admin/all-orders', { status: 'pending', payment_status: 'unpaid' }))[0]!;
    expect(
      (await t.api().put(`/api/admin/update-order/${order.order_id}`).set(t.admin).send({ status: 'confirmed' }))
        .status,
    ).toBe(200);
    expect(await total({ status: 'pending' })).toBe(pendingBefore - 1);
    const paid = await t
      .api()
      .post('/api/admin/record-payment')
      .set(t.admin)
      .send({ order_id: order.order_id, payment_method: 'card', amount: 1 });
    expect(paid.status).toBe(200);
    expect(await total({ payment_status: 'unpaid' })).toBe(unpaidBefore - 1);
    expect(await total({})).toBe(allBefore);
    const all = await unpaged('/api/admin/all-orders');
    expect(await total({ status: 'pending' })).toBe(all.filter((o) => o.status === 'pending').length);
    expect(await total({ payment_status: 'partially_paid', status: 'confirmed' })).toBe(
      all.filter((o) => o.payment_status === 'partially_paid' && o.status === 'confirmed').length,
    );
  });

  test('When dealer_id is given, Then only its orders; on dealer-orders the path’s dealer bounds it', async () => {
    const [a, b] = [dealers[1]!.id, dealers[2]!.id];
    await filtered({ dealer_id: a }, (o) => o.dealer_id === a);
    expect(await unpaged(`/api/admin/dealer-orders/${a}`, { dealer_id: b })).toEqual([]);
    const own = await get(`/api/admin/dealer-orders/${a}`, { status: 'delivered,shipped' }, t.dealerToken(a));
    expect(own.status).toBe(200);
    expect(
      own.body.orders.every((o: ListedOrder) => o.dealer_id === a && ['delivered', 'shipped'].includes(o.status)),
    ).toBe(true);
    expect((await get(`/api/admin/dealer-orders/${b}`, { limit: 5 }, t.dealerToken(a))).status).toBe(403);
  });

  /** identity announces a system timezone; the order service's read model keeps it */
  const announceTimezone = (system_timezone: SystemTimezone) =>
    t.deliver(TimezoneChanged, 'system_timezone', { system_timezone });

  test('When from/to are given, Then days are counted in the system timezone (Chicago by default), both inclusive', async () => {
    // 05:30Z on 4 March is still 3 March in Chicago; 06:30Z is 4 March; 05:59:59.999Z on 5 March is 4 March
    const fourthOfMarch = async () =>
      (await unpaged('/api/admin/all-orders', { from: '2025-03-04', to: '2025-03-04' }))
        .map((o) => o.created_at)
        .sort();
    const chicagoDay = ['2025-03-04T06:30:00.000Z', '2025-03-04T06:30:00.000Z', '2025-03-05T05:59:59.999Z'];
    expect(await fourthOfMarch()).toEqual(chicagoDay); // nothing announced yet: the contract's default
    await announceTimezone('America/Chicago');
    expect(await fourthOfMarch()).toEqual(chicagoDay);
    const third = await unpaged('/api/admin/all-orders', { to: '2025-03-03' });
    expect(third.map((o) => o.created_at)).toContain('2025-03-04T05:30:00.000Z');
    expect(third.every((o) => o.created_at < '2025-03-04T06:00:00.000Z')).toBe(true);
    await filtered({ from: '2025-03-04' }, (o) => o.created_at >= '2025-03-04T06:00:00.000Z');
    expect(await unpaged('/api/admin/all-orders', { from: '2025-03-06', to: '2025-03-05' })).toEqual([]);
  });

  test('When identity announces another timezone, Then a dealer’s and a delivery user’s from/to count days in it', async () => {
    const inDay = (o: ListedOrder, start: string, end: string) => o.created_at >= start && o.created_at < end;
    // 4 March in New York (EST) is 05:00Z on 4 March to 05:00Z on 5 March; in Chicago 06:00Z to 06:00Z
    const newYork = ['2025-03-04T05:00:00.000Z', '2025-03-05T05:00:00.000Z'] as const;
    const chicago = ['2025-03-04T06:00:00.000Z', '2025-03-05T06:00:00.000Z'] as const;
    const dayOf = (auth: Record<string, string>, path: string) =>
      get(path, { from: '2025-03-04', to: '2025-03-04' }, auth);
    try {
      await announceTimezone('America/New_York');
      const seen: string[] = [];
      for (const dealer of dealers) {
        const path = `/api/admin/dealer-orders/${dealer.id}`;
        const own = await unpaged(path);
        const res = await dayOf(t.dealerToken(dealer.id), path);
        expect(res.status).toBe(200);
        expect(ids(res.body.orders)).toEqual(ids(own.filter((o) => inDay(o, ...newYork))));
        seen.push(...res.body.orders.map((o: ListedOrder) => o.created_at));
      }
      // 05:30Z on 4 March is 4 March in New York (not in Chicago); 05:59:59.999Z on 5 March is 5 March
      expect(seen.sort()).toEqual(['2025-03-04T05:30:00.000Z', '2025-03-04T06:30:00.000Z', '2025-03-04T06:30:00.000Z']);
      const delivery = await dayOf(t.delivery, '/api/admin/all-orders');
      expect(delivery.status).toBe(200);
      expect(delivery.body.orders.map((o: ListedOrder) => o.created_at).sort()).toEqual(seen);

      await announceTimezone('America/Chicago');
      const back = await dayOf(t.delivery, '/api/admin/all-orders');
      const all = await unpaged('/api/admin/all-orders');
      expect(ids(back.body.orders)).toEqual(ids(all.filter((o) => inDay(o, ...chicago))));
    } finally {
      await announceTimezone('America/Chicago'); // the other tests count days in Chicago
    }
  });

  test('When q is an order number, a business name, a contact name, an email or a city, Then the orders that hold it (any case)', async () => {
    const all = await unpaged('/api/admin/all-orders');
    const one = all[3]!;
    await filtered({ q: one.order_number.toLowerCase() }, (o) => o.order_id === one.order_id);
    await filtered({ q: 'acorn outf' }, (o) => o.dealer_business_name === 'Acorn Outfitters');
    await filtered({ q: 'KRANE' }, (o) => o.dealer_full_name === 'Otto Krane');
    await filtered({ q: 'sam@reed.exa' }, (o) => o.dealer_email === 'sam@reed.example');
    await filtered({ q: 'Missoula' }, (o) => o.dealer_city === 'Missoula');
    await filtered({ q: '"Q"' }, (o) => o.dealer_full_name === 'Quinn "Q" Vale');
    await filtered(
      { q: 'tulsa', status: 'delivered,in_shipment,pending' },
      (o) => o.dealer_city === 'Tulsa' && ['delivered', 'in_shipment', 'pending'].includes(o.status),
    );
    // % and _ are text, not wildcards; a search never spans two fields
    expect(await unpaged('/api/admin/all-orders', { q: '%' })).toEqual([]);
    expect(await unpaged('/api/admin/all-orders', { q: 'Outfitters Wendy' })).toEqual([]);
  });

  test('When a dealer is renamed, Then the search and the name sort find it by its new name', async () => {
    const dealer = dealers[1]!;
    const renamed = newDealerSnapshot({ ...dealer, dealer_id: dealer.id, business_name: 'Zenith Hides' });
    await t.deliver(DealerUpdated, dealer.id, renamed);
    const found = await unpaged('/api/admin/all-orders', { q: 'zenith' });
    expect(found.length).toBe(6);
    expect(found.every((o) => o.dealer_id === dealer.id)).toBe(true);
    expect(await unpaged('/api/admin/all-orders', { q: 'Bluff Blinds' })).toEqual([]);
    const byName = await get('/api/admin/all-orders', { sort: '-dealer_business_name', limit: 6 });
    expect(byName.body.orders.every((o: ListedOrder) => o.dealer_business_name === 'Zenith Hides')).toBe(true);
  });
});

describe('bad parameters', () => {
  test('When a parameter is unknown or malformed, Then 400 with a detail that names it', async () => {
    const first = await get('/api/admin/all-orders', { limit: 2 });
    const cases: [Record<string, string>, string][] = [
      [{ limit: '0' }, 'limit'],
      [{ limit: '201' }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ limit: '2.5' }, 'limit'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ cursor: first.body.next_cursor, sort: 'total_value' }, 'cursor'],
      [{ cursor: first.body.next_cursor, status: 'pending' }, 'cursor'],
      [{ sort: 'order_id' }, 'sort'],
      [{ sort: '+created_at' }, 'sort'],
      [{ status: 'lost' }, 'status'],
      [{ status: 'pending,lost' }, 'status'],
      [{ payment_status: 'paid' }, 'payment_status'],
      [{ dealer_id: '   ' }, 'dealer_id'],
      [{ from: '2025-02-30' }, 'from'],
      [{ to: '04/03/2025' }, 'to'],
      [{ q: 'x'.repeat(201) }, 'q'],
      [{ page: '2' }, 'page'],
    ];
    for (const [query, name] of cases) {
      for (const path of ['/api/admin/all-orders', `/api/admin/dealer-orders/${dealers[0]!.id}`]) {
        const res = await get(path, query);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
        expect(String(res.body.detail)).toContain(name);
      }
    }
  });
});

describe('CSV export', () => {
  /** The web's own export of these orders (web/src/csv/writeCsv.ts, features/orders/orderCsv.ts), as the oracle. */
  function webCsv(orders: readonly ListedOrder[]): string {
    const cell = (value: string | number) => {
      const text = String(value);
      const inert = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
      return `"${inert.replace(/"/g, '""')}"`;
    };
    const money = (dollars: number) => dollars.toFixed(2);
    const labels: Record<string, string> = { unpaid: 'UNPAID', partially_paid: 'PARTIAL', fully_paid: 'PAID' };
    const header = [
      'Order ID',
      'Order Date',
      'Dealer',
      'Dealer Email',
      'Items',
      'Total',
      'Paid',
      'Balance',
      'Status',
      'Payment',
      'PO Number',
    ];
    const rows = orders.map((o) => [
      o.order_number,
      isoDayIn(o.created_at, 'America/Chicago'), // the system timezone, as the other tests leave it
      o.dealer_business_name?.trim() || o.dealer_full_name?.trim() || o.dealer_email?.trim() || o.dealer_id,
      o.dealer_email ?? '',
      o.product_details.reduce((sum, line) => sum + line.quantity, 0),
      money(o.total_value),
      money(o.total_paid),
      money(o.balance),
      o.status.toUpperCase(),
      labels[o.payment_status]!,
      o.po_number ?? '',
    ]);
    return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
  }

  const exportCsv = (query: Record<string, string>, auth = t.admin) =>
    t
      .api()
      .get('/api/admin/all-orders/export')
      .query(query)
      .set(auth)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      });

  test('When the admin exports with filters, search and sort, Then a streamed CSV attachment holds every match and only those, as the web writes it', async () => {
    const queries: Record<string, string>[] = [
      {},
      { status: 'delivered,in_shipment', sort: 'total_value' },
      { q: 'acorn', from: '2025-01-01', payment_status: 'unpaid,partially_paid', sort: '-dealer_business_name' },
      { q: 'no such dealer anywhere' },
    ];
    for (const query of queries) {
      const res = await exportCsv(query);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.headers['transfer-encoding']).toBe('chunked'); // streamed: no length known up front
      expect(res.headers['content-length']).toBeUndefined();
      const listed = await unpaged('/api/admin/all-orders', query);
      expect(res.body).toBe(webCsv(listed));
    }
  });

  test('When a dealer name starts with =, Then its cell opens as text (a leading apostrophe)', async () => {
    const res = await exportCsv({ q: 'HYPERLINK' });
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
  });

  test('When the export is asked with a page, a bad filter, or by a dealer or delivery user, Then 400 or 403', async () => {
    const bad = await t.api().get('/api/admin/all-orders/export').query({ limit: 5 }).set(t.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('limit');
    const badStatus = await t.api().get('/api/admin/all-orders/export').query({ status: 'lost' }).set(t.admin);
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.detail).toContain('status');
    expect((await t.api().get('/api/admin/all-orders/export').set(t.delivery)).status).toBe(403);
    expect((await t.api().get('/api/admin/all-orders/export').set(t.dealerToken(dealers[0]!.id))).status).toBe(403);
    expect((await t.api().get('/api/admin/all-orders/export')).status).toBe(401);
  });
});
