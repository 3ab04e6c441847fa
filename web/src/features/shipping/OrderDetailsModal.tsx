import { formatCents } from '../../format/money';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { useDateFormat } from '../company/useDateFormat';
import { StatusBadge } from '../orders/OrderBadges';
import type { OrderDetailsView } from './orderDetails';

const cents = (dollars: number) => Math.round(dollars * 100);

/** An order's details, read-only: its dealer and where it goes, its lines and total, and its notes. */
export function OrderDetailsModal({ order, onClose }: { order: OrderDetailsView | null; onClose: () => void }) {
  const dates = useDateFormat();
  return (
    <Modal
      open={order !== null}
      title={order ? `Order #${order.order_number}` : 'Order'}
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {order && (
        <div className="order-details">
          <p className="order-details__meta">
            <span className="muted">{dates.dateTime(order.created_at)}</span>
            <StatusBadge status={order.status} />
          </p>
          <section aria-label="Dealer" className="order-details__dealer">
            <h3>{order.dealer_name}</h3>
            {order.contact && <p>{order.contact}</p>}
            {order.address.map((line) => (
              <p key={line}>{line}</p>
            ))}
            {order.phone && (
              <p>
                <a href={`tel:${order.phone}`}>{order.phone}</a>
              </p>
            )}
            {order.email && (
              <p>
                <a href={`mailto:${order.email}`}>{order.email}</a>
              </p>
            )}
          </section>
          <table className="order-details__lines" aria-label="Items">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Qty</th>
                <th scope="col">Price</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line, index) => (
                // lines have no id of their own; their place is stable while the modal is open
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tr key={index}>
                  <td>
                    {line.title}
                    {line.description && <span className="order-details__description muted">{line.description}</span>}
                  </td>
                  <td>{line.quantity}</td>
                  <td>{formatCents(cents(line.price))}</td>
                  <td>{formatCents(cents(line.price) * line.quantity)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="order-details__total">
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <td>{formatCents(cents(order.total_value))}</td>
              </tr>
            </tfoot>
          </table>
          {order.notes && (
            <section aria-label="Notes" className="order-details__notes">
              <h3>Notes</h3>
              <p>{order.notes}</p>
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
