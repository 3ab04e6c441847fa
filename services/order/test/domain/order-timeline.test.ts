import { orderTimeline, type TimelineFacts, type TimelineStep } from '../../src/domain/order-timeline';

const PLACED = '2026-03-01T15:00:00.000Z';
const CONFIRMED = '2026-03-02T16:00:00.000Z';
const ASSIGNED = '2026-03-03T13:00:00.000Z';
const DEPARTED = '2026-03-04T14:00:00.000Z';
const ETA = '2026-03-04T17:30:00.000Z';
const DELIVERED = '2026-03-04T17:45:00.000Z';

const facts = (fields: Partial<TimelineFacts> = {}): TimelineFacts => ({
  status: 'pending',
  created_at: PLACED,
  confirmed_at: null,
  cancelled_at: null,
  on_hold: false,
  hold_reason: null,
  hold_released_at: null,
  hold_release_note: null,
  delivered_at: null,
  delivered_to: null,
  with_signature: false,
  shipment: null,
  payments: [],
  ...fields,
});

const departed = { assigned_at: ASSIGNED, shipment_name: 'North Loop', departed_at: DEPARTED, eta_at: ETA };
/** kind:state of each step, the shape of the line at a glance */
const line = (steps: TimelineStep[]) => steps.map((step) => `${step.kind}:${step.state}`);

describe('order timeline: the delivery line', () => {
  test('When a new order is pending, Then placed is current and confirmation, truck and delivery are upcoming', () => {
    const steps = orderTimeline(facts());
    expect(line(steps)).toEqual(['placed:current', 'confirmed:upcoming', 'on_truck:upcoming', 'delivered:upcoming']);
    expect(steps[0]).toMatchObject({ at: PLACED, title: 'Order placed' });
    expect(steps[1]).toMatchObject({ at: null, title: 'Confirmation', detail: 'Waiting for confirmation' });
  });

  test('When it is confirmed, Then confirmed is current at its time and the truck is next', () => {
    const steps = orderTimeline(facts({ status: 'confirmed', confirmed_at: CONFIRMED }));
    expect(line(steps)).toEqual(['placed:done', 'confirmed:current', 'on_truck:upcoming', 'delivered:upcoming']);
    expect(steps[1]).toMatchObject({ at: CONFIRMED, title: 'Confirmed' });
  });

  test('When a shipment took it but the route has not left, Then it is scheduled for delivery since then', () => {
    const steps = orderTimeline(
      facts({
        status: 'in_shipment',
        confirmed_at: CONFIRMED,
        shipment: { assigned_at: ASSIGNED, shipment_name: null, departed_at: null, eta_at: null },
      }),
    );
    expect(line(steps)).toEqual(['placed:done', 'confirmed:done', 'on_truck:current', 'delivered:upcoming']);
    expect(steps[2]).toMatchObject({ at: ASSIGNED, title: 'Scheduled for delivery', eta_at: null });
  });

  test('When the route left, Then the order is on the truck with the route and its ETA, even while in_shipment', () => {
    for (const status of ['in_shipment', 'shipped'] as const) {
      const steps = orderTimeline(facts({ status, confirmed_at: CONFIRMED, shipment: departed }));
      expect(line(steps)).toEqual(['placed:done', 'confirmed:done', 'on_truck:current', 'delivered:upcoming']);
      expect(steps[2]).toMatchObject({ at: DEPARTED, title: 'On the truck', detail: 'Route North Loop', eta_at: ETA });
    }
  });

  test('When it is delivered with a proof, Then the line ends done: when, to whom, with a signature, and no ETA', () => {
    const steps = orderTimeline(
      facts({
        status: 'delivered',
        confirmed_at: CONFIRMED,
        shipment: departed,
        delivered_at: DELIVERED,
        delivered_to: ' Sam Yard ',
        with_signature: true,
      }),
    );
    expect(line(steps)).toEqual(['placed:done', 'confirmed:done', 'on_truck:done', 'delivered:done']);
    expect(steps[2]).toMatchObject({ eta_at: null });
    expect(steps[3]).toEqual({
      kind: 'delivered',
      state: 'done',
      at: DELIVERED,
      title: 'Delivered',
      detail: 'Received by Sam Yard',
      with_signature: true,
    });
  });

  test('When it was delivered without a proof or a shipment (a counter pickup), Then the steps are done without times', () => {
    const steps = orderTimeline(facts({ status: 'delivered', confirmed_at: CONFIRMED }));
    expect(line(steps)).toEqual(['placed:done', 'confirmed:done', 'on_truck:done', 'delivered:done']);
    expect(steps[2]).toMatchObject({ at: null, detail: null });
    expect(steps[3]).toMatchObject({ at: null, detail: null, with_signature: false });
  });

  test('When a confirmed order went back to pending, Then its old confirmation time does not count as confirmed', () => {
    expect(line(orderTimeline(facts({ status: 'pending', confirmed_at: CONFIRMED })))).toEqual([
      'placed:current',
      'confirmed:upcoming',
      'on_truck:upcoming',
      'delivered:upcoming',
    ]);
  });

  test('When an order was taken off its route (in_shipment back to confirmed), Then the old shipment is not shown', () => {
    const steps = orderTimeline(facts({ status: 'confirmed', confirmed_at: CONFIRMED, shipment: departed }));
    expect(line(steps)).toEqual(['placed:done', 'confirmed:current', 'on_truck:upcoming', 'delivered:upcoming']);
    expect(steps[2]).toMatchObject({ at: null, title: 'On a truck' });
  });
});

