import type { Order } from '@portal/contracts';
import { orderFigures } from '../../src/features/dealer-portal/orderFigures';

function order(status: Order['status'], total_value: number, total_paid: number): Order {
  return {
    order_id: `order-${status}-${total_value}`,
    order_number: 'ABCDEFGH',
    dealer_id: 'dealer-1',
    created_at: '2026-11-01T10:00:00.000Z',
    formatted_date: 'November 1, 2026',
    status,
    payment_status: total_paid === 0 ? 'unpaid' : total_paid < total_value ? 'partially_paid' : 'fully_paid',
    total_value,
    total_paid,
    balance: total_value - total_paid,
    payments: [],
    notes: null,
    dealer_business_name: 'Ridge Outfitters',
    dealer_full_name: null,
    dealer_email: null,
    dealer_city: null,
    dealer_state: null,
    dealer_info: { business_name: 'Ridge Outfitters', city: null, state: null, email: null, phone: null },
    product_details: [],
  };
}

describe('Given a dealer’s orders, When the Overview sums them', () => {
  test('Then delivered and cancelled orders are not open, and a cancelled order owes nothing', () => {
    const figures = orderFigures([
      order('pending', 100.1, 0),
      order('shipped', 50, 20.2),
      order('delivered', 10, 10),
      order('cancelled', 999, 0),
    ]);
    expect(figures).toEqual({ orders: 4, open: 2, balanceDueCents: 10010 + 2980 });
  });

  test('Then cents stay exact where float dollars would drift (0.1 + 0.2), and an overpayment lowers nothing', () => {
    const figures = orderFigures([order('pending', 0.1, 0), order('pending', 0.2, 0), order('confirmed', 5, 6)]);
    expect(figures.balanceDueCents).toBe(30);
  });

  test('Then no orders give zeros', () => {
    expect(orderFigures([])).toEqual({ orders: 0, open: 0, balanceDueCents: 0 });
  });
});