describe('order timeline: holds and cancellations', () => {
  test('When the order is on hold, Then the hold is current with its reason and confirmation waits for its release', () => {
    const steps = orderTimeline(facts({ on_hold: true, hold_reason: 'Over the credit limit of $1000.00' }));
    expect(line(steps)).toEqual([
      'placed:done',
      'on_hold:current',
      'confirmed:upcoming',
      'on_truck:upcoming',
      'delivered:upcoming',
    ]);
    expect(steps[1]).toMatchObject({ at: PLACED, detail: 'Over the credit limit of $1000.00' });
    expect(steps[2]).toMatchObject({ detail: 'Waiting for an administrator to release the hold' });
  });

  test('When the hold was released and the order confirmed, Then both hold steps stay in the line, with the note', () => {
    const released = '2026-03-02T09:00:00.000Z';
    const steps = orderTimeline(
      facts({
        status: 'confirmed',
        confirmed_at: CONFIRMED,
        hold_reason: 'Over the credit limit of $1000.00',
        hold_released_at: released,
        hold_release_note: 'Paid by phone',
      }),
    );
    expect(line(steps)).toEqual([
      'placed:done',
      'on_hold:done',
      'hold_released:done',
      'confirmed:current',
      'on_truck:upcoming',
      'delivered:upcoming',
    ]);
    expect(steps[2]).toMatchObject({ at: released, title: 'Hold released', detail: 'Paid by phone' });
  });

  test('When the order is cancelled, Then the cancellation ends the line: nothing upcoming', () => {
    const cancelled = '2026-03-03T10:00:00.000Z';
    const steps = orderTimeline(facts({ status: 'cancelled', confirmed_at: CONFIRMED, cancelled_at: cancelled }));
    expect(line(steps)).toEqual(['placed:done', 'confirmed:done', 'cancelled:done']);
    expect(steps[2]).toMatchObject({ at: cancelled, title: 'Cancelled' });
  });

  test('When a pending order is cancelled, Then it shows no confirmation', () => {
    expect(line(orderTimeline(facts({ status: 'cancelled', cancelled_at: CONFIRMED })))).toEqual([
      'placed:done',
      'cancelled:done',
    ]);
  });
});

describe('order timeline: payments', () => {
  test('When payments were recorded, Then each sits among the reached steps at its time, before what is upcoming', () => {
    const steps = orderTimeline(
      facts({
        status: 'in_shipment',
        confirmed_at: CONFIRMED,
        shipment: departed,
        payments: [
          // given out of time order: the timeline sorts them
          { created_at: '2026-03-05T10:00:00.000Z', amount_cents: 5_000, payment_method: 'cash', check_number: null },
          {
            created_at: '2026-03-02T17:00:00.000Z',
            amount_cents: 123_456,
            payment_method: 'check',
            check_number: '88',
          },
        ],
      }),
    );
    expect(line(steps)).toEqual([
      'placed:done',
      'confirmed:done',
      'payment:done',
      'on_truck:current',
      'payment:done',
      'delivered:upcoming',
    ]);
    expect(steps[2]).toEqual({
      kind: 'payment',
      state: 'done',
      at: '2026-03-02T17:00:00.000Z',
      title: 'Payment received',
      detail: '$1,234.56 by check #88',
      amount_cents: 123_456,
      payment_method: 'check',
    });
    expect(steps[4]).toMatchObject({ detail: '$50.00 by cash', amount_cents: 5_000 });
  });

  test('When a payment was recorded at the same instant as a step, Then it comes after that step', () => {
    const steps = orderTimeline(
      facts({
        status: 'confirmed',
        confirmed_at: CONFIRMED,
        payments: [{ created_at: CONFIRMED, amount_cents: 1, payment_method: 'other', check_number: null }],
      }),
    );
    expect(line(steps).slice(0, 3)).toEqual(['placed:done', 'confirmed:current', 'payment:done']);
    expect(steps[2]).toMatchObject({ detail: '$0.01 by other payment' });
  });

  test('When a cancelled order had a payment, Then the payment is still in its line', () => {
    const steps = orderTimeline(
      facts({
        status: 'cancelled',
        cancelled_at: '2026-03-06T00:00:00.000Z',
        payments: [{ created_at: CONFIRMED, amount_cents: 700, payment_method: 'card', check_number: null }],
      }),
    );
    expect(line(steps)).toEqual(['placed:done', 'payment:done', 'cancelled:done']);
  });
});
